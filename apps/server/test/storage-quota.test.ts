import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { SavedPattern } from '../src/contract/pattern-versions.js';
import type { StitchPlan } from '../src/contract/patterns.js';
import type { ChartConversion } from '../src/contract/chart-conversion.js';
import type { Project } from '../src/contract/projects.js';
import type { StorageUsage } from '../src/contract/storage.js';
import { KEPT_LATEST_VERSIONS } from '../src/repositories/pattern-versions.js';
import { signUpAt, useTestServer, type ApiClient } from './support/harness.js';
import { encodePng, multipartBody } from './support/images.js';
import {
  convertChart,
  createPhotoProject,
  duplicateProject,
  generate,
  HARBOUR_CHART,
  importChart,
  listProjects,
  projectOf,
  readPattern,
  savePattern,
  storedFiles,
} from './support/stitch-requests.js';
import { DATABASES, sqliteUnderTest, startTestServer } from './support/test-server.js';

const LIMIT = 1024 * 1024; // USER_STORAGE_MB=1

/** A small picture made exactly `bytes` long by a text chunk (decoders skip it; the stored file keeps it). */
function pngOfSize(bytes: number, seed = 0): Buffer {
  const picture = encodePng(40, 30, (x, y) => [(x * 6 + seed) % 256, (y * 8 + seed * 3) % 256, 120]);
  const text = Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(bytes - picture.length - 12 - 8, 'x')]);
  const body = Buffer.concat([Buffer.from('tEXt', 'ascii'), text]);
  const chunk = Buffer.alloc(12 + text.length);
  chunk.writeUInt32BE(text.length, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), 8 + text.length);
  const iend = picture.length - 12;
  const png = Buffer.concat([picture.subarray(0, iend), chunk, picture.subarray(iend)]);
  expect(png.length).toBe(bytes);
  return png;
}

const OXS =
  '<chart><properties oxsversion="1.0" chartwidth="4" chartheight="3"/><palette><palette_item index="0" number="cloth" color="FFFFFF"/>' +
  '<palette_item index="1" number="DMC 310" color="000000"/></palette><fullstitches><stitch x="0" y="0" palindex="1"/></fullstitches></chart>';

/** How much `client`'s user stores, of how much. */
const usage = async (client: ApiClient): Promise<StorageUsage> => (await client.typed.GET('/api/stitch/storage')).data!;
const sizeOf = async (url: string): Promise<number> => (await (await fetch(url)).arrayBuffer()).byteLength;

describe.each(DATABASES)('users’ storage quota (USER_STORAGE_MB=1) on $name', (database) => {
  const suite = useTestServer({ database, environment: { USER_STORAGE_MB: '1' }, users: ['alice', 'bob'] });
  const alice = suite.user('alice');
  const bob = suite.user('bob');

  const upload = (client: ApiClient, image: Buffer): Promise<Response> =>
    client.api('/images/upload', {
      method: 'POST',
      body: multipartBody({}, { field: 'image_file', filename: 'u.png', contentType: 'image/png', bytes: image }),
    });
  /** The current chart saved with its first `change` cells emptied. */
  const save = async (client: ApiClient, id: string, change: number): Promise<Response> => {
    const { etag, document } = await readPattern(client, id);
    return savePattern(client, id, { ...document, cells: document.cells.map((cell, at) => (at < change ? -1 : cell)) }, etag);
  };
  const outputSizes = async (project: Project): Promise<number> => {
    const urls = [project.outputs.input_image_url, project.outputs.stitch_plan_url, project.outputs.pattern_url].filter((url): url is string => url !== null);
    return (await Promise.all(urls.map(sizeOf))).reduce((sum, size) => sum + size, 0);
  };

  /** 507 problem+json with a sentence that says how much is used of how much, and what to delete. */
  async function expectRefused(response: Response): Promise<void> {
    expect(response.status, await response.clone().text()).toBe(507);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = (await response.json()) as { code: string; detail: string; title: string };
    expect(problem.code).toBe('storage_quota_exceeded');
    expect(problem.title).toBe('Insufficient Storage');
    expect(problem.detail).toMatch(/^This needs \d[\d.]* (bytes|KB|MB), and your projects use 1 MB of your 1 MB of storage\. Delete projects or copies/);
  }

  it('answers visitors 401', async () => {
    expect((await suite.visitor.api('/stitch/storage')).status).toBe(401);
  });

  it('counts projects, every kept version, copies and uploads; refuses each kind of storing past the quota, storing nothing; others are unaffected; deleting frees room', async () => {
    expect(await usage(alice)).toEqual({ used: 0, limit: LIMIT });

    // A project from a 300,000-byte picture: its photo, chart and pattern document.
    const generated = await generate(alice, HARBOUR_CHART, pngOfSize(300_000));
    expect(generated.status).toBe(200);
    const projectId = ((await generated.json()) as StitchPlan).project_id!;
    const project = await projectOf(alice, projectId);
    const projectBytes = await outputSizes(project);
    expect(projectBytes).toBeGreaterThan(300_000);
    expect((await usage(alice)).used).toBe(projectBytes);

    // A saved version adds its chart and document; the original's stay, as version 1.
    const saved = await save(alice, projectId, 3);
    expect(saved.status).toBe(200);
    const version = (await saved.json()) as SavedPattern;
    const versionBytes = (await sizeOf(version.stitch_plan_url)) + (await sizeOf(version.pattern_url));
    expect((await usage(alice)).used).toBe(projectBytes + versionBytes);

    // A copy has its own copies of the current files.
    const copied = await duplicateProject(alice, projectId);
    expect(copied.status).toBe(201);
    const copy = (await copied.json()) as Project;
    const copyBytes = await outputSizes(copy);
    let used = projectBytes + versionBytes + copyBytes;
    expect((await usage(alice)).used).toBe(used);

    // A chart converted to another brand: a copy of the photo, and a chart and document of its own (the image
    // counted at its estimate until drawn, then at its size).
    const converted = await convertChart(alice, projectId, 'anchor');
    expect(converted.status).toBe(201);
    const conversion = ((await converted.json()) as ChartConversion).project;
    const conversionBytes = await outputSizes(conversion);
    used += conversionBytes;
    expect((await usage(alice)).used).toBe(used);

    // Uploads count while they are kept (24 hours).
    expect((await upload(alice, pngOfSize(50_000, 1))).status).toBe(201);
    used += 50_000;
    expect((await usage(alice)).used).toBe(used);

    // A project of just a photo fills the quota to 100 bytes short.
    expect((await createPhotoProject(alice, 'Photo only', pngOfSize(LIMIT - used - 100, 8))).status).toBe(201);
    used = LIMIT - 100;
    expect(await usage(alice)).toEqual({ used, limit: LIMIT });

    // A visitor's result, to be claimed: made before counting the stored files.
    const visitorPlan = (await (await generate(suite.visitor, { colors: '4', max_side: '30' }, pngOfSize(3_000, 2))).json()) as StitchPlan;
    const filesBefore = (await storedFiles(suite.server)).length;
    const projectsBefore = (await listProjects(alice)).total;

    await expectRefused(await duplicateProject(alice, projectId));
    await expectRefused(await convertChart(alice, projectId, 'madeira'));
    await expectRefused(await save(alice, projectId, 5));
    await expectRefused(await importChart(alice, OXS, 'c.oxs'));
    await expectRefused(await upload(alice, pngOfSize(3_000, 3)));
    await expectRefused(await generate(alice, HARBOUR_CHART, pngOfSize(3_000, 4)));
    await expectRefused(await createPhotoProject(alice, 'Photo only', pngOfSize(3_000, 5)));
    // An idea picture is kept for its user too: refused, and its credit given back.
    const credits = async () => ((await (await alice.api('/stitch/creative-credits')).json()) as { remaining: number }).remaining;
    const creditsBefore = await credits();
    const idea = await alice.api('/stitch/creative-ideas', { method: 'POST', json: { prompt: 'a red fox in the snow' } });
    expect(idea.status).toBe(507);
    expect(await credits()).toBe(creditsBefore);
    await expectRefused(await alice.api('/stitch/projects/claim', { method: 'POST', json: { token: visitorPlan.claim!.token } }));

    // Nothing was stored, nothing counted, no project made.
    expect((await storedFiles(suite.server)).length).toBe(filesBefore);
    expect((await usage(alice)).used).toBe(used);
    expect((await listProjects(alice)).total).toBe(projectsBefore);
    expect((await alice.api(`/stitch/projects/${projectId}/pattern/versions`)).ok).toBe(true);

    // Another user stores as before.
    expect((await generate(bob, HARBOUR_CHART, pngOfSize(300_000, 6))).status).toBe(200);
    expect((await upload(bob, pngOfSize(300_000, 7))).status).toBe(201);
    expect((await usage(alice)).used).toBe(used);

    // Deleting the copy frees its files' room: copying works again.
    expect((await alice.api(`/stitch/projects/${copy.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await usage(alice)).used).toBe(used - copyBytes);
    expect((await duplicateProject(alice, projectId)).status).toBe(201);

    // Deleting a project frees the files of all its versions.
    const beforeDeleting = (await usage(alice)).used;
    expect((await alice.api(`/stitch/projects/${projectId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await usage(alice)).used).toBe(beforeDeleting - projectBytes - versionBytes);
  });

  it('stops counting the versions a save drops past the kept number', async () => {
    const carol = await suite.signUp('carol');
    const projectId = ((await (await generate(carol, HARBOUR_CHART, pngOfSize(5_000, 9))).json()) as StitchPlan).project_id!;
    const originalBytes = await outputSizes(await projectOf(carol, projectId));
    const savedBytes: number[] = [];
    for (let n = 1; n <= KEPT_LATEST_VERSIONS + 1; n++) {
      const saved = await save(carol, projectId, n);
      expect(saved.status).toBe(200);
      const version = (await saved.json()) as SavedPattern;
      savedBytes.push((await sizeOf(version.stitch_plan_url)) + (await sizeOf(version.pattern_url)));
    }
    // Versions 2 to 22 were saved; keeping the original and the last 20 dropped version 2.
    const kept = savedBytes.slice(1).reduce((sum, bytes) => sum + bytes, 0);
    expect((await usage(carol)).used).toBe(originalBytes + kept);
  });
});

describe('files stored before sizes were kept', () => {
  it('are measured at start, so that they count against their owner’s quota', async () => {
    const database = await sqliteUnderTest();
    let server = await startTestServer(database.environment);
    try {
      // The user's client, like its token, serves the server restarted on the same address.
      const early = await signUpAt(server.baseUrl, 'early');
      const generated = await generate(early, { project_name: 'Early', colors: '4', max_side: '30' }, pngOfSize(20_000));
      expect(generated.status).toBe(200);
      // Its chart image drawn (on first request), so that every file of the project is stored and measurable.
      expect((await fetch(((await generated.json()) as StitchPlan).stitch_plan_url)).status).toBe(200);
      const used = async (): Promise<number> => (await usage(early)).used;
      const measured = await used();
      expect(measured).toBeGreaterThan(20_000);
      await server.stop();

      // As migration 0008 left the files of earlier projects: recorded, at 0 bytes.
      const sqlite = new SqliteDatabase(join(database.environment.DATA_DIR!, 'stitchwise.sqlite'));
      sqlite.prepare('update project_files set size = 0').run();
      sqlite.close();

      server = await startTestServer(database.environment, Number(new URL(server.baseUrl).port)); // the same issuer: the token holds
      for (let attempt = 0; attempt < 100 && (await used()) !== measured; attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await used()).toBe(measured);
    } finally {
      await server.stop();
      await database.dispose();
    }
  });
});
