import { isThreadBrand, threadKey, type ThreadBrand } from '@stitchwise/core';
import type { Db } from '../db/database.js';

export interface OwnedThreadRow {
  brand: ThreadBrand;
  /** As the brand's catalogue spells it. */
  code: string;
  skeins: number;
}

/** The threads each user owns. Every query names the user: a list is only ever its owner's. */
export class OwnedThreadsRepository {
  constructor(private readonly db: Db) {}

  async list(userId: string): Promise<OwnedThreadRow[]> {
    const rows = await this.db.selectFrom('owned_threads').select(['brand', 'code', 'skeins']).where('user_id', '=', userId).execute();
    // Only the contract's brands are ever written; a row of another would be nobody's thread.
    return rows.filter((row): row is OwnedThreadRow => isThreadBrand(row.brand));
  }

  /** Skeins on hand by thread key (`anchor:403`), for the shopping list and generation from owned threads. */
  async skeinsByThread(userId: string): Promise<Map<string, number>> {
    return new Map((await this.list(userId)).map((row) => [threadKey(row), row.skeins]));
  }

  /**
   * Replaces the user's whole list in one transaction: readers see the old list or the new one, never a
   * mix. Two replacements at once (two tabs) end as one of them, not their union: each first locks the
   * user's row with a no-op update (PostgreSQL makes the second wait; SQLite runs one writer at a time),
   * so the second deletes what the first inserted instead of failing on the same threads.
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
        .values(threads.map(({ brand, code, skeins }) => ({ user_id: userId, brand, code, skeins })))
        .execute();
    });
  }
}
