// A copy of the SQLite database, taken while the server runs (SQLite's online backup), read from
// the same settings as the server (DATA_DIR, DATABASE_URL).
//   npm run backup                    writes DATA_DIR/backups/stitchwise-<UTC time>.sqlite
//   npm run backup -- <target file>   writes that file (never over an existing one)
// Copy the files folder (DATA_DIR/files) after it. With PostgreSQL, use pg_dump instead.
// README 'Back up and restore' says how to restore.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { ConfigError, loadConfig } from '../apps/server/src/config.js';

class BackupRefused extends Error {}

async function backup(argv: readonly string[]): Promise<void> {
  if (argv.length > 1 || argv[0]?.startsWith('-')) {
    throw new BackupRefused('Usage: npm run backup [-- <target file>]');
  }
  const config = loadConfig();
  const filesFolder = join(config.dataDir, 'files');
  if (config.database.kind === 'postgres') {
    throw new BackupRefused(
      'The database is PostgreSQL (DATABASE_URL): back it up with pg_dump, e.g.\n' +
        '  pg_dump --format=custom --file=stitchwise.dump "$DATABASE_URL"\n' +
        `(restore with pg_restore), then copy the files folder ${filesFolder}. See README 'Back up and restore'.`,
    );
  }

  const source = config.database.file;
  const target = resolve(argv[0] ?? join(config.dataDir, 'backups', `stitchwise-${utcTimestamp()}.sqlite`));
  if (!existsSync(source) || statSync(source).size === 0) {
    throw new BackupRefused(`Nothing to back up: the database at ${source} is missing or empty.`);
  }
  if (existsSync(target)) throw new BackupRefused(`${target} already exists; name another file.`);

  const database = openReadable(source);
  try {
    mkdirSync(dirname(target), { recursive: true });
    await database.backup(target);
  } finally {
    database.close();
  }
  // One self-contained file (no -wal or -shm beside it), checked before it is trusted.
  const copy = new SqliteDatabase(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupRefused(`The copy at ${target} failed its check (${String(check)}); do not rely on it.`);
  } finally {
    copy.close();
  }

  console.log(
    `Backed up ${source}\n       to ${target}\n` +
      `Now copy the files folder ${filesFolder} as well (after the database, so that every file it names is in the copy).`,
  );
}

/** The database, opened read-only; refused when it is not a readable Stitchwise database. */
function openReadable(file: string): SqliteDatabase.Database {
  const database = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const tables = database.prepare("select count(*) from sqlite_master where type = 'table'").pluck().get() as number;
    if (tables === 0) throw new BackupRefused(`Nothing to back up: the database at ${file} has no tables.`);
    return database;
  } catch (error) {
    database.close();
    if (error instanceof BackupRefused) throw error;
    throw new BackupRefused(`The database at ${file} cannot be read (${(error as Error).message}): it may be damaged or not a database.`);
  }
}

/** `2025-03-14T09-26-53Z`: sorts by time, and is a valid file name everywhere. */
function utcTimestamp(): string {
  return new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

backup(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof BackupRefused || error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
