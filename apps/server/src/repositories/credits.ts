import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Daily usage counters. `charge` is one statement, an upsert whose update only happens below the
 * limit, so concurrent requests (threads, processes, or PostgreSQL connections) can never spend more
 * than the limit: the database serialises the row, not the application.
 */
export class CreditsRepository {
  constructor(private readonly db: Db) {}

  /** Spends one credit; returns the count used afterwards, or undefined when the limit was already reached. */
  async charge(userId: string, day: string, limit: number): Promise<number | undefined> {
    if (limit < 1) return undefined;
    const row = await this.db
      .insertInto('credit_usage')
      .values({ user_id: userId, day, used: 1 })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'day'])
          .doUpdateSet({ used: sql<number>`credit_usage.used + 1` })
          .where('credit_usage.used', '<', limit),
      )
      .returning('used')
      .executeTakeFirst();
    return row?.used;
  }

  /** Gives back a credit spent on work that then failed. */
  async refund(userId: string, day: string): Promise<void> {
    await this.db
      .updateTable('credit_usage')
      .set({ used: sql<number>`used - 1` })
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .where('used', '>', 0)
      .execute();
  }

  async used(userId: string, day: string): Promise<number> {
    const row = await this.db.selectFrom('credit_usage').select('used').where('user_id', '=', userId).where('day', '=', day).executeTakeFirst();
    return row?.used ?? 0;
  }
}
