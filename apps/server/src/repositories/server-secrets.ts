import type { Db } from '../db/database.js';
import { nowIso } from '../db/database.js';

/** Secrets the server generates for itself (signing keys, cookie keys), shared by every process. */
export class ServerSecretsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Returns the named secret, creating it on first use. Several processes may start together:
   * the insert ignores a conflict and everyone then reads the one row that won.
   */
  async findOrCreate(name: string, create: () => Promise<string>): Promise<string> {
    const existing = await this.db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
    if (existing) return existing.value;
    await this.db
      .insertInto('server_secrets')
      .values({ name, value: await create(), created_at: nowIso() })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const stored = await this.db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    return stored.value;
  }
}
