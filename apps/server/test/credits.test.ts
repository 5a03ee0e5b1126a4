import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { nowIso, openDatabase, type Db } from '../src/db/database.js';
import { CreditsRepository } from '../src/repositories/credits.js';
import { DATABASES, type DatabaseUnderTest } from './support/test-server.js';

describe.each(DATABASES)('atomic credit charge on $name', ({ create }) => {
  let database: DatabaseUnderTest;
  let db: Db;
  let credits: CreditsRepository;
  const day = '2026-11-22';

  beforeAll(async () => {
    database = await create();
    db = await openDatabase(loadConfig(database.environment).database);
    credits = new CreditsRepository(db);
  });
  afterAll(async () => {
    await db.destroy();
    await database.dispose();
  });

  async function newUserId(): Promise<string> {
    const id = randomUUID();
    await db
      .insertInto('users')
      .values({ id, issuer: 'test', subject: id, email: null, name: null, picture: null, created_at: nowIso(), updated_at: nowIso() })
      .execute();
    return id;
  }

  it('never spends past the limit under 20 parallel charges', async () => {
    const user = await newUserId();
    for (let i = 0; i < 9; i++) await credits.charge(user, day, 10);
    expect(await credits.used(user, day)).toBe(9);
    const results = await Promise.all(Array.from({ length: 20 }, () => credits.charge(user, day, 10)));
    expect(results.filter((r) => r !== undefined)).toEqual([10]);
    expect(await credits.used(user, day)).toBe(10);
  });

  it('counts each day apart and gives refunds back', async () => {
    const user = await newUserId();
    expect(await credits.charge(user, day, 1)).toBe(1);
    expect(await credits.charge(user, day, 1)).toBeUndefined();
    expect(await credits.charge(user, '2026-11-23', 1)).toBe(1);
    await credits.refund(user, day);
    expect(await credits.used(user, day)).toBe(0);
    await credits.refund(user, day);
    expect(await credits.used(user, day)).toBe(0);
  });
});
