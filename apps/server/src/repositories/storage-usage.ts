import type { Db } from '../db/database.js';

/** A file about to be recorded as a project's, with its size in bytes (the users' storage quota counts them). */
export interface StoredFileRef {
  id: string;
  size: number;
}

/**
 * How many bytes a signed-in user has stored, summed in the database so that every process agrees: every
 * file of their projects (the photo, and the chart and pattern document of each kept version) and their
 * uploads and cut-outs that have not expired. A user is named by the token's subject, which is also how
 * their uploads are recorded (`user:<subject>`); with one identity provider at a time it is theirs alone.
 */
export class StorageUsageRepository {
  constructor(private readonly db: Db) {}

  async usedBytes(subject: string, now: Date): Promise<number> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('project_files')
          .innerJoin('projects', 'projects.id', 'project_files.project_id')
          .innerJoin('users', 'users.id', 'projects.user_id')
          .where('users.subject', '=', subject)
          .select((inner) => inner.fn.sum<number | string | null>('project_files.size').as('bytes'))
          .as('projects'),
        eb
          .selectFrom('transient_files')
          .where('client', '=', `user:${subject}`)
          .where('expires_at', '>', now.toISOString())
          .select((inner) => inner.fn.sum<number | string | null>('size').as('bytes'))
          .as('uploads'),
      ])
      .executeTakeFirstOrThrow();
    // PostgreSQL sums bigint as numeric, which arrives as text.
    return Number(row.projects ?? 0) + Number(row.uploads ?? 0);
  }

  /** Project files recorded before their sizes were kept (size 0), a batch at a time, to be measured. */
  unsizedFiles(limit: number): Promise<{ file_id: string }[]> {
    return this.db.selectFrom('project_files').select('file_id').distinct().where('size', '=', 0).limit(limit).execute();
  }

  /** The real size of a file recorded with an estimate (a chart image drawn after it was named), wherever it is recorded. */
  async correctSize(fileId: string, size: number): Promise<void> {
    // Together, so a claim moving the file from the one table to the other meanwhile is seen in one of them.
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('project_files').set({ size }).where('file_id', '=', fileId).execute();
      await trx.updateTable('transient_files').set({ size }).where('file_id', '=', fileId).execute();
    });
  }

  async recordSize(fileId: string, size: number): Promise<void> {
    await this.db.updateTable('project_files').set({ size }).where('file_id', '=', fileId).where('size', '=', 0).execute();
  }
}
