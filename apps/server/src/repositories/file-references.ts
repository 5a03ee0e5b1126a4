import type { NotNull } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * A stored file's id wherever it appears in a column: alone, in a JSON document or at the end of a
 * URL. Loose on purpose: text that merely looks like an id keeps a file that does not exist, which costs nothing.
 */
const FILE_ID_IN_TEXT = /[A-Za-z0-9_-]{32}\.(?:png|jpg|gif|webp|bmp|json|pdf)/g;

/**
 * Every stored file that some row points at. A new column or table that names files must be added
 * here, or the leftover sweep would take its files for leftovers.
 */
export class FileReferences {
  constructor(private readonly db: Db) {}

  /**
   * The ids of all referenced files. One statement, so one consistent snapshot on SQLite and
   * PostgreSQL alike: a file moving from one table to another in a transaction is seen in one of them.
   */
  async all(): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('transient_files')
      .select('file_id as ref')
      .unionAll((db) => db.selectFrom('project_files').select('file_id as ref'))
      // The outputs document (input image, chart, pattern) repeats project_files today; read anyway, so a
      // project written without its project_files rows never loses its files.
      .unionAll((db) => db.selectFrom('projects').select('outputs as ref'))
      // Saved versions of charts: the files of the versions a project's outputs no longer name.
      .unionAll((db) => db.selectFrom('pattern_versions').select('pattern_file as ref'))
      .unionAll((db) => db.selectFrom('pattern_versions').select('chart_file as ref').where('chart_file', 'is not', null).$narrowType<{ ref: NotNull }>())
      // Pictures are usually the identity provider's URLs; a stored one would be named here.
      .unionAll((db) => db.selectFrom('users').select('picture as ref').where('picture', 'is not', null).$narrowType<{ ref: NotNull }>())
      .execute();
    const ids = new Set<string>();
    for (const { ref } of rows) {
      for (const match of ref.matchAll(FILE_ID_IN_TEXT)) ids.add(match[0]);
    }
    return ids;
  }
}
