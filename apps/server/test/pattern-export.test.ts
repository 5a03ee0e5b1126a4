import { CHART_SYMBOLS, DMC_THREADS, findThread, parseOxs, type LegendEntry, type PatternDocument } from '@stitchwise/core';
import { pdfPageTexts as pageTexts } from './support/pdf-text.js';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { chartLayout } from '../src/render/chart.js';
import { generatedPlan, problemOf as refusal } from './support/chart-calls.js';
import { legendEntry } from './support/pattern-fixtures.js';
import { useTestServer } from './support/harness.js';
import { encodePng } from './support/images.js';

/** Catalogue codes that are not in a legend, for threads an edit brings in. */
const codesOutside = (legend: readonly LegendEntry[]): string[] => DMC_THREADS.map((t) => t.code).filter((code) => !legend.some((e) => e.dmc_code === code));
const symbolsOutside = (legend: readonly LegendEntry[]): string[] => CHART_SYMBOLS.filter((symbol) => !legend.some((e) => e.symbol === symbol));

/**
 * What the editor would send after a stitcher's edits of a generated chart: thread 0 replaced by another
 * thread everywhere, a 10 × 10 block painted with a new thread, a thread added but never used — and every
 * entry's name, colour and count wrong, as a careless or hostile client might send them.
 */
function edit(original: PatternDocument): PatternDocument {
  const [replacement, painted, unused] = codesOutside(original.legend);
  const [paintedSymbol, unusedSymbol] = symbolsOutside(original.legend);
  const n = original.legend.length;
  const lie = { hex: '#00ff00', name: 'Lime (trust me)', dmc_name: 'Lime (trust me)', stitch_count: 1, rgb: { r: 0, g: 255, b: 0 } };
  const legend: LegendEntry[] = [
    ...original.legend.map((entry, index) => ({ ...entry, ...lie, ...(index === 0 ? { code: replacement!, dmc_code: replacement! } : {}) })),
    { ...legendEntry(unused!, n, 0, unusedSymbol), ...lie },
    { ...legendEntry(painted!, n + 1, 0, paintedSymbol), ...lie },
  ];
  const cells = original.cells.map((index, cell) => (cell % original.width < 10 && cell < original.width * 10 ? n + 1 : index));
  return { ...original, legend, cells, stats: { confetti_before: 0.9, confetti_after: 0.9, mean_delta_e: 42 } };
}

/** The legend the server must answer for a document: used threads in the document's order, from the catalogue, counted. */
function expectedLegend(document: PatternDocument): { code: string; name: string; symbol: string; count: number }[] {
  return document.legend
    .map((entry, index) => ({
      code: findThread(entry.dmc_code)!.code,
      name: findThread(entry.dmc_code)!.name,
      symbol: entry.symbol,
      count: document.cells.filter((cell) => cell === index).length,
    }))
    .filter((entry) => entry.count > 0);
}

/** A document `width` × `height` whose cells cycle through the first `threads` catalogue threads. */
function sized(width: number, height: number, threads: number): PatternDocument {
  const legend = DMC_THREADS.slice(0, threads).map((thread, index) => legendEntry(thread.code, index, 0, CHART_SYMBOLS[index]));
  const cells = Array.from({ length: width * height }, (_, cell) => cell % threads);
  return {
    format: 'stitchwise-pattern',
    version: 3,
    width,
    height,
    legend,
    cells,
    part_stitches: [],
    backstitches: [],
    knots: [],
    stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 0 },
  };
}

describe('POST /api/stitch/patterns/export', () => {
  const suite = useTestServer({ users: ['editor'] });
  const editor = suite.user('editor');
  let original: PatternDocument;
  let edited: PatternDocument;

  /** A pattern document (a string is sent as it is, as `type`) exported by a visitor, or by the editor when `signedIn`. */
  const exportOf = (body: unknown, query = '', { signedIn = false, type = 'application/json' } = {}): Promise<Response> =>
    (signedIn ? editor : suite.visitor).api(
      `/stitch/patterns/export${query}`,
      typeof body === 'string' ? { method: 'POST', headers: { 'content-type': type }, body } : { method: 'POST', json: body },
    );

  beforeAll(async () => {
    const image = encodePng(60, 40, (x, y) => [x < 30 ? 210 : 40, y < 20 ? 70 : 180, (x * 5 + y * 3) % 255]);
    const plan = await generatedPlan(suite.visitor, { colors: '6', max_side: '50' }, image, 'meadow.png');
    original = (await (await fetch(plan.pattern_url)).json()) as PatternDocument;
    edited = edit(original);
  }, 60_000);

  it('prints the edited chart as a PDF whose thread list names the catalogue threads, not what the document claimed', async () => {
    const response = await exportOf(edited, '?format=pdf&name=Meadow%20edit');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="meadow-edit.pdf"');
    // PDF.js splits runs at spaces, and the runs are joined with spaces: compare with spaces squashed.
    const [cover, threadList] = (await pageTexts(await response.arrayBuffer())).map((text) => text.replace(/ +/g, ' '));
    expect(cover).toContain('Meadow edit');
    const expected = expectedLegend(edited);
    expect(expected.map((e) => e.code)).toContain(edited.legend.at(-1)!.dmc_code); // the painted thread
    // One row per thread used: symbol, code, catalogue name, stitches counted from the cells.
    for (const { code, name, symbol, count } of expected) expect(threadList).toContain(`${symbol} ${code} ${name} ${count.toLocaleString('en')} `);
    expect(threadList).not.toContain('trust me');
    // No other row: the replaced thread and the added but unused one are left out.
    const rows = DMC_THREADS.filter((thread) => threadList!.includes(` ${thread.code} ${thread.name} `)).map((thread) => thread.code);
    expect(rows.sort()).toEqual(expected.map((e) => e.code).sort());
  });

  it('writes OXS that reads back as the edited chart, with catalogue colours and counts from the cells', async () => {
    const response = await exportOf(edited, '?format=oxs&fabric=18');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    // Sent without a name: titled and named by what it is and its size.
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="cross-stitch-chart-${original.width}-${original.height}-stitches.oxs"`);
    const chart = parseOxs(await response.text());
    expect([chart.width, chart.height]).toEqual([original.width, original.height]);
    expect(chart.legend.map((e) => ({ code: e.dmc_code, name: e.dmc_name, symbol: e.symbol, count: e.stitch_count }))).toEqual(expectedLegend(edited));
    for (const entry of chart.legend) expect(entry.hex).toBe(findThread(entry.dmc_code)!.hex);
    // Cell (0, 0) was painted with the new thread, drawn in its catalogue colour.
    expect(chart.legend[chart.cells[0]!]!.dmc_code).toBe(edited.legend.at(-1)!.dmc_code);
  });

  it('draws the chart PNG at 12 px a stitch in catalogue colours, with symbols for signed-in users only', async () => {
    const painted = findThread(edited.legend.at(-1)!.dmc_code)!;
    const layout = chartLayout(edited, 12);
    const centreOfFirstCell = async (response: Response): Promise<number[]> => {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const { data, info } = await sharp(Buffer.from(await response.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([layout.width, layout.height]);
      // The inside of cell (0, 0): past the heavy lines on its top and left edges (2 px each).
      const inside = Array.from({ length: 100 }, (_, i) => (layout.top + 2 + Math.floor(i / 10)) * info.width + layout.left + 2 + (i % 10));
      return inside.flatMap((p) => [...data.subarray(p * info.channels, p * info.channels + 3)]);
    };
    const visitor = await centreOfFirstCell(await exportOf(edited, '?format=png'));
    for (let i = 0; i < visitor.length; i += 3) expect(visitor.slice(i, i + 3)).toEqual([painted.r, painted.g, painted.b]);
    const member = await centreOfFirstCell(await exportOf(edited, '?format=png', { signedIn: true }));
    expect(member).not.toEqual(visitor); // the symbol's ink
  });

  it('takes a whole 500 × 500 chart of 50 threads from a signed-in user (over 1 MB of JSON)', async () => {
    // Indented, as a client may well send it: past the 1 MB that bodies are held to elsewhere.
    const big = JSON.stringify(sized(500, 500, 50), null, 1);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const response = await exportOf(big, '?format=oxs', { signedIn: true });
    expect(response.status).toBe(200);
    const chart = parseOxs(await response.text());
    expect([chart.width, chart.height, chart.legend.length]).toEqual([500, 500, 50]);
  }, 60_000);

  it.each([
    ['a cell past the legend', (d: PatternDocument) => ({ ...d, cells: d.cells.map((c, i) => (i === 7 ? d.legend.length : c)) }), 'cells.7'],
    ['an unknown thread code', (d: PatternDocument) => ({ ...d, legend: d.legend.map((e, i) => (i === 1 ? { ...e, code: '99999' } : e)) }), 'legend.1.code'],
    [
      'the same thread twice',
      (d: PatternDocument) => ({ ...d, legend: d.legend.map((e, i) => (i === 2 ? { ...e, code: d.legend[0]!.code } : e)) }),
      'legend.2.code',
    ],
    [
      'a symbol outside the chart set',
      (d: PatternDocument) => ({ ...d, legend: d.legend.map((e, i) => (i === 1 ? { ...e, symbol: 'x' } : e)) }),
      'legend.1.symbol',
    ],
    ['cells one short', (d: PatternDocument) => ({ ...d, cells: d.cells.slice(1) }), 'cells'],
    ['501 stitches across', () => sized(501, 10, 3), 'width'],
    ['51 threads', () => sized(20, 20, 51), 'legend'],
  ])('refuses %s with 400 invalid_pattern naming the field', async (_name, change, field) => {
    for (const signedIn of [false, true]) {
      const { status, code, fields } = await refusal(await exportOf(change(edited), '?format=pdf', { signedIn }));
      expect({ status, code, fields }).toEqual({ status: 400, code: 'invalid_pattern', fields: [field] });
    }
  });

  it('refuses what is not a pattern document at all with 400, never a 500', async () => {
    const { legend: _legend, ...withoutLegend } = edited;
    const bodies: [unknown, string][] = [
      [null, 'invalid_request'],
      [[edited], 'invalid_request'],
      ['"stitchwise-pattern"', 'invalid_request'],
      [withoutLegend, 'invalid_request'],
      [{ ...edited, width: '50' }, 'invalid_request'],
      [{ ...edited, legend: [null] }, 'invalid_request'],
      [{ ...edited, cells: edited.cells.map(String) }, 'invalid_request'],
      [{ ...edited, cells: new Array<number>(250_001).fill(0) }, 'invalid_request'], // refused by its length
      ['{"format": "stitchwise-pattern",', 'malformed_json'],
    ];
    for (const [body, expectedCode] of bodies) {
      const { status, code } = await refusal(await exportOf(body));
      expect({ status, code }, JSON.stringify(body).slice(0, 60)).toEqual({ status: 400, code: expectedCode });
    }
  });

  it('holds visitors to 10 threads and 100 stitches with 403 sign_in_required; a signed-in user may go further', async () => {
    for (const [document, field] of [
      [sized(40, 40, 11), 'legend'],
      [sized(150, 20, 3), 'width'],
      [sized(20, 101, 3), 'height'],
    ] as const) {
      const visitor = await refusal(await exportOf(document, '?format=oxs'));
      expect(visitor).toMatchObject({ status: 403, code: 'sign_in_required', fields: [field] });
      expect(visitor.detail).toMatch(/^Sign in to export a chart with more than .*\. Without an account, charts have up to 10 threads and 100 stitches/);
      const member = await exportOf(document, '?format=oxs', { signedIn: true });
      expect(member.status).toBe(200);
      await member.arrayBuffer();
    }
    // Threads the legend lists but no stitch uses do not count against a visitor.
    const padded = sized(30, 30, 10);
    padded.legend.push(legendEntry(DMC_THREADS[10]!.code, 10, 0, CHART_SYMBOLS[10]));
    const accepted = await exportOf(padded, '?format=oxs');
    expect(accepted.status).toBe(200);
    expect(parseOxs(await accepted.text()).legend).toHaveLength(10);
  });

  it('reads only JSON up to 4 MB, and refuses a bad token or query', async () => {
    const asText = await refusal(await exportOf(JSON.stringify(edited), '', { type: 'text/plain' }));
    expect(asText).toMatchObject({ status: 415, code: 'unsupported_media_type' });
    const spaced = `${JSON.stringify(edited)}${' '.repeat(4 * 1024 * 1024)}`;
    expect((await refusal(await exportOf(spaced))).status).toBe(413);
    const badToken = await suite.visitor.api('/stitch/patterns/export', {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-token' },
      json: edited,
    });
    expect((await refusal(badToken)).status).toBe(401);
    for (const [query, field] of [
      ['?format=json', 'format'],
      ['?paper=a3', 'paper'],
      ['?fabric=15', 'fabric'],
      [`?name=${'x'.repeat(101)}`, 'name'],
      ['?name=Meadow%00', 'name'],
    ]) {
      expect(await refusal(await exportOf(edited, query)), query).toMatchObject({ status: 400, fields: [field] });
    }
  });
});
