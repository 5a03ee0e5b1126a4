import type { Db } from '../db/database.js';
import type { OidcPayloadsTable } from '../db/schema.js';

/** The columns of a stored oidc-provider model besides its key (model, id) and consumption time. */
export type OidcPayloadFields = Omit<OidcPayloadsTable, 'id' | 'model' | 'consumed_at'>;

export type StoredOidcPayload = Pick<OidcPayloadsTable, 'payload' | 'consumed_at' | 'expires_at'>;

/**
 * oidc-provider's models (sessions, interactions, grants, codes, refresh tokens), one row per
 * (model, id). Times are epoch seconds.
 */
export class OidcPayloadsRepository {
  constructor(private readonly db: Db) {}

  /** Stores the model, replacing what was stored under the same (model, id), and marks it unconsumed when new. */
  async upsert(model: string, id: string, fields: OidcPayloadFields): Promise<void> {
    await this.db
      .insertInto('oidc_payloads')
      .values({ id, model, consumed_at: null, ...fields })
      .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(fields))
      .execute();
  }

  find(model: string, column: 'id' | 'uid' | 'user_code', value: string): Promise<StoredOidcPayload | undefined> {
    return this.db
      .selectFrom('oidc_payloads')
      .select(['payload', 'consumed_at', 'expires_at'])
      .where('model', '=', model)
      .where(column, '=', value)
      .executeTakeFirst();
  }

  async delete(model: string, id: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('model', '=', model).where('id', '=', id).execute();
  }

  async markConsumed(model: string, id: string, consumedAt: number): Promise<void> {
    await this.db.updateTable('oidc_payloads').set({ consumed_at: consumedAt }).where('model', '=', model).where('id', '=', id).execute();
  }

  /** Deletes everything issued under the grant (of any model). */
  async deleteByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
  }

  /** Deletes the account's grants, everything issued under them, and every other row of the account, in one transaction. */
  async deleteForAccount(accountId: string): Promise<void> {
    const grants = await this.db.selectFrom('oidc_payloads').select('id').where('model', '=', 'Grant').where('account_id', '=', accountId).execute();
    await this.db.transaction().execute(async (trx) => {
      for (const { id } of grants) await trx.deleteFrom('oidc_payloads').where('grant_id', '=', id).execute();
      await trx.deleteFrom('oidc_payloads').where('account_id', '=', accountId).execute();
    });
  }

  /** Deletes rows expired at `now` (epoch seconds). */
  async deleteExpired(now: number): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('expires_at', '<=', now).execute();
  }
}
