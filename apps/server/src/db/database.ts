import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { FileStore } from '../storage/file-store.js';
import { checkPostgresSchema, checkSqliteFile } from './integrity-check.js';
import { migrateToLatest } from './migrations.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export { StartupRefused } from './integrity-check.js';

/**
 * Opens the configured database and migrates it. SQLite runs in WAL mode so readers never wait
 * for the writer, with a busy timeout so a second process sharing the file waits instead of failing.
 *
 * Given the file store, it first refuses to start (StartupRefused) when the database is missing,
 * empty or unreadable while stored files exist: a bad copy or a full disk must not silently become
 * a new empty database with new keys, every account and project gone and every file orphaned.
 * Nothing is written to the database before that check.
 */
export async function openDatabase(config: Config['database'], storedFiles?: FileStore): Promise<Db> {
  if (config.kind === 'sqlite') await checkSqliteFile(config.file, storedFiles);
  const db = new Kysely<Database>({ dialect: dialectFor(config) });
  try {
    if (config.kind === 'postgres') await checkPostgresSchema(db, config.url, storedFiles);
    await migrateToLatest(db as Kysely<unknown>, config.kind);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** The Kysely dialect of the configured database (also for tests that build a database as an older release left it). */
export function dialectFor(config: Config['database']): SqliteDialect | PostgresDialect {
  if (config.kind === 'postgres') {
    // BIGINT columns (epoch seconds) come back as numbers, not strings.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
    return new PostgresDialect({ pool: new pg.Pool({ connectionString: config.url, max: 10 }) });
  }
  mkdirSync(dirname(config.file), { recursive: true });
  const sqlite = new SqliteDatabase(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new SqliteDialect({ database: sqlite });
}

/** Now as the ISO-8601 UTC text every timestamp column holds. */
export function nowIso(): string {
  return new Date().toISOString();
}
