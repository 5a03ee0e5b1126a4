import { statSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import type { FileStore } from '../storage/file-store.js';
import type { Db } from './database.js';

/*
 * Checks made before the database is opened for writing: a database that is missing, empty or
 * unreadable while stored files exist is a bad copy or a full disk, never a new install.
 */

/** Start-up stopped on purpose, with a message for the operator (printed as it is, without a stack). */
export class StartupRefused extends Error {
  override readonly name = 'StartupRefused';
}

const RESTORE_HINT = "Restore it from a backup (see README 'Back up and restore')";

/** The SQLite file as found before opening it for writing: read-only, so a refusal leaves it as it was. */
export async function checkSqliteFile(file: string, storedFiles: FileStore | undefined): Promise<void> {
  let size: number | undefined;
  try {
    size = statSync(file).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (size === undefined) {
    return refuseIfFilesExist(
      storedFiles,
      `There is no database at ${file}`,
      'DATA_DIR or DATABASE_URL may point to the wrong place, or the database was lost',
    );
  }
  if (size === 0) {
    // An empty file and no stored files is a new install: it is initialised.
    return refuseIfFilesExist(storedFiles, `The database at ${file} is empty`, 'it may be a bad copy or the disk was full');
  }

  let state: 'fresh' | 'in use';
  try {
    const probe = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    try {
      const tables = probe.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[];
      const migrated =
        tables.includes(DEFAULT_MIGRATION_TABLE) && (probe.prepare(`select count(*) from "${DEFAULT_MIGRATION_TABLE}"`).pluck().get() as number) > 0;
      state = migrated ? 'in use' : 'fresh';
    } finally {
      probe.close();
    }
  } catch (error) {
    const count = storedFiles ? await countStoredFiles(storedFiles) : 0;
    const files = count > 0 ? `, and ${storedFilesPhrase(count)} in ${storedFiles!.location} depend${count === 1 ? 's' : ''} on it` : '';
    throw new StartupRefused(
      `The database at ${file} cannot be read (${(error as Error).message})${files}: it may be a bad copy, damaged, or not a Stitchwise database. ` +
        `${RESTORE_HINT}, or move it away to start afresh${count > 0 ? ' (and the files folder with it)' : ''}. Nothing was changed.`,
    );
  }
  if (state === 'fresh') {
    await refuseIfFilesExist(storedFiles, `The database at ${file} has no Stitchwise tables`, 'it may be a bad copy or the wrong file');
  }
}

/** PostgreSQL: a schema where no migration has run yet is new, which is only right when no files were stored. */
export async function checkPostgresSchema(db: Db, url: string, storedFiles: FileStore | undefined): Promise<void> {
  if (!storedFiles) return;
  // Where migrateToLatest keeps its table (see migrations.ts).
  const { rows } = await sql<{ schema: string; found: boolean }>`
    select current_schema() as schema,
      exists (select 1 from information_schema.tables where table_schema = current_schema() and table_name = ${DEFAULT_MIGRATION_TABLE}) as found`.execute(db);
  const { schema, found } = rows[0]!;
  const applied = found
    ? (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(`${schema}.${DEFAULT_MIGRATION_TABLE}`)}`.execute(db)).rows[0]!.n
    : 0;
  if (Number(applied) === 0) {
    await refuseIfFilesExist(
      storedFiles,
      `The PostgreSQL database at ${describePostgres(url)} has no Stitchwise tables yet`,
      'DATABASE_URL may name the wrong database or schema, or it was not restored',
    );
  }
}

async function refuseIfFilesExist(storedFiles: FileStore | undefined, what: string, why: string): Promise<void> {
  const count = storedFiles ? await countStoredFiles(storedFiles) : 0;
  if (count === 0) return;
  throw new StartupRefused(
    `${what}, but ${storedFilesPhrase(count)} ${count === 1 ? 'exists' : 'exist'} in ${storedFiles!.location}: ${why}. ` +
      `${RESTORE_HINT}, or move the files folder away to start afresh. Nothing was changed.`,
  );
}

async function countStoredFiles(storedFiles: FileStore): Promise<number> {
  let count = 0;
  for await (const entry of storedFiles.list()) if (entry.kind === 'file') count += 1;
  return count;
}

const storedFilesPhrase = (count: number): string => `${count} stored ${count === 1 ? 'file' : 'files'}`;

/** Host, port and database name, never the password. */
function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}
