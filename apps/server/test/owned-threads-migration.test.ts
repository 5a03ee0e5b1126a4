import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { dialectFor, nowIso, openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrations.js';
import type { UserRow } from '../src/db/schema.js';
import { OwnedThreadsRepository } from '../src/repositories/owned-threads.js';
import { OwnedThreadsService } from '../src/services/owned-threads.js';
import { DATABASES } from './support/test-server.js';

/** The last migration of the release whose owned threads were DMC threads only, keyed (user, dmc_code). */
const BEFORE_BRANDS = '0009_chart_drawings';

const user = (id: string) => ({
  id,
  issuer: 'https://issuer.example',
  subject: id,
  email: null,
  name: null,
  picture: null,
  created_at: nowIso(),
  updated_at: nowIso(),
});

/**
 * Migration 0010: a database as the DMC-only release left it (migrated through 0009, with its owned_threads
 * rows) is migrated, and each earlier row is the same DMC thread with the same skeins, now keyed by brand.
 */
describe.each(DATABASES)('owned threads of a database from before brands, on $name', (database) => {
  it('become DMC threads with their skeins, keyed by user, brand and code', async () => {
    const underTest = await database.create();
    const config = loadConfig({ LOG_LEVEL: 'silent', ...underTest.environment });
    const old = new Kysely<unknown>({ dialect: dialectFor(config.database) });
    try {
      await migrateToLatest(old, config.database.kind, BEFORE_BRANDS);
      await old
        .insertInto('users' as never)
        .values([user('ann'), user('ben')] as never)
        .execute();
      // The rows as that release wrote them: DMC codes as the catalogue spells them.
      await sql`insert into owned_threads (user_id, dmc_code, skeins) values
        ('ann', '310', 2), ('ann', 'Blanc', 0), ('ann', '01', 7), ('ben', '310', 1)`.execute(old);
    } finally {
      await old.destroy();
    }

    // Opening the database, as the server does at start, migrates it.
    const db = await openDatabase(config.database);
    try {
      const rows = await db.selectFrom('owned_threads').selectAll().orderBy('user_id').orderBy('code').execute();
      expect(rows).toEqual([
        { user_id: 'ann', brand: 'dmc', code: '01', skeins: 7 },
        { user_id: 'ann', brand: 'dmc', code: '310', skeins: 2 },
        { user_id: 'ann', brand: 'dmc', code: 'Blanc', skeins: 0 },
        { user_id: 'ben', brand: 'dmc', code: '310', skeins: 1 },
      ]);
      // As the API shows them.
      const service = new OwnedThreadsService(new OwnedThreadsRepository(db));
      expect(await service.list({ id: 'ann' } as UserRow)).toEqual([
        { brand: 'dmc', code: '01', name: 'White Tin', skeins: 7 },
        { brand: 'dmc', code: '310', name: 'Black', skeins: 2 },
        { brand: 'dmc', code: 'Blanc', name: 'White', skeins: 0 },
      ]);

      // The key is (user, brand, code): Anchor 310 is another thread than DMC 310; DMC 310 twice is refused.
      await db.insertInto('owned_threads').values({ user_id: 'ann', brand: 'anchor', code: '310', skeins: 4 }).execute();
      await expect(db.insertInto('owned_threads').values({ user_id: 'ann', brand: 'dmc', code: '310', skeins: 4 }).execute()).rejects.toThrow();
      // Rows still go with their user.
      await db.deleteFrom('users').where('id', '=', 'ben').execute();
      expect(await db.selectFrom('owned_threads').select('user_id').where('user_id', '=', 'ben').execute()).toEqual([]);
    } finally {
      await db.destroy();
      await underTest.dispose();
    }
  });
});
