import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DMC_THREADS, type PatternDocument, upgradeLegendEntry } from '@stitchwise/core';
import sharp from 'sharp';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { SavedPattern } from '../src/contract/pattern-versions.js';
import type { StitchPlan } from '../src/contract/patterns.js';
import type { Project } from '../src/contract/projects.js';
import type { StorageUsage } from '../src/contract/storage.js';
import { openDatabase } from '../src/db/database.js';
import { chartLayout } from '../src/render/chart.js';
import { ChartDrawingsRepository } from '../src/repositories/chart-drawings.js';
import { FileReferences } from '../src/repositories/file-references.js';
import { estimatedImageBytes } from '../src/services/shared/chart-store.js';
import { useTestServer, type ApiClient } from './support/harness.js';
import { encodePng, multipartBody, pixelAt } from './support/images.js';
import { DATABASES } from './support/test-server.js';

/**
 * A save stores the chart's document and answers; the chart image is drawn when first asked for, from the
 * version it is named by — so saving is not slowed by drawing, and no reader gets another version's image.
 */
describe.each(DATABASES)('saved charts’ images, drawn on first request, on $name', (database) => {
  const suite = useTestServer({ database, users: ['alice'] });
  const alice = suite.user('alice');

  const photo = encodePng(40, 30, (x, y) => [x < 20 ? 200 : 30, y < 15 ? 60 : 190, 120]);
  const CELL_SIZE = 10;

  async function generated(client: ApiClient): Promise<{ projectId: string; etag: string; document: PatternDocument }> {
    const response = await client.api('/stitch/generate', {
      method: 'POST',
      body: multipartBody(
        { colors: '4', max_side: '20', project_name: 'Lazy chart', cell_size: String(CELL_SIZE) },
        { field: 'image_file', filename: 'p.png', contentType: 'image/png', bytes: photo },
      ),
    });
    expect(response.status).toBe(200);
    const { project_id: projectId } = (await response.json()) as StitchPlan;
    const read = await client.api(`/stitch/projects/${projectId!}/pattern`);
    return { projectId: projectId!, etag: read.headers.get('etag')!, document: (await read.json()) as PatternDocument };
  }

  /** The chart with every stitch in one thread of the catalogue. */
  function allIn(document: PatternDocument, code: string): PatternDocument {
    const { hex, name, r, g, b } = DMC_THREADS.find((thread) => thread.code === code)!;
    const legend = [
      upgradeLegendEntry({ index: 0, hex, symbol: document.legend[0]!.symbol, dmc_code: code, dmc_name: name, stitch_count: 0, rgb: { r, g, b } }),
    ];
    return { ...document, legend, cells: document.cells.map(() => 0) };
  }

  async function save(projectId: string, document: PatternDocument, etag: string): Promise<SavedPattern & { etag: string }> {
    const response = await alice.api(`/stitch/projects/${projectId}/pattern`, { method: 'PUT', headers: { 'if-match': etag }, json: document });
    expect(response.status, await response.clone().text()).toBe(200);
    return { ...((await response.json()) as SavedPattern), etag: response.headers.get('etag')! };
  }

  const storedPngs = async (): Promise<string[]> =>
    (await readdir(join(suite.server.config.dataDir, 'files'), { recursive: true })).filter((name) => name.endsWith('.png')).map((name) => name.slice(3));
  const nameOf = (url: string): string => new URL(url).pathname.slice('/files/'.length);

  const colourOf = (code: string): [number, number, number] => {
    const { r, g, b } = DMC_THREADS.find((thread) => thread.code === code)!;
    return [r, g, b];
  };

  /** The colour in the middle of the chart image's first stitch. */
  async function firstStitchColour(png: Buffer, document: PatternDocument): Promise<[number, number, number]> {
    const { left, top } = chartLayout(document, CELL_SIZE);
    return pixelAt(png, left + CELL_SIZE / 2, top + CELL_SIZE / 2);
  }

  it('answers a save before the image is drawn, then draws each version’s own image on its first request', async () => {
    const { projectId, etag, document } = await generated(alice);
    const black = await save(projectId, allIn(document, '310'), etag);
    const blue = await save(projectId, allIn(document, '820'), black.etag);

    // Neither image exists yet: the saves stored their documents only.
    expect(await storedPngs()).not.toContain(nameOf(black.stitch_plan_url));
    expect(await storedPngs()).not.toContain(nameOf(blue.stitch_plan_url));

    // Asked for out of order, and twice at once: each is the image of its own version.
    const [blueImage, blueAgain] = await Promise.all([fetch(blue.stitch_plan_url), fetch(blue.stitch_plan_url)]);
    const blackImage = await fetch(black.stitch_plan_url);
    for (const response of [blueImage, blueAgain, blackImage]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    const bluePng = Buffer.from(await blueImage.arrayBuffer());
    expect(Buffer.from(await blueAgain.arrayBuffer()).equals(bluePng)).toBe(true);
    expect(await firstStitchColour(bluePng, document)).toEqual(colourOf('820'));
    expect(await firstStitchColour(Buffer.from(await blackImage.arrayBuffer()), document)).toEqual(colourOf('310'));

    // Drawn once, then kept: the project names the current version's image, with its size known before drawing.
    expect(await storedPngs()).toEqual(expect.arrayContaining([nameOf(black.stitch_plan_url), nameOf(blue.stitch_plan_url)]));
    const project = (await (await alice.api(`/stitch/projects/${projectId}`)).json()) as Project;
    expect(project.outputs.stitch_plan_url).toBe(blue.stitch_plan_url);
    const { width, height } = await sharp(bluePng).metadata();
    expect(project.metadata.canvas_size).toEqual({ width, height });
  });

  it('counts an image not drawn yet at its estimate, and at its own size once drawn', async () => {
    const { projectId, etag, document } = await generated(alice);
    const before = (await (await alice.api('/stitch/storage')).json()) as StorageUsage;
    const edit = await save(projectId, allIn(document, '321'), etag);
    const documentSize = (await (await fetch(edit.pattern_url)).arrayBuffer()).byteLength;
    const pending = (await (await alice.api('/stitch/storage')).json()) as StorageUsage;
    expect(pending.used - before.used).toBe(documentSize + estimatedImageBytes(document, { cellSize: CELL_SIZE, symbols: false }));

    const imageSize = (await (await fetch(edit.stitch_plan_url)).arrayBuffer()).byteLength;
    const drawn = (await (await alice.api('/stitch/storage')).json()) as StorageUsage;
    expect(drawn.used - before.used).toBe(documentSize + imageSize);
  });

  it('duplicates a project whose current image is not drawn yet, image included', async () => {
    const { projectId, etag, document } = await generated(alice);
    await save(projectId, allIn(document, '310'), etag);
    const copy = await alice.api(`/stitch/projects/${projectId}/duplicate`, { method: 'POST' });
    expect(copy.status).toBe(201);
    const copied = (await copy.json()) as Project;
    const image = await fetch(copied.outputs.stitch_plan_url!);
    expect(image.status).toBe(200);
    expect(await firstStitchColour(Buffer.from(await image.arrayBuffer()), document)).toEqual(colourOf('310'));
  });

  it('draws a generated chart’s image on its first request, for visitors and signed-in users, at the size the answer gave', async () => {
    for (const [client, path] of [
      [suite.visitor, '/stitch/generate/anonymous'],
      [alice, '/stitch/generate'],
    ] as const) {
      const response = await client.api(path, {
        method: 'POST',
        body: multipartBody(
          { colors: '4', max_side: '30', project_name: 'Drawn later' },
          { field: 'image_file', filename: 'p.png', contentType: 'image/png', bytes: photo },
        ),
      });
      expect(response.status).toBe(200);
      const plan = (await response.json()) as StitchPlan;
      expect(await storedPngs()).not.toContain(nameOf(plan.stitch_plan_url));
      const image = await fetch(plan.stitch_plan_url);
      expect(image.status).toBe(200);
      const { width, height } = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect({ width, height }).toEqual(plan.metadata.canvas_size);
    }
  });

  it('forgets, in maintenance, images nobody asked for once nothing names them', async () => {
    const { projectId, etag, document } = await generated(alice);
    const edit = await save(projectId, allIn(document, '310'), etag);
    const db = await openDatabase(suite.server.config.database);
    onTestFinished(() => db.destroy());
    const drawings = new ChartDrawingsRepository(db);
    const named = nameOf(edit.stitch_plan_url);
    expect(await drawings.find(named)).toMatchObject({ patternFile: nameOf(edit.pattern_url), look: { cellSize: CELL_SIZE } });
    const references = new FileReferences(db);
    // Still named by the project: kept, however old.
    const muchLater = new Date(Date.now() + 48 * 3600_000).toISOString();
    await drawings.removeForgotten(await references.all(), muchLater);
    expect(await drawings.find(named)).toBeDefined();
    // The project deleted before anyone asked for the image: forgotten, once older than the cut-off (a save may still be writing it).
    expect((await alice.api(`/stitch/projects/${projectId}`, { method: 'DELETE' })).status).toBe(204);
    await drawings.removeForgotten(await references.all(), new Date(Date.now() - 3600_000).toISOString());
    expect(await drawings.find(named)).toBeDefined();
    expect(await drawings.removeForgotten(await references.all(), muchLater)).toBeGreaterThanOrEqual(1);
    expect(await drawings.find(named)).toBeUndefined();
    expect((await fetch(edit.stitch_plan_url)).status).toBe(404);
  });

  it('answers 404 for an image id that names no version', async () => {
    const response = await fetch(`${suite.baseUrl}/files/${'A'.repeat(32)}.png`);
    expect(response.status).toBe(404);
  });
});
