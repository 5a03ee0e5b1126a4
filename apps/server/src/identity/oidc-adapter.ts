import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { OidcPayloadsRepository } from '../repositories/oidc-payloads.js';

const epochSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, refresh tokens) in the database,
 * so that every server process sees the same state and nothing is lost on restart.
 */
export class DatabaseOidcAdapter implements Adapter {
  constructor(
    private readonly payloads: OidcPayloadsRepository,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    await this.payloads.upsert(this.model, id, {
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      uid: payload.uid ?? null,
      user_code: payload.userCode ?? null,
      account_id: payload.accountId ?? null,
      expires_at: expiresIn ? epochSeconds() + expiresIn : null,
    });
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
    await this.payloads.delete(this.model, id);
  }

  async consume(id: string): Promise<void> {
    await this.payloads.markConsumed(this.model, id, epochSeconds());
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.payloads.deleteByGrantId(grantId);
  }

  private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    const row = await this.payloads.find(this.model, column, value);
    if (!row || (row.expires_at !== null && row.expires_at <= epochSeconds())) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    return row.consumed_at ? { ...payload, consumed: row.consumed_at } : payload;
  }
}

/** Ends every built-in-provider session and grant of an account (sign-out everywhere). */
export async function endAccountSessions(payloads: OidcPayloadsRepository, accountId: string): Promise<void> {
  await payloads.deleteForAccount(accountId);
}

/** Deletes expired rows; called now and then, because nothing else reads them again. */
export async function purgeExpiredOidcPayloads(payloads: OidcPayloadsRepository): Promise<void> {
  await payloads.deleteExpired(epochSeconds());
}
