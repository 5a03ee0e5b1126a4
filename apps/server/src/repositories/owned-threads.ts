import type { Db } from '../db/database.js';

export interface OwnedThreadRow {
  dmc_code: string;
  skeins: number;
}

/** The threads each user owns. Every query names the user: a list is only ever its owner's. */
export class OwnedThreadsRepository {
  constructor(private readonly db: Db) {}

  list(userId: string): Promise<OwnedThreadRow[]> {
    return this.db.selectFrom('owned_threads').select(['dmc_code', 'skeins']).where('user_id', '=', userId).execute();
  }

  /** Skeins on hand by DMC code, for the shopping list and generation from owned threads. */
  async skeinsByCode(userId: string): Promise<Map<string, number>> {
    return new Map((await this.list(userId)).map(({ dmc_code, skeins }) => [dmc_code, skeins]));
  }

  /**
   * Replaces the user's whole list in one transaction: readers see the old list or the new one, never a
   * mix. Two replacements at once (two tabs) end as one of them, not their union: each first locks the
   * user's row with a no-op update (PostgreSQL makes the second wait; SQLite runs one writer at a time),
   * so the second deletes what the first inserted instead of failing on the same codes.
   */
  async replace(userId: string, threads: readonly OwnedThreadRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', userId)
        .execute();
      await trx.deleteFrom('owned_threads').where('user_id', '=', userId).execute();
      if (threads.length === 0) return;
      await trx
        .insertInto('owned_threads')
        .values(threads.map(({ dmc_code, skeins }) => ({ user_id: userId, dmc_code, skeins })))
        .execute();
    });
  }
}
