import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database.js';

const epochSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, refresh tokens) in the database,
 * so that every server process sees the same state and nothing is lost on restart.
 */
export class DatabaseOidcAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const row = {
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      uid: payload.uid ?? null,
      user_code: payload.userCode ?? null,
      account_id: payload.accountId ?? null,
      expires_at: expiresIn ? epochSeconds() + expiresIn : null,
    };
    await this.db
      .insertInto('oidc_payloads')
      .values({ id, model: this.model, consumed_at: null, ...row })
      .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(row))
      .execute();
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code', userCode);
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('model', '=', this.model).where('id', '=', id).execute();
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidc_payloads')
      .set({ consumed_at: epochSeconds() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
  }

  private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('oidc_payloads')
      .select(['payload', 'consumed_at', 'expires_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .executeTakeFirst();
    if (!row || (row.expires_at !== null && row.expires_at <= epochSeconds())) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    return row.consumed_at ? { ...payload, consumed: row.consumed_at } : payload;
  }
}

/** Ends every built-in-provider session and grant of an account (sign-out everywhere). */
export async function endAccountSessions(db: Db, accountId: string): Promise<void> {
  const grants = await db
    .selectFrom('oidc_payloads')
    .select('id')
    .where('model', '=', 'Grant')
    .where('account_id', '=', accountId)
    .execute();
  await db.transaction().execute(async (trx) => {
    for (const { id } of grants) await trx.deleteFrom('oidc_payloads').where('grant_id', '=', id).execute();
    await trx.deleteFrom('oidc_payloads').where('account_id', '=', accountId).execute();
  });
}

/** Deletes expired rows; called now and then, because nothing else reads them again. */
export async function purgeExpiredOidcPayloads(db: Db): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('expires_at', '<=', epochSeconds()).execute();
}
