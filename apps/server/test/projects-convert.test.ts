import type { PatternDocument, ThreadBrand } from '@stitchwise/core';
import { describe, expect, it } from 'vitest';
import type { ChartConversion } from '../src/contract/chart-conversion.js';
import type { Project } from '../src/contract/projects.js';
import { copyName } from '../src/services/projects.js';
import { problemOf } from './support/chart-calls.js';
import { documentOf, imported } from './support/chart-files.js';
import { referenceLab, referenceScan } from './support/ciede2000-reference.js';
import { useTestServer } from './support/harness.js';
import { legendEntry, patternDocument } from './support/pattern-fixtures.js';
import { SHARED_TABLES, type TableThread } from './support/shared-thread-tables.js';
import { convertChart, createPhotoProject, generated, listProjects, MISSING_PROJECT, projectOf } from './support/stitch-requests.js';
import { DATABASES, statusOf } from './support/test-server.js';

const NOTE = 'Nearest colours by ΔE00 between screen colours, not official equivalents.';

const hexOf = ({ r, g, b }: TableThread): string => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
const tableThread = (brand: ThreadBrand, code: string): TableThread => SHARED_TABLES[brand].find((thread) => thread.code === code)!;
const bytes = async (url: string): Promise<Buffer> => Buffer.from(await (await fetch(url)).arrayBuffer());
const key = ({ brand, code }: { brand: string; code: string }): string => `${brand}:${code}`;

/**
 * Each mapping against a scan of the whole target table with the reference CIEDE2000 (no core code): the
 * nearest thread (or one as near, to the last decimal), its name and colour from the shared table, its ΔE00.
 */
function expectNearestMappings(conversion: ChartConversion, from: ThreadBrand, to: ThreadBrand, original: PatternDocument): void {
  expect(conversion.note).toBe(NOTE);
  expect(conversion.mappings.map((mapping) => mapping.from)).toEqual(
    original.legend.map(({ code }) => ({ brand: from, code, name: tableThread(from, code).name, hex: hexOf(tableThread(from, code)) })),
  );
  for (const mapping of conversion.mappings) {
    const source = tableThread(from, mapping.from.code);
    const scan = referenceScan(referenceLab(source.r, source.g, source.b), SHARED_TABLES[to]);
    const target = tableThread(to, mapping.to.code);
    expect(mapping.to).toEqual({ brand: to, code: target.code, name: target.name, hex: hexOf(target) });
    expect(Math.abs(mapping.delta_e - scan[0]!.distance), `${from} ${source.code}`).toBeLessThan(6e-5);
    expect(scan.find((entry) => entry.thread === target)!.distance - scan[0]!.distance).toBeLessThan(6e-5);
  }
}

/** Every stitch of the copy on the thread its original thread was mapped to; every mark where it was. */
function expectStitchesMapped(original: PatternDocument, copy: PatternDocument, conversion: ChartConversion): void {
  const mapped = conversion.mappings.map((mapping) => key(mapping.to));
  expect(copy.cells.map((index) => (index < 0 ? null : key(copy.legend[index]!)))).toEqual(original.cells.map((index) => (index < 0 ? null : mapped[index]!)));
  const marks = (document: PatternDocument, threadOf: (index: number) => string) => ({
    parts: document.part_stitches.map((part) => ({ ...part, thread: threadOf(part.thread) })),
    backstitches: document.backstitches.map((line) => ({ ...line, thread: threadOf(line.thread) })),
    knots: document.knots.map((knot) => ({ ...knot, thread: threadOf(knot.thread) })),
  });
  expect(marks(copy, (index) => key(copy.legend[index]!))).toEqual(marks(original, (index) => mapped[index]!));
  const total = (document: PatternDocument) => document.legend.reduce((sum, entry) => sum + entry.stitch_count, 0);
  expect(total(copy)).toBe(total(original));
}

describe('copyName with a brand', () => {
  it('adds the brand and keeps the name within 100 characters', () => {
    expect(copyName('Roses', ' (Anchor)')).toBe('Roses (Anchor)');
    const long = copyName('x'.repeat(100), ' (Madeira)');
    expect(long).toHaveLength(100);
    expect(long.endsWith('x (Madeira)')).toBe(true);
  });
});

describe.each(DATABASES)('converting a project’s chart to another brand on $name', (database) => {
  const suite = useTestServer({ database, users: ['alice', 'bob'] });
  const alice = suite.user('alice');
  const bob = suite.user('bob');

  async function converted(projectId: string, to: string, options?: { inQuery?: boolean }): Promise<ChartConversion> {
    const response = await convertChart(alice, projectId, to, options);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as ChartConversion;
  }

  it('makes a new project with its own photo and the chart in Anchor, each thread the nearest by ΔE00, and leaves the original alone', async () => {
    const { project_id } = await generated(alice, { project_name: 'Harbour', colors: '8' });
    const original = await projectOf(alice, project_id!);
    const originalDocument = await documentOf(original);
    const originalBytes = await bytes(original.outputs.pattern_url!);

    const conversion = await converted(original.id, 'anchor');
    const { project: copy } = conversion;
    expectNearestMappings(conversion, 'dmc', 'anchor', originalDocument);

    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      user_id: original.user_id,
      name: 'Harbour (Anchor)',
      status: 'active',
      parameters: { ...original.parameters, brand: 'anchor' },
      metadata: { ...original.metadata, colors_count: copy.color_legend.length },
      progress: { done: 0, total: original.progress.total },
    });
    expect(await projectOf(alice, copy.id)).toEqual(copy);
    // Its own photo, the same picture; its own chart image, drawn when asked for, and document.
    expect(copy.outputs.input_image_url).not.toBe(original.outputs.input_image_url);
    expect((await bytes(copy.outputs.input_image_url!)).equals(await bytes(original.outputs.input_image_url!))).toBe(true);
    const image = await fetch(copy.outputs.stitch_plan_url!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(copy.outputs.stitch_plan_url).not.toBe(original.outputs.stitch_plan_url);

    const copyDocument = await documentOf(copy);
    expect(copyDocument.legend).toEqual(copy.color_legend);
    expect(copy.color_legend.every((entry) => entry.brand === 'anchor' && entry.dmc_code === '')).toBe(true);
    expect(new Set(copy.color_legend.map(key))).toEqual(new Set(conversion.mappings.map((mapping) => key(mapping.to))));
    expectStitchesMapped(originalDocument, copyDocument, conversion);
    // The editor reads it through the API as a chart of its own, at version 1.
    const read = await alice.api(`/stitch/projects/${copy.id}/pattern`);
    expect(read.headers.get('etag')).toBe('"v1"');

    // The original: as it was, down to its document's bytes.
    expect(await projectOf(alice, original.id)).toEqual(original);
    expect((await bytes(original.outputs.pattern_url!)).equals(originalBytes)).toBe(true);
    expect((await listProjects(alice)).projects[0]!.id).toBe(copy.id);
  });

  it('merges threads that land on the same thread, with their part stitches, backstitch and knots', async () => {
    // DMC 321 and 349 are both nearest Anchor 1098; DMC 310 is not.
    const document = patternDocument({
      width: 4,
      height: 3,
      legend: [legendEntry('321', 0, 5), legendEntry('310', 1, 3), legendEntry('349', 2, 2)],
      cells: [0, 0, 0, 1, 0, 0, 1, 1, 2, 2, -1, -1],
      part_stitches: [
        { x: 2, y: 2, kind: 'half-slash', thread: 2 },
        { x: 3, y: 2, kind: 'quarter-tl', thread: 1 },
      ],
      backstitches: [
        { x1: 0, y1: 0, x2: 4, y2: 0, thread: 2 },
        { x1: 4, y1: 0, x2: 4, y2: 4, thread: 0 },
      ],
      knots: [{ x: 1, y: 1, thread: 2 }],
    });
    const project = await imported(alice, JSON.stringify(document), 'reds.json');
    const original = await documentOf(project);
    const conversion = await converted(project.id, 'Anchor');
    expectNearestMappings(conversion, 'dmc', 'anchor', original);
    expect(conversion.mappings.map((mapping) => mapping.to.code)).toEqual(['1098', '403', '1098']);

    const copy = await documentOf(conversion.project);
    expectStitchesMapped(original, copy, conversion);
    expect(copy.legend.map(({ code, stitch_count }) => ({ code, stitch_count }))).toEqual([
      { code: '1098', stitch_count: 7 },
      { code: '403', stitch_count: 3 },
    ]);
    expect(conversion.project).toMatchObject({
      name: 'reds (Anchor)',
      metadata: { total_stitches: 10, colors_count: 2 },
      progress: { done: 0, total: project.progress.total },
    });
    // The merged thread keeps the symbol of the most used of its threads.
    expect(copy.legend[0]!.symbol).toBe(original.legend[0]!.symbol);
  });

  it('takes `to` in the query too, in any case, and converts an Anchor chart to DMC and Madeira', async () => {
    const { project_id } = await generated(alice, { project_name: 'Dunes', brand: 'anchor' });
    const original = await documentOf(await projectOf(alice, project_id!));
    for (const to of ['dmc', 'madeira'] as const) {
      const conversion = await converted(project_id!, to === 'dmc' ? 'DMC' : to, { inQuery: true });
      expectNearestMappings(conversion, 'anchor', to, original);
      expectStitchesMapped(original, await documentOf(conversion.project), conversion);
      expect(conversion.project.name).toBe(to === 'dmc' ? 'Dunes (DMC)' : 'Dunes (Madeira)');
    }
    // A DMC chart's legend names DMC codes as the specification does.
    const dmc = (await listProjects(alice)).projects.find((project) => project.name === 'Dunes (DMC)')!;
    expect(dmc.color_legend.every((entry) => entry.brand === 'dmc' && entry.dmc_code === entry.code)).toBe(true);
  });

  it('refuses the chart’s own brand, an unknown brand and no brand with 400 naming `to`, storing nothing', async () => {
    const { project_id } = await generated(alice, { project_name: 'Fields' });
    const before = (await listProjects(alice)).total;

    const same = await problemOf(await convertChart(alice, project_id!, 'dmc'));
    expect(same).toMatchObject({ status: 400, fields: ['to'] });
    expect(same.detail).toBe("This chart's threads are all DMC already: choose another brand to convert it to.");
    const unknown = await problemOf(await convertChart(alice, project_id!, 'coats'));
    expect(unknown).toMatchObject({ status: 400, code: 'invalid_request', fields: ['to'] });
    expect(unknown.detail).toMatch(/to must be one of dmc, anchor, madeira/);
    const inQuery = await problemOf(await convertChart(alice, project_id!, 'coats', { inQuery: true }));
    expect(inQuery).toMatchObject({ status: 400, fields: ['to'] });
    const missing = await problemOf(await alice.api(`/stitch/projects/${project_id!}/convert`, { method: 'POST' }));
    expect(missing).toMatchObject({ status: 400, fields: ['to'] });
    expect(missing.detail).toMatch(/^to is required/);

    expect((await listProjects(alice)).total).toBe(before);
  });

  it('answers another user’s project exactly like a missing one (404), a project without a chart 404, a visitor 401', async () => {
    const { project_id } = await generated(alice, { project_name: 'Private' });
    const bobsBefore = (await listProjects(bob)).total;
    const theirs = await convertChart(bob, project_id!, 'anchor');
    const nobodys = await convertChart(bob, MISSING_PROJECT, 'anchor');
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toBe(await nobodys.text());
    expect((await listProjects(bob)).total).toBe(bobsBefore);

    const photo = (await (await createPhotoProject(alice, 'Just a photo')).json()) as Project;
    const noChart = await problemOf(await convertChart(alice, photo.id, 'anchor'));
    expect(noChart).toMatchObject({ status: 404, detail: 'This project has no pattern yet: generate one first.' });

    const visitor = await convertChart(suite.visitor, project_id!, 'anchor');
    expect(visitor.status).toBe(401);
    expect(visitor.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('keeps the copy whole when the original is deleted', async () => {
    const { project_id } = await generated(alice, { project_name: 'Lighthouse' });
    const { project: copy } = await converted(project_id!, 'madeira');
    expect((await alice.api(`/stitch/projects/${project_id!}`, { method: 'DELETE' })).status).toBe(204);
    for (const url of [copy.outputs.input_image_url!, copy.outputs.stitch_plan_url!, copy.outputs.pattern_url!]) expect(await statusOf(url)).toBe(200);
    const pdf = await alice.api(`/stitch/projects/${copy.id}/export?format=pdf`);
    expect(pdf.status).toBe(200);
  });
});
