import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';

export type UserProfileChanges = Partial<Pick<UserRow, 'email' | 'name' | 'picture'>>;

/** The API's users, one row per (issuer, subject) of the identity provider. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  findBySubject(issuer: string, subject: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('issuer', '=', issuer).where('subject', '=', subject).executeTakeFirst();
  }

  /** Adds the user unless a row for the same (issuer, subject) exists already, e.g. inserted by a concurrent request. */
  async insertIfAbsent(user: UserRow): Promise<void> {
    await this.db
      .insertInto('users')
      .values(user)
      .onConflict((conflict) => conflict.columns(['issuer', 'subject']).doNothing())
      .execute();
  }

  async update(id: string, changes: UserProfileChanges, updatedAt: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...changes, updated_at: updatedAt })
      .where('id', '=', id)
      .execute();
  }
}
