import { CHART_SYMBOLS, findBrandThread, findThread } from '@stitchwise/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { documentOf, imported, oxs, oxsFixture } from './support/chart-files.js';
import { useTestServer } from './support/harness.js';
import { importChart, listProjects, projectOf } from './support/stitch-requests.js';
import { DATABASES } from './support/test-server.js';

/** `POST /api/stitch/projects/import`: what a project made from an OXS chart holds. */
describe.each(DATABASES)('chart import on $name', (database) => {
  const suite = useTestServer({ database, users: ['importer', 'stranger'] });
  const owner = suite.user('importer');
  const stranger = suite.user('stranger');

  it('makes a project exactly like a generated one from a chart with every section', async () => {
    const { import_report: report, ...project } = await imported(owner, await oxsFixture('full-sections.oxs'), 'heart.oxs');
    expect(report).toEqual({
      format: 'oxs',
      title: 'Heart sampler',
      width: 6,
      height: 4,
      threads: 3,
      stitches: 22,
      marks: { part_stitches: 2, backstitches: 3, knots: 1 },
      thread_mappings: [
        { source: 'DMC 321', brand: 'dmc', code: '321', name: findThread('321')!.name, delta_e: 0, matched_by: 'code' },
        { source: 'DMC 310', brand: 'dmc', code: '310', name: 'Black', delta_e: 0, matched_by: 'code' },
        { source: 'DMC 3865', brand: 'dmc', code: '3865', name: 'Winter White', delta_e: 0, matched_by: 'code' },
      ],
      // Its part stitches, backstitches and knot are imported; only the bead is not.
      not_imported: { full_stitches: 0, part_stitches: 0, backstitches: 0, knots: 0, other: 1 },
    });
    // The same shape, and the same values, as reading the project back.
    expect(project).toEqual(await projectOf(owner, project.id));
    expect(project).toMatchObject({
      name: 'Heart sampler',
      status: 'active',
      parameters: { original_size: { width: 6, height: 4 }, colors: 3, cell_size: 12, return_symbols_overlay: true },
      metadata: { total_stitches: 22, colors_count: 3, grid_size: { width: 6, height: 4 }, mean_delta_e: 0 },
      outputs: { input_image_url: null },
    });

    const document = await documentOf(project);
    expect(document.legend.map((entry) => [entry.code, entry.symbol, entry.stitch_count])).toEqual([
      ['321', '♥', 16],
      ['310', '■', 4],
      ['3865', '○', 2],
    ]);
    expect(document.cells).toEqual([-1, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 2, 0, 0, 2, 1]);
    expect(project.color_legend).toEqual(document.legend);

    // The chart is the one this document draws with symbols, 12 px a stitch, as an exported edit is drawn.
    const chart = Buffer.from(await (await fetch(project.outputs.stitch_plan_url!)).arrayBuffer());
    const exported = await owner.api('/stitch/patterns/export?format=png', { method: 'POST', json: document });
    expect(Buffer.from(await exported.arrayBuffer()).equals(chart)).toBe(true);
    const { width, height } = await sharp(chart).metadata();
    expect(project.metadata.canvas_size).toEqual({ width, height });

    const list = await listProjects(owner);
    expect(list.projects.map((listed) => listed.id)).toContain(project.id);
    expect((await stranger.api(`/stitch/projects/${project.id}`)).status).toBe(404);
  });

  it.each([
    { file: 'no-version-chattitle.oxs', name: 'Misspelt title', size: [3, 2], codes: ['310'], cells: [0, -1, -1, -1, -1, 0] },
    { file: 'chart-title-camel-case.oxs', name: 'Camel case title', size: [2, 2], codes: ['321'], cells: [-1, -1, -1, 0] },
    { file: 'no-cloth-entry.oxs', name: 'No cloth', size: [2, 2], codes: ['310', '321'], cells: [0, 1, -1, 1] },
    { file: 'no-index-attributes.oxs', name: 'Palette by position', size: [3, 1], codes: ['310', '321'], cells: [1, 0, 1] },
    { file: 'dmc-number-forms.oxs', name: 'Number forms', size: [4, 1], codes: ['943', '01', 'Blanc', 'Ecru'], cells: [0, 1, 2, 3] },
    { file: 'decimal-commas.oxs', name: 'Decimal commas', size: [3, 2], codes: ['310'], cells: [0, -1, -1, -1, -1, 0] },
    { file: 'ignored-extras.oxs', name: 'Extras', size: [2, 2], codes: ['310'], cells: [0, -1, -1, 0] },
  ])('imports $file', async ({ file, name, size, codes, cells }) => {
    const project = await imported(owner, await oxsFixture(file), file);
    expect(project.name).toBe(name);
    expect([project.import_report.width, project.import_report.height]).toEqual(size);
    const document = await documentOf(project);
    expect(document.legend.map((entry) => entry.code)).toEqual(codes);
    expect(document.cells).toEqual(cells);
    expect(project.import_report.thread_mappings.every((mapping) => mapping.matched_by === 'code')).toBe(true);
  });

  it('reports what it did not import, and reads numbers of every form by code', async () => {
    expect((await imported(owner, await oxsFixture('ignored-extras.oxs'))).import_report.not_imported).toEqual({
      full_stitches: 0,
      part_stitches: 1,
      backstitches: 1,
      knots: 0,
      other: 2,
    });
    expect((await imported(owner, await oxsFixture('decimal-commas.oxs'))).import_report.not_imported.backstitches).toBe(0);
    const forms = await imported(owner, await oxsFixture('dmc-number-forms.oxs'));
    expect(forms.import_report.thread_mappings.map((mapping) => [mapping.source, mapping.code])).toEqual([
      ['DMC 943', '943'],
      ['DMC 1', '01'],
      ['blanc', 'Blanc'],
      ['DMC ECRU', 'Ecru'],
    ]);
  });

  it('keeps the last full stitch of a cell and reports the earlier ones it replaced', async () => {
    const palette = '<palette_item index="1" number="DMC 310" color="000000"/><palette_item index="2" number="DMC 321" color="C72B3B"/>';
    const stitches = '<stitch x="0" y="0" palindex="1"/><stitch x="0" y="0" palindex="2"/><stitch x="1" y="0" palindex="1"/><stitch x="1" y="0" palindex="1"/>';
    const project = await imported(owner, oxs({ palette, stitches }));
    expect(project.import_report.not_imported).toEqual({ full_stitches: 1, part_stitches: 0, backstitches: 0, knots: 0, other: 0 });
    expect((await documentOf(project)).cells).toEqual([1, 0, -1, -1, -1, -1]);
  });

  it('keeps Anchor and Madeira threads as themselves and maps unknown codes to the nearest DMC thread, listing each with its ΔE00', async () => {
    const project = await imported(owner, await oxsFixture('other-brands.oxs'));
    const [anchor, dmc, madeira, unknown] = project.import_report.thread_mappings;
    expect(anchor).toEqual({
      source: 'Anchor 403',
      brand: 'anchor',
      code: '403',
      name: findBrandThread('anchor', '403')!.name,
      delta_e: 0,
      matched_by: 'code',
    });
    expect(dmc).toMatchObject({ source: 'DMC 310', brand: 'dmc', code: '310', matched_by: 'code' });
    expect(madeira).toMatchObject({ source: 'Madeira 0813', brand: 'madeira', code: '813', delta_e: 0, matched_by: 'code' });
    expect(unknown).toMatchObject({ source: 'DMC 9999', brand: 'dmc', matched_by: 'colour' });
    expect(unknown!.delta_e).toBeGreaterThan(0);
    expect(unknown!.delta_e).toBeLessThan(10);
    expect(findThread(unknown!.code)?.name).toBe(unknown!.name);
    // Anchor 403 is a thread of its own beside DMC 310, in the legend as the file lists them.
    const document = await documentOf(project);
    expect(document.legend.map((entry) => [entry.brand, entry.code, entry.stitch_count])).toEqual([
      ['anchor', '403', 2],
      ['dmc', '310', 1],
      ['madeira', '813', 1],
      ['dmc', unknown!.code, 1],
    ]);
    expect(project.import_report.threads).toBe(4);
  });

  it('makes colours that name no known thread the nearest of the brand asked for, and refuses a brand it does not know', async () => {
    const project = await imported(owner, await oxsFixture('other-brands.oxs'), 'other.oxs', { brand: 'madeira' });
    const unknown = project.import_report.thread_mappings.find((mapping) => mapping.source === 'DMC 9999')!;
    expect(unknown).toMatchObject({ brand: 'madeira', matched_by: 'colour' });
    expect(findBrandThread('madeira', unknown.code)?.name).toBe(unknown.name);
    // Threads the file names stay themselves whatever the brand asked for.
    expect(project.import_report.thread_mappings.filter((mapping) => mapping.matched_by === 'code').map((mapping) => [mapping.brand, mapping.code])).toEqual([
      ['anchor', '403'],
      ['dmc', '310'],
      ['madeira', '813'],
    ]);
    const refused = await importChart(owner, await oxsFixture('other-brands.oxs'), 'other.oxs', { brand: 'coats' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: { field: string }[] }).errors.map((error) => error.field)).toEqual(['brand']);
  });

  it('gives symbol-font codes, repeated and unknown symbols chart symbols of their own, all different', async () => {
    const document = await documentOf(await imported(owner, await oxsFixture('symbol-font-codes.oxs')));
    const symbols = document.legend.map((entry) => entry.symbol);
    expect(document.legend.map((entry) => entry.code)).toEqual(['310', '321', '943', '3865', '798']);
    expect(symbols[2]).toBe('■');
    expect(new Set(symbols).size).toBe(5);
    for (const symbol of symbols) expect(CHART_SYMBOLS).toContain(symbol);
  });
});
