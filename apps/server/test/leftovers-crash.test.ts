import { randomBytes } from 'node:crypto';
import { watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { encodePng, multipartBody } from './support/images.js';
import { exited, startServerProcess } from './support/server-process.js';

const HOUR = 60 * 60 * 1000;

/** The server in a process of its own, so it can be killed for real; it sends bursts of uploads from one address. */
const startServer = (dataDir: string) =>
  startServerProcess({
    DATA_DIR: dataDir,
    WORKERS: '2',
    RATE_LIMIT_PER_MINUTE: '1000000',
    HEAVY_REQUESTS_AT_ONCE: '1000',
    VISITOR_STORAGE_MB_PER_DAY: '1000000',
  });

/** Every file under the files folder, as `<fan-out>/<name>`. */
async function filesOnDisk(filesFolder: string): Promise<string[]> {
  const found: string[] = [];
  for (const folder of await readdir(filesFolder).catch(() => [])) {
    for (const name of await readdir(join(filesFolder, folder))) found.push(`${folder}/${name}`);
  }
  return found.sort();
}

function registeredIds(databaseFile: string): Set<string> {
  const database = new SqliteDatabase(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return new Set(database.prepare('select file_id from transient_files').pluck().all() as string[]);
  } finally {
    database.close();
  }
}

async function writeInStore(filesFolder: string, path: string, bytes: Uint8Array): Promise<void> {
  await mkdir(join(filesFolder, path.slice(0, 2)), { recursive: true });
  await writeFile(join(filesFolder, path), bytes);
}

const newId = (extension: string): string => `${randomBytes(24).toString('base64url')}.${extension}`;

describe('crash leftovers, with the server in its own process', () => {
  const children: ChildProcess[] = [];
  let dataDir: string | undefined;
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('are removed after a kill -9 and a restart, once older than the grace period; nothing registered or young goes', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'stitchwise-crash-'));
    const filesFolder = join(dataDir, 'files');
    const databaseFile = join(dataDir, 'stitchwise.sqlite');

    // 1. Uploads in flight, and kill -9 in the middle of them.
    const first = await startServer(dataDir);
    children.push(first.child);
    const noise = randomBytes(1200 * 900 * 3);
    const image = encodePng(1200, 900, (x, y) => {
      const at = (y * 1200 + x) * 3;
      return [noise[at]!, noise[at + 1]!, noise[at + 2]!];
    });
    const answered: string[] = [];
    const killed = (): boolean => first.child.signalCode !== null || first.child.killed;
    const kill = (): void => {
      if (!killed()) first.child.kill('SIGKILL');
    };
    // Killed the moment a write is seen under way, once some uploads are through: what a crash in the middle leaves.
    await mkdir(filesFolder, { recursive: true });
    const watcher = watch(filesFolder, { recursive: true }, (_event, name) => {
      if (answered.length >= 6 && name?.endsWith('.partial')) kill();
    });
    const upload = async (): Promise<void> => {
      while (!killed()) {
        try {
          const response = await fetch(`${first.baseUrl}/api/images/upload`, {
            method: 'POST',
            body: multipartBody({}, { field: 'image_file', filename: 'a.png', contentType: 'image/png', bytes: image }),
          });
          if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
          answered.push(((await response.json()) as { image_id: string }).image_id);
          if (answered.length >= 30) kill(); // no write was caught: killed between requests
        } catch (error) {
          if (!killed()) throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, upload));
    await exited(first.child);
    watcher.close();
    expect(first.child.signalCode).toBe('SIGKILL');

    // 2. What the crash left, plus the two kinds of leftover for certain (the kill may have hit between
    // requests): a write cut short, as LocalFileStore names it, and a file stored but never registered.
    const registered = registeredIds(databaseFile);
    for (const id of answered) expect(registered.has(id)).toBe(true);
    const cutShort = newId('png');
    const cutShortPath = `${cutShort.slice(0, 2)}/${cutShort}.${first.child.pid}.partial`;
    await writeInStore(filesFolder, cutShortPath, image.subarray(0, 1000));
    const neverRegistered = newId('png');
    await writeInStore(filesFolder, `${neverRegistered.slice(0, 2)}/${neverRegistered}`, image);
    const leftovers = (await filesOnDisk(filesFolder)).filter((path) => !registered.has(path.slice(3)));
    expect(leftovers).toContain(cutShortPath);

    // 3. The grace period passes for all of them; then one more unregistered file, written just now.
    for (const path of await filesOnDisk(filesFolder)) {
      const then = new Date(Date.now() - 2 * HOUR);
      await utimes(join(filesFolder, path), then, then);
    }
    const young = newId('jpg');
    const youngPath = `${young.slice(0, 2)}/${young}`;
    await writeInStore(filesFolder, youngPath, image);
    const expected = (await filesOnDisk(filesFolder)).filter((path) => registered.has(path.slice(3)) || path === youngPath);
    expect(expected.length).toBeGreaterThanOrEqual(answered.length + 1);

    // 4. Restart: the sweep at start removes the leftovers, and only them.
    const second = await startServer(dataDir);
    children.push(second.child);
    const deadline = Date.now() + 15_000;
    while ((await filesOnDisk(filesFolder)).join() !== expected.join() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const remaining = await filesOnDisk(filesFolder);
    expect(remaining).toEqual(expected);
    expect(remaining.some((path) => path.endsWith('.partial'))).toBe(false);
    expect(remaining).not.toContain(`${neverRegistered.slice(0, 2)}/${neverRegistered}`);
    expect(remaining).toContain(youngPath);
    for (const id of answered) {
      expect(remaining).toContain(`${id.slice(0, 2)}/${id}`);
      const served = await fetch(`${second.baseUrl}/files/${id}`);
      await served.arrayBuffer();
      expect(served.status).toBe(200);
    }
    expect(second.output()).toContain('delete leftover files');

    second.child.kill('SIGTERM');
    await exited(second.child);
  }, 90_000);
});
