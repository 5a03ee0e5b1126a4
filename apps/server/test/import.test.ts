import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CHART_SYMBOLS, DMC_THREADS, findThread, parsePatternDocument, type PatternDocument, type PatternDocumentV1 } from '@stitchwise/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedProject } from '../src/contract/imports.js';
import type { Project } from '../src/contract/projects.js';
import type { StitchPlan } from '../src/contract/patterns.js';
import { encodePng, multipartBody } from './support/images.js';
import { newUser, OidcBrowser } from './support/oidc-client.js';
import { DATABASES, startTestServer, type DatabaseUnderTest, type TestServer } from './support/test-server.js';

const fixture = (name: string): Promise<Buffer> => readFile(new URL(`./fixtures/oxs/${name}`, import.meta.url));

/** An OXS chart of `width` × `height` with one DMC 310 stitch per listed cell; `extra` goes inside the chart. */
function oxs({
  width = 3,
  height = 2,
  palette = '<palette_item index="1" number="DMC 310" color="000000"/>',
  stitches = '<stitch x="0" y="0" palindex="1"/>',
  head = '',
  extra = '',
} = {}): string {
  return `${head}<chart><properties oxsversion="1.0" chartwidth="${width}" chartheight="${height}"/><palette><palette_item index="0" number="cloth" color="FFFFFF"/>${palette}</palette><fullstitches>${stitches}</fullstitches>${extra}</chart>`;
}

/** Every file under a folder, however deep. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe.each(DATABASES)('chart import on $name', ({ create }) => {
  let database: DatabaseUnderTest;
  let server: TestServer;
  let owner: string;
  let stranger: string;

  beforeAll(async () => {
    database = await create();
    server = await startTestServer(database.environment);
    owner = (await new OidcBrowser(server.baseUrl).signUp(newUser('importer'))).access_token;
    stranger = (await new OidcBrowser(server.baseUrl).signUp(newUser('stranger'))).access_token;
  });
  afterAll(async () => {
    await server.stop();
    await database.dispose();
  });

  /** A request as `token`'s owner (null: a visitor). */
  const api = (path: string, init: RequestInit = {}, token: string | null = owner): Promise<Response> =>
    fetch(`${server.baseUrl}/api${path}`, { ...init, headers: token ? { authorization: `Bearer ${token}` } : {} });

  const send = (bytes: Buffer | string, filename = 'chart.oxs', fields: Record<string, string> = {}, token: string | null = owner): Promise<Response> =>
    api(
      '/stitch/projects/import',
      { method: 'POST', body: multipartBody(fields, { field: 'file', filename, contentType: 'application/octet-stream', bytes: Buffer.from(bytes) }) },
      token,
    );

  async function imported(bytes: Buffer | string, filename?: string, fields?: Record<string, string>): Promise<ImportedProject> {
    const response = await send(bytes, filename, fields);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as ImportedProject;
  }

  const documentOf = async (project: Project): Promise<PatternDocument> => (await (await fetch(project.outputs.pattern_url!)).json()) as PatternDocument;

  it('makes a project exactly like a generated one from a chart with every section', async () => {
    const { import_report: report, ...project } = await imported(await fixture('full-sections.oxs'), 'heart.oxs');
    expect(report).toEqual({
      format: 'oxs',
      title: 'Heart sampler',
      width: 6,
      height: 4,
      threads: 3,
      stitches: 22,
      marks: { part_stitches: 2, backstitches: 3, knots: 1 },
      thread_mappings: [
        { source: 'DMC 321', dmc_code: '321', dmc_name: findThread('321')!.name, delta_e: 0, matched_by: 'code' },
        { source: 'DMC 310', dmc_code: '310', dmc_name: 'Black', delta_e: 0, matched_by: 'code' },
        { source: 'DMC 3865', dmc_code: '3865', dmc_name: 'Winter White', delta_e: 0, matched_by: 'code' },
      ],
      // Its part stitches, backstitches and knot are imported; only the bead is not.
      not_imported: { full_stitches: 0, part_stitches: 0, backstitches: 0, knots: 0, other: 1 },
    });
    // The same shape, and the same values, as reading the project back.
    expect(project).toEqual(await (await api(`/stitch/projects/${project.id}`)).json());
    expect(project).toMatchObject({
      name: 'Heart sampler',
      status: 'active',
      parameters: { original_size: { width: 6, height: 4 }, colors: 3, cell_size: 12, return_symbols_overlay: true },
      metadata: { total_stitches: 22, colors_count: 3, grid_size: { width: 6, height: 4 }, mean_delta_e: 0 },
      outputs: { input_image_url: null },
    });

    const document = await documentOf(project);
    expect(document.legend.map((entry) => [entry.dmc_code, entry.symbol, entry.stitch_count])).toEqual([
      ['321', '♥', 16],
      ['310', '■', 4],
      ['3865', '○', 2],
    ]);
    expect(document.cells).toEqual([-1, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 2, 0, 0, 2, 1]);
    expect(project.color_legend).toEqual(document.legend);

    // The chart is the one this document draws with symbols, 12 px a stitch, as an exported edit is drawn.
    const chart = Buffer.from(await (await fetch(project.outputs.stitch_plan_url!)).arrayBuffer());
    const exported = await fetch(`${server.baseUrl}/api/stitch/patterns/export?format=png`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
      body: JSON.stringify(document),
    });
    expect(Buffer.from(await exported.arrayBuffer()).equals(chart)).toBe(true);
    const { width, height } = await sharp(chart).metadata();
    expect(project.metadata.canvas_size).toEqual({ width, height });

    const list = (await (await api('/stitch/projects')).json()) as { projects: Project[] };
    expect(list.projects.map((listed) => listed.id)).toContain(project.id);
    expect((await api(`/stitch/projects/${project.id}`, {}, stranger)).status).toBe(404);
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
    const project = await imported(await fixture(file), file);
    expect(project.name).toBe(name);
    expect([project.import_report.width, project.import_report.height]).toEqual(size);
    const document = await documentOf(project);
    expect(document.legend.map((entry) => entry.dmc_code)).toEqual(codes);
    expect(document.cells).toEqual(cells);
    expect(project.import_report.thread_mappings.every((mapping) => mapping.matched_by === 'code')).toBe(true);
  });

  it('reports what it did not import, and reads numbers of every form by code', async () => {
    expect((await imported(await fixture('ignored-extras.oxs'))).import_report.not_imported).toEqual({
      full_stitches: 0,
      part_stitches: 1,
      backstitches: 1,
      knots: 0,
      other: 2,
    });
    expect((await imported(await fixture('decimal-commas.oxs'))).import_report.not_imported.backstitches).toBe(0);
    const forms = await imported(await fixture('dmc-number-forms.oxs'));
    expect(forms.import_report.thread_mappings.map((mapping) => [mapping.source, mapping.dmc_code])).toEqual([
      ['DMC 943', '943'],
      ['DMC 1', '01'],
      ['blanc', 'Blanc'],
      ['DMC ECRU', 'Ecru'],
    ]);
  });

  it('keeps the last full stitch of a cell and reports the earlier ones it replaced', async () => {
    const palette = '<palette_item index="1" number="DMC 310" color="000000"/><palette_item index="2" number="DMC 321" color="C72B3B"/>';
    const stitches = '<stitch x="0" y="0" palindex="1"/><stitch x="0" y="0" palindex="2"/><stitch x="1" y="0" palindex="1"/><stitch x="1" y="0" palindex="1"/>';
    const project = await imported(oxs({ palette, stitches }));
    expect(project.import_report.not_imported).toEqual({ full_stitches: 1, part_stitches: 0, backstitches: 0, knots: 0, other: 0 });
    expect((await documentOf(project)).cells).toEqual([1, 0, -1, -1, -1, -1]);
  });

  it('reads UTF-16 charts and patterns, with or without a byte-order mark', async () => {
    const utf16 = (text: string, order: 'le' | 'be', mark: boolean): Buffer => {
      const le = Buffer.from(`${mark ? '\ufeff' : ''}${text}`, 'utf16le');
      return order === 'le' ? le : le.swap16();
    };
    const pattern = {
      format: 'stitchwise-pattern',
      version: 2,
      width: 2,
      height: 1,
      legend: [{ index: 0, dmc_code: '310', symbol: CHART_SYMBOLS[0] }],
      cells: [0, -1],
      stats: {},
    };
    const chart = oxs({ head: '<?xml version="1.0" encoding="UTF-16"?>\n' }).replace('oxsversion="1.0"', 'charttitle="Ölmühle 刺繍"');
    for (const [order, mark] of [
      ['le', true],
      ['be', true],
      ['le', false],
      ['be', false],
    ] as const) {
      const fromJson = await imported(utf16(`\n  ${JSON.stringify(pattern)}`, order, mark), 'pattern.json');
      expect(fromJson.import_report, `JSON ${order} ${mark}`).toMatchObject({ format: 'json', width: 2, height: 1, stitches: 1 });
      const fromOxs = await imported(utf16(chart, order, mark), 'chart.oxs');
      expect(fromOxs.import_report, `OXS ${order} ${mark}`).toMatchObject({ format: 'oxs', title: 'Ölmühle 刺繍', stitches: 1 });
    }
    // Text that declares UTF-16 but is written in ASCII is read as what it is.
    expect((await imported(chart, 'chart.oxs')).import_report.title).toBe('Ölmühle 刺繍');
  });

  it('drops bidirectional controls and zero-width characters from a title or file name it names a project by', async () => {
    const title = oxs().replace('oxsversion="1.0"', 'charttitle="\u202eRose\u200b garden\u2066"');
    expect((await imported(title)).name).toBe('Rose garden');
    expect((await imported(oxs(), 'Summer\u200f\u202d meadow.oxs')).name).toBe('Summer meadow');
  });

  it('maps other brands and unknown codes to the nearest DMC thread, listing each with its ΔE00', async () => {
    const project = await imported(await fixture('other-brands.oxs'));
    const [anchor, dmc, madeira, unknown] = project.import_report.thread_mappings;
    expect(anchor).toEqual({ source: 'Anchor 403', dmc_code: '310', dmc_name: 'Black', delta_e: 0, matched_by: 'colour' });
    expect(dmc).toMatchObject({ source: 'DMC 310', dmc_code: '310', matched_by: 'code' });
    expect(madeira).toMatchObject({ source: 'Madeira 0813', matched_by: 'colour' });
    expect(unknown).toMatchObject({ source: 'DMC 9999', matched_by: 'colour' });
    for (const mapping of [madeira!, unknown!]) {
      expect(mapping.delta_e).toBeGreaterThan(0);
      expect(mapping.delta_e).toBeLessThan(10);
      expect(findThread(mapping.dmc_code)?.name).toBe(mapping.dmc_name);
    }
    // Anchor 403 and DMC 310 are one thread of the legend, with both colours' stitches.
    const document = await documentOf(project);
    expect(document.legend.map((entry) => [entry.dmc_code, entry.stitch_count])).toEqual([
      ['310', 3],
      [madeira!.dmc_code, 1],
      [unknown!.dmc_code, 1],
    ]);
    expect(project.import_report.threads).toBe(3);
  });

  it('gives symbol-font codes, repeated and unknown symbols chart symbols of their own, all different', async () => {
    const document = await documentOf(await imported(await fixture('symbol-font-codes.oxs')));
    const symbols = document.legend.map((entry) => entry.symbol);
    expect(document.legend.map((entry) => entry.dmc_code)).toEqual(['310', '321', '943', '3865', '798']);
    expect(symbols[2]).toBe('■');
    expect(new Set(symbols).size).toBe(5);
    for (const symbol of symbols) expect(CHART_SYMBOLS).toContain(symbol);
  });

  it('names the project by the name field, else the title, else the file name', async () => {
    expect((await imported(await fixture('full-sections.oxs'), 'x.oxs', { name: '  My heart  ' })).name).toBe('My heart');
    expect((await imported(oxs(), 'C:\\Charts\\Summer garden.oxs')).name).toBe('Summer garden');
    expect((await imported(oxs(), 'chart.oxs', { name: '' })).name).toBe('chart');
    const latin1 = Buffer.from(oxs({ head: '<?xml version="1.0" encoding="windows-1252"?>' }).replace('oxsversion="1.0"', 'charttitle="Café crème"'), 'latin1');
    expect((await imported(latin1)).name).toBe('Café crème');
  });

  it('imports its own pattern JSON, and its own OXS export of a generated and of an imported chart, as the same chart', async () => {
    const image = encodePng(40, 30, (x, y) => [x < 20 ? 220 : 30, y < 15 ? 60 : 190, (x * y) % 255]);
    const generated = await api('/stitch/generate', {
      method: 'POST',
      body: multipartBody(
        { colors: '6', max_side: '40', project_name: 'Harbour' },
        { field: 'image_file', filename: 'harbour.png', contentType: 'image/png', bytes: image },
      ),
    });
    const plan = (await generated.json()) as StitchPlan;
    // A chart with empty cells: a JSON document of catalogue threads, imported first.
    // A version 1 document (full stitches only), as saved before part stitches: it still imports.
    const withGaps: PatternDocumentV1 = {
      format: 'stitchwise-pattern',
      version: 1,
      width: 5,
      height: 3,
      legend: ['310', '321', 'B5200'].map((code, index) => {
        const { hex, name, r, g, b } = findThread(code)!;
        return { index, hex, symbol: CHART_SYMBOLS[index + 3]!, dmc_code: code, dmc_name: name, stitch_count: 0, rgb: { r, g, b } };
      }),
      cells: [0, 0, -1, 1, 1, -1, 2, 2, 2, -1, 0, -1, 1, -1, 0],
      stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 0 },
    };
    withGaps.legend.forEach((entry, index) => (entry.stitch_count = withGaps.cells.filter((cell) => cell === index).length));
    const fromJson = await imported(JSON.stringify(withGaps), 'gaps.json');
    expect(fromJson.import_report).toMatchObject({ format: 'json', title: null, threads: 3, stitches: 10, thread_mappings: [] });
    expect(fromJson.name).toBe('gaps');

    for (const projectId of [plan.project_id!, fromJson.id]) {
      const original = parsePatternDocument(await (await api(`/stitch/projects/${projectId}/export?format=json`)).text());
      const exported = await (await api(`/stitch/projects/${projectId}/export?format=oxs`)).text();
      const again = await imported(exported, 'again.oxs');
      const back = parsePatternDocument(JSON.stringify(await documentOf(again)));
      expect([back.width, back.height]).toEqual([original.width, original.height]);
      expect(back.legend).toEqual(original.legend);
      expect(Array.from(back.cells)).toEqual(Array.from(original.cells));
      expect(again.import_report.thread_mappings.every((mapping) => mapping.matched_by === 'code' && mapping.delta_e === 0)).toBe(true);
    }
  });

  it('takes charts over the 10 MB image limit, up to 32 MB, and answers 413 past it', async () => {
    const stitches = Array.from({ length: 500 * 500 }, (_, i) => `<stitch x="${i % 500}" y="${Math.floor(i / 500)}" palindex="${(i % 7) + 1}"/>`).join('\n');
    const palette = DMC_THREADS.slice(0, 7)
      .map((thread, i) => `<palette_item index="${i + 1}" number="DMC ${thread.code}" color="${thread.hex.slice(1)}"/>`)
      .join('');
    const padding = `<backstitches>${'<backstitch x1="1" x2="2" y1="1" y2="2" palindex="1" objecttype="backstitch"/>\n'.repeat(50_000)}</backstitches>`;
    const big = oxs({ width: 500, height: 500, palette, stitches, extra: padding });
    expect(big.length).toBeGreaterThan(12 * 1024 * 1024);
    const project = await imported(big, 'big.oxs');
    expect(project.import_report).toMatchObject({ width: 500, height: 500, threads: 7, stitches: 250_000, not_imported: { backstitches: 49_999 } }); // one line, repeated

    const tooBig = await send(Buffer.alloc(32 * 1024 * 1024 + 1, 0x20), 'huge.oxs');
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { detail: string }).detail).toBe('The file is larger than the 32 MB limit.');
  }, 60_000);

  it('refuses hostile and broken files with a sentence, storing nothing', async () => {
    const filesFolder = join(server.config.dataDir, 'files');
    const filesBefore = await filesUnder(filesFolder);
    const projectsBefore = ((await (await api('/stitch/projects')).json()) as { total: number }).total;
    const laughs = `<?xml version="1.0"?><!DOCTYPE chart [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><chart><properties charttitle="&lol3;"/></chart>`;
    const fiftyOne = oxs({
      width: 51,
      height: 1,
      palette: DMC_THREADS.slice(0, 51)
        .map((thread, i) => `<palette_item index="${i + 1}" number="DMC ${thread.code}" color="808080"/>`)
        .join(''),
      stitches: Array.from({ length: 51 }, (_, i) => `<stitch x="${i}" y="0" palindex="${i + 1}"/>`).join(''),
    });
    const cases: [string, Buffer | string, RegExp][] = [
      ['billion laughs', laughs, /declares a document type/],
      ['an external entity', '<!DOCTYPE chart [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><chart>&xxe;</chart>', /declares a document type/],
      [
        'an undefined entity',
        oxs({ extra: '<commentboxes><commentbox boxwords="&xxe;"/></commentboxes>' }),
        /entity or character reference that is not allowed/,
      ],
      ['a grid over 500 × 500', oxs({ width: 501, height: 20 }), /^The chart is 501 × 20 stitches; at most 500 × 500 can be imported\.$/],
      ['a grid of zero size', oxs({ width: 0 }), /width is "0"; it must be a whole number of stitches from 1 to 500/],
      [
        'a stitch outside the grid',
        oxs({ stitches: '<stitch x="3" y="1" palindex="1"/>' }),
        /^A stitch at x=3, y=1 is outside the chart, which is 3 × 2 stitches/,
      ],
      ['a palette index that does not exist', oxs({ stitches: '<stitch x="0" y="0" palindex="9"/>' }), /uses palette index 9, which the palette does not have/],
      ['more than 50 threads', fiftyOne, /uses 51 threads .* at most 50/],
      ['not XML at all', 'Just some notes about my chart.', /not a chart that can be imported\. Send an OXS chart .* or a Stitchwise pattern \(\.json\)/],
      ['an image', encodePng(4, 4, () => [1, 2, 3]), /This one is an image/],
      ['a web page', '<!DOCTYPE html><html><body>hi</body></html>', /declares a document type/],
      ['XML that is not a chart', '<svg xmlns="http://www.w3.org/2000/svg"/>', /root element is <svg>, not <chart>/],
      ['a chart cut short', oxs().slice(0, -20), /not well-formed XML \(line 1, column \d+\)/],
      [
        'text that is not UTF-8',
        Buffer.concat([Buffer.from('<chart><properties charttitle="'), Buffer.from([0xff, 0xfe, 0xfd]), Buffer.from('"/></chart>')]),
        /not valid UTF-8 text/,
      ],
      ['an unknown encoding', oxs({ head: '<?xml version="1.0" encoding="x-martian"?>' }), /"x-martian" encoding, which cannot be read here/],
      ['an empty file', '', /^The file is empty\.$/],
      [
        'a chart of cloth only',
        oxs({ stitches: '<stitch x="0" y="0" palindex="0"/><stitch x="1" y="1" palindex="0"/>' }),
        /^This chart has no stitches: there is nothing to import\.$/,
      ],
      ['a chart without a stitch', oxs({ stitches: '' }), /^This chart has no stitches: there is nothing to import\.$/],
      [
        'a chart whose only marks are outside it',
        oxs({ stitches: '', extra: '<ornaments_inc_knots_and_beads><object x1="9" y1="9" palindex="1" objecttype="knot"/></ornaments_inc_knots_and_beads>' }),
        /^This chart has no stitches: there is nothing to import\. \(1 of its stitches, marks or ornaments cannot be imported\.\)$/,
      ],
      [
        'a pattern without a stitch',
        JSON.stringify({
          format: 'stitchwise-pattern',
          version: 2,
          width: 2,
          height: 1,
          legend: [{ index: 0, dmc_code: '310', symbol: '■' }],
          cells: [-1, -1],
          stats: {},
        }),
        /^This chart has no stitches: there is nothing to import\.$/,
      ],
      ['a PDF', '%PDF-1.7\n%\u00e2\u00e3\n1 0 obj', /not a chart that can be imported\. .* This one is a PDF document, which cannot be read back into a chart/],
      ['a ZIP archive', Buffer.from('PK\x03\x04\x14\x00\x00\x00', 'latin1'), /This one is a ZIP archive .*: unpack it and send the chart inside\.$/],
      ['a gzip file', Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00]), /This one is compressed with gzip/],
      [
        'UTF-16 text that is not a chart',
        Buffer.from('\ufeffMy notes', 'utf16le'),
        /not a chart that can be imported\. .* This one is UTF-16 text, but neither XML nor JSON\.$/,
      ],
      [
        'UTF-16 cut in the middle of a character',
        Buffer.concat([Buffer.from(`\ufeff${oxs()}`, 'utf16le'), Buffer.from([0x3c])]),
        /^The file is not valid UTF-16LE text, as its byte-order mark says\.$/,
      ],
      ['broken JSON', '{"format": "stitchwise-pattern", "cells": [1, 2', /cannot be read as JSON/],
      ['JSON that is not a pattern', '{"hello": "world"}', /This JSON file is not a Stitchwise pattern\. Send an OXS chart/],
      [
        'a pattern with an unknown thread',
        JSON.stringify({
          format: 'stitchwise-pattern',
          version: 1,
          width: 1,
          height: 1,
          legend: [{ index: 0, dmc_code: '99999', symbol: '■' }],
          cells: [0],
          stats: {},
        }),
        /legend\.0\.dmc_code "99999" is not a DMC thread code/,
      ],
    ];
    for (const [label, bytes, detail] of cases) {
      const response = await send(bytes);
      const problem = (await response.json()) as { code: string; detail: string; errors?: { field: string }[] };
      expect(response.status, label).toBe(400);
      expect(response.headers.get('content-type'), label).toMatch(/^application\/problem\+json/);
      expect(problem.code, label).toBe('invalid_chart_file');
      expect(problem.detail, label).toMatch(detail);
      expect(problem.errors?.[0]?.field, label).toBe('file');
    }
    expect(await filesUnder(filesFolder)).toEqual(filesBefore);
    expect(((await (await api('/stitch/projects')).json()) as { total: number }).total).toBe(projectsBefore);
  });

  it('needs an account and a file', async () => {
    expect((await send(oxs(), 'chart.oxs', {}, null)).status).toBe(401);
    const noFile = await api('/stitch/projects/import', { method: 'POST', body: multipartBody({ name: 'x' }) });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as { detail: string }).detail).toBe('Send the chart file as file.');
  });
});
