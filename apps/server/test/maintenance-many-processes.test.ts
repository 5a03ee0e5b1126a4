import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/database.js';
import { MaintenanceTurns } from '../src/repositories/maintenance-turns.js';
import { TransientFiles } from '../src/repositories/transient-files.js';
import { S3FileStore } from '../src/storage/s3-file-store.js';
import type { FileStore } from '../src/storage/file-store.js';
import { startS3, type S3UnderTest } from './support/s3-server.js';
import { DATABASES, type DatabaseUnderTest } from './support/test-server.js';

const DAY = 24 * 60 * 60 * 1000;

/** Counts the deletions a store is asked for, and fails any asked twice. */
function countingDeletes(store: FileStore): { store: FileStore; deleted: string[] } {
  const deleted: string[] = [];
  return {
    deleted,
    store: Object.assign(Object.create(store) as FileStore, {
      delete: async (id: string) => {
        deleted.push(id);
        await store.delete(id);
      },
    }),
  };
}

/** Housekeeping run by several processes on one database and one bucket: each piece of work done once. */
describe.each(DATABASES)('maintenance with several processes on $name', ({ create }) => {
  let database: DatabaseUnderTest;
  let s3: S3UnderTest;
  let databases: Db[];

  beforeAll(async () => {
    database = await create();
    s3 = await startS3();
    const config = loadConfig(database.environment).database;
    databases = [await openDatabase(config), await openDatabase(config), await openDatabase(config)];
  });
  afterAll(async () => {
    for (const db of databases) await db.destroy();
    await s3.stop();
    await database.dispose();
  });

  it('gives a periodic task to one of three processes asking at once, and again once its period has passed', async () => {
    const turns = databases.map((db) => new MaintenanceTurns(db));
    const now = new Date();
    const first = await Promise.all(turns.map((t) => t.claim('sweep', 60_000, now)));
    expect(first.filter(Boolean)).toHaveLength(1);
    const soon = await Promise.all(turns.map((t) => t.claim('sweep', 60_000, new Date(now.getTime() + 30_000))));
    expect(soon.filter(Boolean)).toHaveLength(0);
    expect(await turns[0]!.claim('another task', 60_000, now)).toBe(true); // turns are per task
    const later = await Promise.all(turns.map((t) => t.claim('sweep', 60_000, new Date(now.getTime() + 61_000))));
    expect(later.filter(Boolean)).toHaveLength(1);
  });

  it("three processes sweeping visitors' expired files at once delete each exactly once, without errors", async () => {
    const bucket = new S3FileStore(s3.settings);
    const sweepers = databases.map((db) => {
      const counted = countingDeletes(bucket);
      return { files: new TransientFiles(db, counted.store, 1024 * 1024 * 1024), deleted: counted.deleted };
    });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await sweepers[0]!.files.store(randomBytes(100), 'png', 'ip:203.0.113.9'));

    const counts = await Promise.all(sweepers.map(({ files }) => files.sweep(new Date(Date.now() + 2 * DAY))));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(30);
    const deleted = sweepers.flatMap(({ deleted }) => deleted);
    expect(deleted.sort()).toEqual([...ids].sort()); // each once, none twice
    for (const id of ids) expect(await bucket.get(id)).toBeUndefined();
  });
});
