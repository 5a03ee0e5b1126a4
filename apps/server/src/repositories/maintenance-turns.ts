import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Turns at periodic housekeeping, shared by every process on one database: a task's turn is taken by
 * one atomic write, so with N processes a period's sweep runs once, not N times.
 */
export class MaintenanceTurns {
  constructor(private readonly db: Kysely<Database>) {}

  /** True when this process may run `task` now: nobody started it within the last `periodMs`. */
  async claim(task: string, periodMs: number, now = new Date()): Promise<boolean> {
    const cutoff = new Date(now.getTime() - periodMs).toISOString();
    const result = await this.db
      .insertInto('maintenance_turns')
      .values({ task, started_at: now.toISOString() })
      .onConflict((conflict) => conflict.column('task').doUpdateSet({ started_at: now.toISOString() }).where('maintenance_turns.started_at', '<=', cutoff))
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
