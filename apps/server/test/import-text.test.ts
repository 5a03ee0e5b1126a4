import { CHART_SYMBOLS, parsePatternDocument, type PatternDocumentV1 } from '@stitchwise/core';
import { describe, expect, it } from 'vitest';
import type { StitchPlan } from '../src/contract/patterns.js';
import { documentOf, imported, oxs, oxsFixture } from './support/chart-files.js';
import { useTestServer } from './support/harness.js';
import { encodePng } from './support/images.js';
import { legendEntry } from './support/pattern-fixtures.js';
import { generate } from './support/stitch-requests.js';
import { DATABASES } from './support/test-server.js';

/** Chart files as text: their encodings, the names they give a project, and Stitchwise's own files read back. */
describe.each(DATABASES)('chart import of text and names on $name', (database) => {
  const suite = useTestServer({ database, users: ['importer', 'repeater', 'neighbour'] });
  const owner = suite.user('importer');

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
      const fromJson = await imported(owner, utf16(`\n  ${JSON.stringify(pattern)}`, order, mark), 'pattern.json');
      expect(fromJson.import_report, `JSON ${order} ${mark}`).toMatchObject({ format: 'json', width: 2, height: 1, stitches: 1 });
      const fromOxs = await imported(owner, utf16(chart, order, mark), 'chart.oxs');
      expect(fromOxs.import_report, `OXS ${order} ${mark}`).toMatchObject({ format: 'oxs', title: 'Ölmühle 刺繍', stitches: 1 });
    }
    // Text that declares UTF-16 but is written in ASCII is read as what it is.
    expect((await imported(owner, chart, 'chart.oxs')).import_report.title).toBe('Ölmühle 刺繍');
  });

  it('drops bidirectional controls and zero-width characters from a title or file name it names a project by', async () => {
    const title = oxs().replace('oxsversion="1.0"', 'charttitle="\u202eRose\u200b garden\u2066"');
    expect((await imported(owner, title)).name).toBe('Rose garden');
    expect((await imported(owner, oxs(), 'Summer\u200f\u202d meadow.oxs')).name).toBe('Summer meadow');
  });

  it('names the project by the name field, else the title, else the file name', async () => {
    expect((await imported(owner, await oxsFixture('full-sections.oxs'), 'x.oxs', { name: '  My heart  ' })).name).toBe('My heart');
    expect((await imported(owner, oxs(), 'C:\\Charts\\Summer garden.oxs')).name).toBe('Summer garden');
    expect((await imported(owner, oxs(), 'chart.oxs', { name: '' })).name).toBe('chart');
    const latin1 = Buffer.from(oxs({ head: '<?xml version="1.0" encoding="windows-1252"?>' }).replace('oxsversion="1.0"', 'charttitle="Café crème"'), 'latin1');
    expect((await imported(owner, latin1)).name).toBe('Café crème');
  });

  it("says an import was imported when its name would repeat one of the user's projects, counting on", async () => {
    const repeater = suite.user('repeater');
    const roses = oxs().replace('oxsversion="1.0"', 'charttitle="Roses"');
    // Another user's project of that name is not the repeater's.
    expect((await imported(suite.user('neighbour'), roses)).name).toBe('Roses');
    const generated = await generate(
      repeater,
      { colors: '4', max_side: '30', project_name: 'Roses' },
      encodePng(30, 20, (x) => [x * 8, 90, 140]),
    );
    expect(generated.status).toBe(200);
    const names: string[] = [];
    for (let i = 0; i < 3; i++) names.push((await imported(repeater, roses)).name);
    expect(names).toEqual(['Roses (imported)', 'Roses (imported 2)', 'Roses (imported 3)']);
    // A name given in the form is kept apart the same way; a name told apart only by case is not the same.
    expect((await imported(repeater, oxs(), 'x.oxs', { name: 'Roses' })).name).toBe('Roses (imported 4)');
    expect((await imported(repeater, oxs(), 'x.oxs', { name: 'roses' })).name).toBe('roses');
    // A long name is shortened so that the mark fits the 100 characters a name may have.
    const long = 'L'.repeat(100);
    expect((await imported(repeater, oxs(), 'x.oxs', { name: long })).name).toBe(long);
    expect((await imported(repeater, oxs(), 'x.oxs', { name: long })).name).toBe(`${'L'.repeat(89)} (imported)`);
    const listed = await (await repeater.api('/stitch/projects?limit=100')).json();
    expect((listed as { total: number }).total).toBe(8);
  });

  it('imports its own pattern JSON, and its own OXS export of a generated and of an imported chart, as the same chart', async () => {
    const image = encodePng(40, 30, (x, y) => [x < 20 ? 220 : 30, y < 15 ? 60 : 190, (x * y) % 255]);
    const generated = await generate(owner, { colors: '6', max_side: '40', project_name: 'Harbour' }, image);
    const plan = (await generated.json()) as StitchPlan;
    // A chart with empty cells: a JSON document of catalogue threads, imported first.
    // A version 1 document (full stitches only), as saved before part stitches: it still imports.
    const withGaps: PatternDocumentV1 = {
      format: 'stitchwise-pattern',
      version: 1,
      width: 5,
      height: 3,
      legend: ['310', '321', 'B5200'].map((code, index) => legendEntry(code, index, 0, CHART_SYMBOLS[index + 3])),
      cells: [0, 0, -1, 1, 1, -1, 2, 2, 2, -1, 0, -1, 1, -1, 0],
      stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 0 },
    };
    withGaps.legend.forEach((entry, index) => (entry.stitch_count = withGaps.cells.filter((cell) => cell === index).length));
    const fromJson = await imported(owner, JSON.stringify(withGaps), 'gaps.json');
    expect(fromJson.import_report).toMatchObject({ format: 'json', title: null, threads: 3, stitches: 10, thread_mappings: [] });
    expect(fromJson.name).toBe('gaps');

    for (const projectId of [plan.project_id!, fromJson.id]) {
      const original = parsePatternDocument(await (await owner.api(`/stitch/projects/${projectId}/export?format=json`)).text());
      const exported = await (await owner.api(`/stitch/projects/${projectId}/export?format=oxs`)).text();
      const again = await imported(owner, exported, 'again.oxs');
      const back = parsePatternDocument(JSON.stringify(await documentOf(again)));
      expect([back.width, back.height]).toEqual([original.width, original.height]);
      expect(back.legend).toEqual(original.legend);
      expect(Array.from(back.cells)).toEqual(Array.from(original.cells));
      expect(again.import_report.thread_mappings.every((mapping) => mapping.matched_by === 'code' && mapping.delta_e === 0)).toBe(true);
    }
  });
});
