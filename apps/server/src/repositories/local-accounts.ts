import type { Db } from '../db/database.js';
import type { LocalAccountRow } from '../db/schema.js';

/** Accounts of the built-in identity provider, and the recent wrong passwords per e-mail address. */
export class LocalAccountsRepository {
  constructor(private readonly db: Db) {}

  /** Adds the account; false when the address is taken. The unique index decides between two sign-ups racing for one address. */
  async insertIfEmailFree(account: LocalAccountRow): Promise<boolean> {
    const inserted = await this.db
      .insertInto('local_accounts')
      .values(account)
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  findByEmail(email: string): Promise<LocalAccountRow | undefined> {
    return this.db.selectFrom('local_accounts').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findById(id: string): Promise<LocalAccountRow | undefined> {
    return this.db.selectFrom('local_accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Wrong passwords for the address after `since` (ISO-8601). */
  async countFailuresSince(email: string, since: string): Promise<number> {
    const { failures } = await this.db
      .selectFrom('sign_in_failures')
      .select((eb) => eb.fn.countAll<number | string>().as('failures'))
      .where('email', '=', email)
      .where('failed_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(failures);
  }

  async recordFailure(email: string, failedAt: string): Promise<void> {
    await this.db.insertInto('sign_in_failures').values({ email, failed_at: failedAt }).execute();
  }

  async clearFailures(email: string): Promise<void> {
    await this.db.deleteFrom('sign_in_failures').where('email', '=', email).execute();
  }

  /** Forgets wrong passwords, of every address, from before `before` (ISO-8601). */
  async deleteFailuresBefore(before: string): Promise<void> {
    await this.db.deleteFrom('sign_in_failures').where('failed_at', '<', before).execute();
  }
}
