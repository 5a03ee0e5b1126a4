import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { nowIso, openDatabase, type Db } from '../src/db/database.js';
import { FileReferences } from '../src/repositories/file-references.js';
import { ProjectsRepository } from '../src/repositories/projects.js';
import { projectColumns, type NewStoredProject } from '../src/repositories/stored-project.js';
import { TransientFiles } from '../src/repositories/transient-files.js';
import { LocalFileStore } from '../src/storage/file-store.js';
import { LEFTOVER_GRACE_MS, LeftoverSweep } from '../src/storage/leftover-sweep.js';
import { DATABASES, type DatabaseUnderTest } from './support/test-server.js';

const HOUR = 60 * 60 * 1000;

describe.each(DATABASES)('the leftover sweep on $name', ({ create }) => {
  let database: DatabaseUnderTest;
  let db: Db;
  let filesFolder: string;
  let files: LocalFileStore;
  let references: FileReferences;

  beforeAll(async () => {
    database = await create();
    db = await openDatabase(loadConfig(database.environment).database);
    filesFolder = join(database.environment.DATA_DIR!, 'files');
    files = new LocalFileStore(filesFolder);
    references = new FileReferences(db);
  });
  afterAll(async () => {
    await db.destroy();
    await database.dispose();
  });

  const pathOf = (id: string): string => join(filesFolder, id.slice(0, 2), id);
  const age = async (path: string, ms: number): Promise<void> => {
    const then = new Date(Date.now() - ms);
    await utimes(path, then, then);
  };
  const bytes = (): Uint8Array => randomBytes(64);

  /** What LocalFileStore.put leaves when the process dies between writing and renaming. */
  async function partialLeftover(): Promise<string> {
    const id = `${randomBytes(24).toString('base64url')}.png`;
    await mkdir(join(filesFolder, id.slice(0, 2)), { recursive: true });
    const path = `${pathOf(id)}.4242.partial`;
    await writeFile(path, bytes());
    return path;
  }

  async function newUser(): Promise<string> {
    const id = randomUUID();
    const now = nowIso();
    await db
      .insertInto('users')
      .values({ id, issuer: 'https://issuer.test', subject: id, email: null, name: null, picture: null, created_at: now, updated_at: now })
      .execute();
    return id;
  }

  function projectRow(userId: string, outputs: Record<string, string>): NewStoredProject {
    const now = nowIso();
    return {
      id: randomUUID(),
      user_id: userId,
      name: 'p',
      description: null,
      status: 'active',
      parameters: { original_size: { width: 1, height: 1 } },
      metadata: {},
      outputs,
      color_legend: [],
      created_at: now,
      updated_at: now,
    };
  }

  it('removes old unreferenced files and old partials; keeps referenced and young ones', async () => {
    const userId = await newUser();
    // Referenced: a temporary file, a project's outputs (with their project_files rows), a project
    // output named only in the outputs document, and a user's picture pointing at a stored file.
    const transient = await new TransientFiles(db, files, 1024 ** 3).store(bytes(), 'png');
    const [input, chart, pattern] = [await files.put(bytes(), 'jpg'), await files.put(bytes(), 'png'), await files.put(bytes(), 'json')];
    await new ProjectsRepository(db).insert(projectRow(userId, { input_image: input, stitch_plan: chart, pattern }), [
      { id: input, size: 0 },
      { id: chart, size: 0 },
      { id: pattern, size: 0 },
    ]);
    const outputOnly = await files.put(bytes(), 'png');
    await db
      .insertInto('projects')
      .values(projectColumns(projectRow(userId, { input_image: outputOnly })))
      .execute();
    const picture = await files.put(bytes(), 'webp');
    await db
      .updateTable('users')
      .set({ picture: `http://127.0.0.1/files/${picture}` })
      .where('id', '=', userId)
      .execute();

    // Leftovers: stored but never registered, and a write that never finished; both long ago.
    const unreferenced = await files.put(bytes(), 'png');
    const oldPartial = await partialLeftover();
    // Young ones: maybe about to be registered, or still being written.
    const youngUnreferenced = await files.put(bytes(), 'pdf');
    const youngPartial = await partialLeftover();
    // Something the store did not put there is not its to delete.
    const stranger = join(filesFolder, 'ab', 'notes.txt');
    await mkdir(join(filesFolder, 'ab'), { recursive: true });
    await writeFile(stranger, 'keep me');

    const referenced = [transient, input, chart, pattern, outputOnly, picture];
    for (const id of [...referenced, unreferenced]) await age(pathOf(id), 2 * HOUR);
    await age(oldPartial, 2 * HOUR);
    await age(stranger, 2 * HOUR);
    await age(pathOf(youngUnreferenced), LEFTOVER_GRACE_MS - 5 * 60_000);

    const result = await new LeftoverSweep(files, () => references.all()).sweep();

    expect(result).toEqual({ unreferenced: 1, partials: 1 });
    for (const id of referenced) expect(existsSync(pathOf(id)), `referenced ${id}`).toBe(true);
    expect(existsSync(pathOf(unreferenced))).toBe(false);
    expect(existsSync(oldPartial)).toBe(false);
    expect(existsSync(pathOf(youngUnreferenced))).toBe(true);
    expect(existsSync(youngPartial)).toBe(true);
    expect(existsSync(stranger)).toBe(true);
    expect((await files.get(transient))?.size).toBe(64);
  });

  it('keeps a file that a row names by the time of deleting, though not when the listing began', async () => {
    const late = await files.put(bytes(), 'png');
    await age(pathOf(late), 2 * HOUR);
    let asked = 0;
    const sweep = new LeftoverSweep(files, async () => {
      asked += 1;
      const ids = new Set(await references.all());
      if (asked > 1) ids.add(late); // registered while the listing ran
      return ids;
    });
    expect((await sweep.sweep()).unreferenced).toBe(0);
    expect(asked).toBe(2);
    expect(existsSync(pathOf(late))).toBe(true);

    expect((await new LeftoverSweep(files, () => references.all()).sweep()).unreferenced).toBe(1);
    expect(existsSync(pathOf(late))).toBe(false);
  });

  it('honours a shorter grace period, and deletes nothing when the references cannot be read', async () => {
    const recent = await files.put(bytes(), 'gif');
    await age(pathOf(recent), 10_000);
    await expect(new LeftoverSweep(files, () => Promise.reject(new Error('database down')), { graceMs: 1000 }).sweep()).rejects.toThrow('database down');
    expect(existsSync(pathOf(recent))).toBe(true);

    expect((await new LeftoverSweep(files, () => references.all()).sweep()).unreferenced).toBe(0);
    expect((await new LeftoverSweep(files, () => references.all(), { graceMs: 1000 }).sweep()).unreferenced).toBeGreaterThanOrEqual(1);
    expect(existsSync(pathOf(recent))).toBe(false);
  });

  it('deletes nothing when far more files are unreferenced than a crash leaves: the database does not match them', async () => {
    const orphans: string[] = [];
    for (let i = 0; i < 120; i++) orphans.push(await files.put(bytes(), 'png'));
    for (const id of orphans) await age(pathOf(id), 2 * HOUR);
    await expect(new LeftoverSweep(files, () => Promise.resolve(new Set<string>())).sweep()).rejects.toThrow(/named by no row.*Nothing was deleted/);
    expect(orphans.every((id) => existsSync(pathOf(id)))).toBe(true);
    for (const id of orphans) await files.delete(id);
  });

  it('lists stored files and partials with their modification times, and ignores a missing folder', async () => {
    const before = Date.now() - 2_000; // file times may be rounded to the second
    const id = await files.put(bytes(), 'bmp');
    const partial = await partialLeftover();
    const listed = new Map<string, { kind: string; modifiedAt: Date | undefined }>();
    for await (const entry of files.list()) listed.set(entry.name, { kind: entry.kind, modifiedAt: await entry.modifiedAt() });
    expect(listed.get(id)).toEqual({ kind: 'file', modifiedAt: expect.any(Date) });
    const partialName = partial.slice(filesFolder.length + 1);
    expect(listed.get(partialName)?.kind).toBe('partial');
    expect(listed.get(id)!.modifiedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(listed.get(id)!.modifiedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 2_000);
    expect([...listed.keys()]).not.toContain('notes.txt');

    const none = new LocalFileStore(join(filesFolder, 'nowhere'));
    const entries: unknown[] = [];
    for await (const entry of none.list()) entries.push(entry);
    expect(entries).toEqual([]);

    // deletePartial takes only what list() names as partials.
    await none.deletePartial('../../etc/passwd');
    await files.deletePartial(partialName);
    expect(existsSync(partial)).toBe(false);
    expect((await readdir(join(filesFolder, id.slice(0, 2)))).includes(id)).toBe(true);
  });
});
