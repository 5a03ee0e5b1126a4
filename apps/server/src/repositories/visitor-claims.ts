import type { Db } from '../db/database.js';
import { projectColumns, type NewStoredProject } from './stored-project.js';

/** Rolls the claim's transaction back when its files are no longer a visitor's to give. */
class AlreadyTaken extends Error {}

/** Visitors' results becoming projects. */
export class VisitorClaimsRepository {
  constructor(private readonly db: Db) {}

  /** Bytes of the visitor's unexpired files among `fileIds`: what a claim would add to the user's storage. */
  async unexpiredBytes(fileIds: readonly string[], now: Date): Promise<number> {
    const row = await this.db
      .selectFrom('transient_files')
      .where('file_id', 'in', fileIds)
      .where('expires_at', '>', now.toISOString())
      .select((eb) => eb.fn.sum<number | string | null>('size').as('bytes'))
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  /**
   * Gives a visitor's unexpired files to a new project, once: in one transaction the files stop being
   * temporary and the project that holds them is created. False when any of them is gone (claimed
   * already, or expired and swept), and then nothing changes.
   */
  async claim(project: NewStoredProject, fileIds: readonly string[], now: Date): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        const taken = await trx
          .deleteFrom('transient_files')
          .where('file_id', 'in', fileIds)
          .where('expires_at', '>', now.toISOString())
          .returning(['file_id', 'size'])
          .execute();
        if (taken.length !== fileIds.length) throw new AlreadyTaken();
        await trx.insertInto('projects').values(projectColumns(project)).execute();
        await trx
          .insertInto('project_files')
          .values(taken.map(({ file_id, size }) => ({ project_id: project.id, file_id, size })))
          .execute();
      });
      return true;
    } catch (error) {
      if (error instanceof AlreadyTaken) return false;
      throw error;
    }
  }
}
