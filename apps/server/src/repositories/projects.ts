import type { ProjectListQuery } from '../contract/projects.js';
import type { Db } from '../db/database.js';
import type { ProjectRow } from '../db/schema.js';
import type { ProgressState } from './progress.js';
import type { StoredFileRef } from './storage-usage.js';
import { projectColumns, storedProjectOf, type NewStoredProject, type StoredProject } from './stored-project.js';

export type ProjectChanges = Partial<Pick<ProjectRow, 'name' | 'description' | 'status'>>;

/**
 * Projects in the database, given and taken as typed stored projects (the JSON columns are this layer's:
 * stored-project.ts). Every read and write names the owner, so a query can never reach another user's
 * project: authorisation lives in the WHERE clause, not in a check that could be forgotten.
 */
export class ProjectsRepository {
  constructor(private readonly db: Db) {}

  /** A new project with its files and, when its chart is known, the chart's (version 1's) stitching progress row. */
  async insert(project: NewStoredProject, files: readonly StoredFileRef[], progress?: ProgressState): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('projects').values(projectColumns(project)).execute();
      if (files.length > 0) {
        await trx
          .insertInto('project_files')
          .values(files.map(({ id, size }) => ({ project_id: project.id, file_id: id, size })))
          .execute();
      }
      if (progress) {
        await trx
          .insertInto('stitching_progress')
          .values({ ...progress, project_id: project.id, version: 1 })
          .execute();
      }
    });
  }

  async findOwned(id: string, userId: string): Promise<StoredProject | undefined> {
    const row = await this.db.selectFrom('projects').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return row && storedProjectOf(row);
  }

  /** Which of `names` the user's projects already carry (exactly as written). */
  async takenNames(userId: string, names: readonly string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const rows = await this.db.selectFrom('projects').select('name').where('user_id', '=', userId).where('name', 'in', names).execute();
    return new Set(rows.map((row) => row.name));
  }

  async listOwned(userId: string, query: ProjectListQuery): Promise<{ projects: StoredProject[]; total: number }> {
    let filtered = this.db.selectFrom('projects').where('user_id', '=', userId);
    if (query.status) filtered = filtered.where('status', '=', query.status);
    const [rows, count] = await Promise.all([
      filtered.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute(),
      filtered.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { projects: rows.map(storedProjectOf), total: Number(count.total) };
  }

  async updateOwned(id: string, userId: string, changes: ProjectChanges, updatedAt: string): Promise<StoredProject | undefined> {
    const result = await this.db
      .updateTable('projects')
      .set({ ...changes, updated_at: updatedAt })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? this.findOwned(id, userId) : undefined;
  }

  /**
   * Deletes the project with its chart's saved versions and returns the ids of all their files, or
   * undefined when the user has no such project.
   */
  async deleteOwned(id: string, userId: string): Promise<string[] | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const owned = await trx.selectFrom('projects').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      if (!owned) return undefined;
      // Versions before the project row, in the order a save takes its locks (PostgreSQL: no deadlock with one).
      const versions = await trx.selectFrom('pattern_versions').select(['pattern_file', 'chart_file']).where('project_id', '=', id).execute();
      await trx.deleteFrom('pattern_versions').where('project_id', '=', id).execute();
      const files = await trx.selectFrom('project_files').select('file_id').where('project_id', '=', id).execute();
      await trx.deleteFrom('project_files').where('project_id', '=', id).execute();
      await trx.deleteFrom('projects').where('id', '=', id).execute();
      const ids = [...files.map((file) => file.file_id), ...versions.flatMap((version) => [version.pattern_file, version.chart_file])];
      // The original version's files are the project's own files too.
      return [...new Set(ids.filter((fileId): fileId is string => fileId !== null))];
    });
  }
}
