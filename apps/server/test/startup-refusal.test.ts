import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { StartupRefused } from '../src/db/database.js';
import { encodePng, multipartBody } from './support/images.js';
import { POSTGRES_URL, postgresUnderTest, type DatabaseUnderTest } from './support/test-server.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function dataFolder(): Promise<{ dataDir: string; databaseFile: string; filesFolder: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'stitchwise-refusal-'));
  folders.push(dataDir);
  return { dataDir, databaseFile: join(dataDir, 'stitchwise.sqlite'), filesFolder: join(dataDir, 'files') };
}

/** Files as LocalFileStore keeps them: `<first two characters>/<id>`. */
async function storeFiles(filesFolder: string, count: number): Promise<string[]> {
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `${randomBytes(24).toString('base64url')}.png`;
    await mkdir(join(filesFolder, id.slice(0, 2)), { recursive: true });
    const path = join(filesFolder, id.slice(0, 2), id);
    await writeFile(path, `file ${i}`);
    paths.push(path);
  }
  return paths;
}

const configFor = (environment: NodeJS.ProcessEnv) => loadConfig({ LOG_LEVEL: 'silent', ...environment });

/** Starts and stops the app; the error it was refused with, or undefined when it started. */
async function startOnce(environment: NodeJS.ProcessEnv): Promise<Error | undefined> {
  try {
    const app = await buildApp(configFor(environment));
    await app.ready();
    await app.close();
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

describe('start-up on SQLite when the database is lost but stored files remain', () => {
  it('refuses a zero-length database file while files exist, writing nothing and deleting nothing', async () => {
    const { dataDir, databaseFile, filesFolder } = await dataFolder();
    await writeFile(databaseFile, '');
    const stored = await storeFiles(filesFolder, 3);

    const refused = await startOnce({ DATA_DIR: dataDir });

    expect(refused).toBeInstanceOf(StartupRefused);
    expect(refused!.message).toBe(
      `The database at ${databaseFile} is empty, but 3 stored files exist in ${filesFolder}: it may be a bad copy or the disk was full. ` +
        "Restore it from a backup (see README 'Back up and restore'), or move the files folder away to start afresh. Nothing was changed.",
    );
    expect(statSync(databaseFile).size).toBe(0);
    expect(readdirSync(dataDir).sort()).toEqual(['files', 'stitchwise.sqlite']); // no -wal, no -shm
    expect(stored.map((path) => readFileSync(path, 'utf8'))).toEqual(['file 0', 'file 1', 'file 2']);
  });

  it('refuses a file of garbage bytes, with or without stored files, leaving it as it was', async () => {
    const { dataDir, databaseFile, filesFolder } = await dataFolder();
    const garbage = randomBytes(8192);
    await writeFile(databaseFile, garbage);

    const alone = await startOnce({ DATA_DIR: dataDir });
    expect(alone).toBeInstanceOf(StartupRefused);
    expect(alone!.message).toContain(`The database at ${databaseFile} cannot be read (file is not a database)`);

    const stored = await storeFiles(filesFolder, 1);
    const withFiles = await startOnce({ DATA_DIR: dataDir });
    expect(withFiles).toBeInstanceOf(StartupRefused);
    expect(withFiles!.message).toContain(`1 stored file in ${filesFolder} depends on it`);
    expect(withFiles!.message).toContain("Restore it from a backup (see README 'Back up and restore')");

    expect(readFileSync(databaseFile).equals(garbage)).toBe(true);
    expect(existsSync(stored[0]!)).toBe(true);
  });

  it('refuses a database with no tables, or none at all, while files exist', async () => {
    const { dataDir, databaseFile, filesFolder } = await dataFolder();
    await storeFiles(filesFolder, 2);

    const missing = await startOnce({ DATA_DIR: dataDir });
    expect(missing).toBeInstanceOf(StartupRefused);
    expect(missing!.message).toMatch(new RegExp(`^There is no database at ${databaseFile}, but 2 stored files exist in ${filesFolder}`));
    expect(existsSync(databaseFile)).toBe(false);

    const blank = new SqliteDatabase(databaseFile);
    blank.pragma('user_version = 1'); // a valid SQLite file, without a single table
    blank.close();
    const before = readFileSync(databaseFile);
    const noTables = await startOnce({ DATA_DIR: dataDir });
    expect(noTables).toBeInstanceOf(StartupRefused);
    expect(noTables!.message).toContain(`The database at ${databaseFile} has no Stitchwise tables, but 2 stored files exist`);
    expect(readFileSync(databaseFile).equals(before)).toBe(true);
  });

  it('starts a fresh install: an empty data folder, or a zero-length file and no stored files', async () => {
    const fresh = await dataFolder();
    expect(await startOnce({ DATA_DIR: fresh.dataDir })).toBeUndefined();
    expect(statSync(fresh.databaseFile).size).toBeGreaterThan(0);

    const zeroLength = await dataFolder();
    await writeFile(zeroLength.databaseFile, '');
    expect(await startOnce({ DATA_DIR: zeroLength.dataDir })).toBeUndefined();
    expect(statSync(zeroLength.databaseFile).size).toBeGreaterThan(0);
  });

  it('starts again as usual once files are stored with the database', async () => {
    const { dataDir, filesFolder } = await dataFolder();
    const app = await buildApp(configFor({ DATA_DIR: dataDir }));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const upload = await fetch(`${address}/api/images/upload`, {
      method: 'POST',
      body: multipartBody({}, { field: 'image_file', filename: 'a.png', contentType: 'image/png', bytes: encodePng(4, 4, () => [1, 2, 3]) }),
    });
    expect(upload.status, await upload.text()).toBe(201);
    await app.close();
    expect(readdirSync(filesFolder).length).toBe(1);
    expect(await startOnce({ DATA_DIR: dataDir })).toBeUndefined();
  });

  it('is printed plainly by the server process, which exits with 1', async () => {
    const { dataDir, databaseFile, filesFolder } = await dataFolder();
    await writeFile(databaseFile, '');
    await storeFiles(filesFolder, 2);
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--conditions=stitchwise-source', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`The database at ${databaseFile} is empty, but 2 stored files exist in ${filesFolder}`);
    expect(run.stderr).not.toMatch(/^\s+at /m); // a message, not a stack trace
    expect(statSync(databaseFile).size).toBe(0);
  }, 60_000);
});

describe.skipIf(!POSTGRES_URL)('start-up on PostgreSQL when the schema is new but stored files remain', () => {
  let database: DatabaseUnderTest | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  async function tablesIn(environment: NodeJS.ProcessEnv): Promise<number> {
    const client = new pg.Client({ connectionString: environment.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>('select count(*) as n from information_schema.tables where table_schema = current_schema()');
      return Number(rows[0]!.n);
    } finally {
      await client.end();
    }
  }

  it('refuses to create tables over stored files, and starts once they are moved away', async () => {
    database = await postgresUnderTest();
    const filesFolder = join(database.environment.DATA_DIR!, 'files');
    await storeFiles(filesFolder, 2);

    const refused = await startOnce(database.environment);
    expect(refused).toBeInstanceOf(StartupRefused);
    const url = new URL(POSTGRES_URL!);
    expect(refused!.message).toContain(
      `The PostgreSQL database at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname} has no Stitchwise tables yet, but 2 stored files exist in ${filesFolder}`,
    );
    expect(refused!.message).toContain("see README 'Back up and restore'");
    expect(await tablesIn(database.environment)).toBe(0);

    await rm(filesFolder, { recursive: true });
    expect(await startOnce(database.environment)).toBeUndefined();
    expect(await tablesIn(database.environment)).toBeGreaterThan(0);
    await storeFiles(filesFolder, 1);
    expect(await startOnce(database.environment)).toBeUndefined();
  });
});
