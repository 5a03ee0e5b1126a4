import { findThread, parseOxs, type PatternDocument } from '@stitchwise/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chartLayout } from '../src/render/chart.js';
import { useTestServer } from './support/harness.js';
import { pixelAt } from './support/images.js';
import { expectCatalogueLegend, freeThread, paint, pdfText, stitchedCodes, versionsOf } from './support/pattern-fixtures.js';
import { generated, listProjects, projectOf, readPattern, savePattern, saved } from './support/stitch-requests.js';
import { DATABASES, statusOf } from './support/test-server.js';

/** `PUT /api/stitch/projects/:id/pattern`: a stitcher's edit saved as the chart's new version. */
describe.each(DATABASES)('saving a chart version on $name', (database) => {
  const suite = useTestServer({ database, users: ['alice'] });
  const alice = suite.user('alice');

  it('saves an edit over the version read; the pattern, detail, list, chart and exports show it, in catalogue colours', async () => {
    const plan = await generated(alice);
    const projectId = plan.project_id!;
    const before = await projectOf(alice, projectId);
    const { etag, document: original } = await readPattern(alice, projectId);
    expect(etag).toBe('"v1"');
    expect(original).toEqual(await (await fetch(plan.pattern_url)).json());

    const code = freeThread(original);
    const response = await saved(alice, projectId, paint(original, code), etag);
    expect(response).toMatchObject({ version: 2, etag: '"v2"', threads: original.legend.length + 1, stitches: original.cells.filter((c) => c >= 0).length });

    const current = await readPattern(alice, projectId);
    expect(current.etag).toBe('"v2"');
    expectCatalogueLegend(current.document);
    expect(stitchedCodes(current.document)).toEqual(stitchedCodes(paint(original, code)));
    expect(current.document.legend.at(-1)).toMatchObject({ dmc_code: code, stitch_count: 9 });

    const detail = await projectOf(alice, projectId);
    expect(detail.color_legend).toEqual(current.document.legend);
    expect(detail.metadata).toMatchObject({
      total_stitches: response.stitches,
      colors_count: response.threads,
      grid_size: { width: original.width, height: original.height },
      canvas_size: before.metadata.canvas_size, // same grid, same stitch size
    });
    expect(detail.outputs).toMatchObject({
      stitch_plan_url: response.stitch_plan_url,
      pattern_url: response.pattern_url,
      input_image_url: before.outputs.input_image_url,
    });
    expect(detail.updated_at > before.updated_at).toBe(true);
    const listed = (await listProjects(alice)).projects.find((p) => p.id === projectId)!;
    expect(listed.color_legend).toEqual(current.document.legend);

    // The chart is drawn again: its first stitch has the new thread's colour.
    const chart = Buffer.from(await (await fetch(response.stitch_plan_url)).arrayBuffer());
    expect(await sharp(chart).metadata()).toMatchObject(before.metadata.canvas_size!);
    const { left, top } = chartLayout(original, 12);
    const thread = findThread(code)!;
    expect(await pixelAt(chart, left + 6, top + 6)).toEqual([thread.r, thread.g, thread.b]);

    const oxs = await alice.api(`/stitch/projects/${projectId}/export?format=oxs`);
    expect(stitchedCodes(parseOxs(await oxs.text()))).toEqual(stitchedCodes(current.document));
    const pdf = await alice.api(`/stitch/projects/${projectId}/export?format=pdf`);
    expect(await pdfText(await pdf.arrayBuffer())).toContain(thread.name);

    const unchanged = await alice.api(`/stitch/projects/${projectId}/pattern`, { headers: { 'if-none-match': '"v2"' } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
  });

  it("draws the saved chart at the project's own stitch size", async () => {
    const plan = await generated(alice, { cell_size: '8' });
    const { etag, document } = await readPattern(alice, plan.project_id!);
    const response = await saved(alice, plan.project_id!, paint(document, freeThread(document)), etag);
    const chart = await sharp(Buffer.from(await (await fetch(response.stitch_plan_url)).arrayBuffer())).metadata();
    const { width, height } = chartLayout(document, 8);
    expect({ width: chart.width, height: chart.height }).toEqual({ width, height });
    expect(plan.metadata.canvas_size).toEqual({ width, height });
  });

  it('saves a project from before versions existed: its chart becomes version 1 in the same transaction', async () => {
    const plan = await generated(alice);
    const projectId = plan.project_id!;
    const generatedDocument = (await (await fetch(plan.pattern_url)).json()) as PatternDocument;
    // Saved straight away, as an editor opened before this change would: no read has recorded a version yet.
    const response = await saved(alice, projectId, paint(generatedDocument, freeThread(generatedDocument)), '"v1"');
    expect(response.version).toBe(2);
    const list = await versionsOf(alice, projectId);
    expect(list.versions.map(({ version, is_original, is_current }) => ({ version, is_original, is_current }))).toEqual([
      { version: 2, is_original: false, is_current: true },
      { version: 1, is_original: true, is_current: false },
    ]);
    expect(list.versions[1]).toMatchObject({ stitches: plan.metadata.total_stitches, threads: plan.metadata.colors_used });
    expect(await (await alice.api(`/stitch/projects/${projectId}/pattern/versions/1`)).json()).toEqual(generatedDocument);
    expect(await statusOf(plan.stitch_plan_url)).toBe(200); // the original chart is kept with its version
  });

  it('refuses documents that do not hold together with 400 naming each field, and saves nothing', async () => {
    const projectId = (await generated(alice)).project_id!;
    const { etag, document } = await readPattern(alice, projectId);
    const unknownThread = { ...document, legend: document.legend.map((entry, i) => (i === 0 ? { ...entry, code: 'NOT-A-THREAD' } : entry)) };
    const badCell = { ...document, cells: document.cells.map((cell, i) => (i === 7 ? 40 : cell)) };
    const cases: [unknown, string, string][] = [
      [unknownThread, 'invalid_pattern', 'legend.0.code'],
      [badCell, 'invalid_pattern', 'cells.7'],
      [{ ...document, cells: document.cells.slice(1) }, 'invalid_pattern', 'cells'],
      [{ ...document, width: undefined }, 'invalid_request', 'width'],
    ];
    for (const [body, code, field] of cases) {
      const response = await savePattern(alice, projectId, body, etag);
      expect(response.status, field).toBe(400);
      const problem = (await response.json()) as { code: string; errors: { field: string }[] };
      expect(problem.code, field).toBe(code);
      expect(problem.errors.map((e) => e.field)).toContain(field);
    }
    const notJson = await alice.api(`/stitch/projects/${projectId}/pattern`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain', 'if-match': etag },
      body: 'x',
    });
    expect(notJson.status).toBe(415);
    const huge = await savePattern(alice, projectId, JSON.stringify({ ...document, padding: 'x'.repeat(4 * 1024 * 1024) }), etag);
    expect(huge.status).toBe(413);
    expect((await readPattern(alice, projectId)).etag).toBe(etag);
    expect((await versionsOf(alice, projectId)).versions).toHaveLength(1);
  });
});
