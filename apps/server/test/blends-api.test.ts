import {
  blendOf,
  CHART_SYMBOLS,
  findBrandThread,
  findThread,
  fromGenerationFields,
  legendEntryOf,
  namedThread,
  parsePatternDocument,
  type LegendEntry,
  type PatternDocument,
  type Thread,
} from '@stitchwise/core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StitchPlan } from '../src/contract/patterns.js';
import type { Project } from '../src/contract/projects.js';
import type { ShoppingList } from '../src/contract/shopping-list.js';
import { chartLayout } from '../src/render/chart.js';
import { documentOf, imported } from './support/chart-files.js';
import { useTestServer, type ApiClient } from './support/harness.js';
import { PHOTOS } from './support/images.js';
import { patternDocument } from './support/pattern-fixtures.js';
import { pdfPageTexts } from './support/pdf-text.js';
import { generate, importChart, readPattern, savePattern } from './support/stitch-requests.js';
import { DATABASES } from './support/test-server.js';

const dmc = (code: string): Thread => findThread(code)!;
const entryOf = (thread: Thread, index: number, stitches: number): LegendEntry => legendEntryOf(namedThread(thread), index, CHART_SYMBOLS[index]!, stitches);
const isBlend = (entry: LegendEntry): boolean => entry.threads.length === 2;
const physicalThreads = (legend: readonly LegendEntry[]): Set<string> => new Set(legend.flatMap((entry) => entry.threads.map((t) => `${t.brand}:${t.code}`)));

/**
 * A 60 × 50 chart of 1,500 stitches of `a` and 1,500 of the blend of `a` and `b` (one strand each), `b` stitched
 * in the blend only. On 14-count a plain stitch takes 20.15 mm of single strand (15 % spare included), a blend
 * 10.07 mm of each thread: `a` 1,500 × 30.22 mm = 45.3 m, 0.94 of a 48 m skein (counted apart, plain and blend
 * would be 1 + 1); `b` 15.1 m, 0.31 of a skein. On 11-count a plain stitch takes three strands, a blend still one
 * of each: `a` 76.9 m, 1.6 skeins; `b` 19.2 m.
 */
function blendChart(a: Thread, b: Thread): PatternDocument {
  const cells = Array.from({ length: 3000 }, (_, i) => (i < 1500 ? 0 : 1));
  return patternDocument({ width: 60, height: 50, legend: [entryOf(a, 0, 1500), entryOf(blendOf(a, b), 1, 1500)], cells });
}

/** The chart of 310 and its blend with 413. */
const greys = (): PatternDocument => blendChart(dmc('310'), dmc('413'));

const squash = (text: string): string => text.replace(/\s+/g, ' ');

describe.each(DATABASES)('blends on $name', (database) => {
  const suite = useTestServer({ database, users: ['stitcher'] });
  const stitcher = suite.user('stitcher');

  async function charted(client: ApiClient, fields: Record<string, string>): Promise<{ plan: StitchPlan; document: PatternDocument }> {
    const response = await generate(client, { max_side: '50', project_name: 'Lighthouse', ...fields }, PHOTOS.kodim21());
    expect(response.status, await response.clone().text()).toBe(200);
    const plan = (await response.json()) as StitchPlan;
    return { plan, document: (await (await fetch(plan.pattern_url)).json()) as PatternDocument };
  }
  const projectOf = async (id: string): Promise<Project> => (await (await stitcher.api(`/stitch/projects/${id}`)).json()) as Project;

  describe('generation', () => {
    it.each([
      ['a visitor', '8'],
      ['a signed-in user', '12'],
    ])('charts with blends for %s: blends of at most `colors` threads to buy, the setting kept in its project', async (who, colors) => {
      const client = who === 'a visitor' ? suite.visitor : stitcher;
      const { plan, document } = await charted(client, { colors, blends: 'on' });
      const blends = document.legend.filter(isBlend);
      expect(blends.length).toBeGreaterThan(0);
      expect(physicalThreads(document.legend).size).toBeLessThanOrEqual(Number(colors));
      expect(document.legend.length).toBeLessThanOrEqual(50);
      for (const entry of blends) {
        expect(entry.threads.map((thread) => thread.strands)).toEqual([1, 1]);
        expect(entry.code).toBe(entry.threads.map((thread) => thread.code).join('+'));
      }
      expect(plan.legend_data).toEqual(document.legend);
      // The stored document reads back whole (every cell names an entry, counts match).
      expect(parsePatternDocument(JSON.stringify(document)).legend).toEqual(document.legend);
      // A user's project keeps the setting; a visitor's result keeps it too, in the project claimed after signing in.
      let projectId = plan.project_id;
      if (!projectId) {
        const claimed = await stitcher.api('/stitch/projects/claim', { method: 'POST', json: { token: plan.claim!.token, name: 'Claimed' } });
        expect(claimed.status).toBe(201);
        projectId = ((await claimed.json()) as Project).id;
      }
      const project = await projectOf(projectId);
      expect(project.parameters).toMatchObject({ blends: 'on', colors: Number(colors) });
      expect(project.color_legend).toEqual(document.legend);
      // 'Regenerate with new settings' reads the settings back from the parameters.
      expect(fromGenerationFields(project.parameters).blends).toBe('on');
    });

    it('leaves blends off unless asked, and says so in the project', async () => {
      const { plan, document } = await charted(stitcher, { colors: '12' });
      expect(document.legend.filter(isBlend)).toEqual([]);
      expect((await projectOf(plan.project_id!)).parameters).toMatchObject({ blends: 'off' });
      const off = await charted(suite.visitor, { colors: '8', blends: 'off' });
      expect(off.document.legend.filter(isBlend)).toEqual([]);
    });

    it('refuses blends other than off or on, naming the field, for visitors and users', async () => {
      for (const client of [suite.visitor, stitcher]) {
        const response = await generate(client, { colors: '8', max_side: '30', blends: 'maybe', project_name: 'Refused' }, PHOTOS.kodim21());
        expect(response.status).toBe(400);
        expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(await response.json()).toMatchObject({ code: 'invalid_request', errors: [{ field: 'blends', message: 'blends must be off or on' }] });
      }
    });
  });

  describe('a chart with a blend', () => {
    let project: Project;
    beforeAll(async () => {
      project = await imported(stitcher, JSON.stringify(greys()), 'greys.json', { name: 'Greys' });
    });

    it('prints the blend in the PDF, colour and black-and-white: its codes with their strands, its threads’ skeins', async () => {
      for (const variant of ['color', 'bw']) {
        const response = await stitcher.api(`/stitch/projects/${project.id}/export?format=pdf&variant=${variant}`);
        expect(response.status).toBe(200);
        const [cover, threads] = (await pdfPageTexts(await response.arrayBuffer())).map(squash);
        expect(cover).toContain('2 DMC colours (2 threads, 1 blend)');
        // The thread list: the plain thread with its skeins, the blend's row, then the thread stitched only in it.
        expect(threads).toContain(`${CHART_SYMBOLS[0]} 310 Black 1,500 1`);
        expect(threads).toContain(`${CHART_SYMBOLS[1]} 310 + 413 (1 + 1 strands) Black + ${dmc('413').name} 1,500`);
        expect(threads).toContain(`413 ${dmc('413').name} in blends only 1`);
        expect(threads).toContain("Blends count each thread for its one strand, in that thread's skeins.");
      }
    });

    it('names the brand of a blend of another brand in the PDF', async () => {
      const anchor = blendChart(findBrandThread('anchor', '403')!, findBrandThread('anchor', '400')!);
      const response = await suite.visitor.api('/stitch/patterns/export?format=pdf', { method: 'POST', json: anchor });
      expect(response.status, await response.clone().text()).toBe(200);
      const threads = squash((await pdfPageTexts(await response.arrayBuffer()))[1]!);
      expect(threads).toContain('Thread');
      const grey = findBrandThread('anchor', '400')!;
      expect(threads).toContain(`Anchor 400 + 403 (1 + 1 strands) ${grey.name} + Black 1,500`);
      expect(threads).toContain(`Anchor 400 ${grey.name} in blends only 1`);
    });

    it("lists the threads to buy, each once, a blend's use merged into its threads' skeins", async () => {
      const listOn = async (fabric: number): Promise<ShoppingList> => {
        const response = await stitcher.api(`/stitch/projects/${project.id}/shopping-list?fabric=${fabric}`);
        expect(response.status).toBe(200);
        return (await response.json()) as ShoppingList;
      };
      const list = await listOn(14);
      expect(list.threads.map(({ code, symbol, blends, skeins_needed }) => [code, symbol, blends, skeins_needed])).toEqual([
        ['310', CHART_SYMBOLS[0], ['310+413'], 1], // 0.94 skein: not 1 for the plain stitches and 1 for the blend
        ['413', '', ['310+413'], 1],
      ]);
      expect(list.threads[1]).toMatchObject({ brand: 'dmc', name: dmc('413').name, dmc_code: '413', hex: dmc('413').hex });
      expect(list.totals).toMatchObject({ skeins_needed: 2, threads_to_buy: 2 });
      // Three strands of a plain stitch on 11-count; still one of each thread in a blend.
      expect((await listOn(11)).threads.map((thread) => thread.skeins_needed)).toEqual([2, 1]);
      const csv = await (await stitcher.api(`/stitch/projects/${project.id}/shopping-list?format=csv`)).text();
      expect(csv).toBe(`Brand,Code,Name,Skeins needed,Owned,To buy\r\nDMC,310,Black,1,0,1\r\nDMC,413,${dmc('413').name},1,0,1\r\n`);
    });

    it('exports the blend to OXS and imports it back as the same chart', async () => {
      const response = await stitcher.api(`/stitch/projects/${project.id}/export?format=oxs`);
      expect(response.status).toBe(200);
      const xml = await response.text();
      expect(xml).toContain(`number="DMC 310 [+]" name="DMC 310 [+] DMC 413"`);
      const back = await imported(stitcher, xml, 'greys.oxs');
      expect(back.import_report.thread_mappings).toEqual([
        { source: 'DMC 310', brand: 'dmc', code: '310', name: 'Black', delta_e: 0, matched_by: 'code' },
        { source: 'DMC 310 [+] DMC 413', brand: 'dmc', code: '310+413', name: `Black + ${dmc('413').name}`, delta_e: 0, matched_by: 'code' },
      ]);
      const [original, read] = [await documentOf(project), await documentOf(back)];
      expect(read.legend).toEqual(original.legend);
      expect(read.cells).toEqual(original.cells);
    });

    it('draws the blend in the chart image with its mixed colour', async () => {
      const blend = blendOf(dmc('310'), dmc('413'));
      const response = await suite.visitor.api('/stitch/patterns/export?format=png', { method: 'POST', json: greys() });
      expect(response.status).toBe(200);
      const { data, info } = await sharp(Buffer.from(await response.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const layout = chartLayout({ width: 60, height: 50 }, 12);
      const pixel = (x: number, y: number): number[] => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      // Without symbols (a visitor's image), a cell's middle is its colour: row 10 is 310, row 40 the blend.
      expect(pixel(layout.left + 5 * 12 + 6, layout.top + 10 * 12 + 6)).toEqual([0, 0, 0]);
      expect(pixel(layout.left + 5 * 12 + 6, layout.top + 40 * 12 + 6)).toEqual([blend.r, blend.g, blend.b]);
    });

    it.each([
      ['a colour that is not the mix of its threads', (entry: LegendEntry) => ({ ...entry, hex: '#2A2A2A', rgb: { r: 42, g: 42, b: 42 } })],
      ['one thread twice', (entry: LegendEntry) => ({ ...entry, code: '310+310', threads: [entry.threads[0]!, entry.threads[0]!] })],
      ['two strands of each thread', (entry: LegendEntry) => ({ ...entry, threads: entry.threads.map((thread) => ({ ...thread, strands: 2 })) })],
      [
        'a code the catalogue lacks',
        (entry: LegendEntry) => ({ ...entry, code: '310+99999', threads: [entry.threads[0]!, { ...entry.threads[1]!, code: '99999' }] }),
      ],
    ])('refuses a forged blend, %s, naming its legend entry, when saved, exported or imported', async (_, forge) => {
      const forged = greys();
      forged.legend[1] = forge(forged.legend[1]!);
      const namesBlend = async (response: Response): Promise<void> => {
        expect(response.status).toBe(400);
        const problem = (await response.json()) as { code: string; errors: { field: string }[] };
        expect(problem.code).toBe('invalid_pattern');
        expect(problem.errors.length).toBeGreaterThan(0);
        for (const { field } of problem.errors) expect(field).toMatch(/^legend\.1(\.|$)/);
      };
      const { etag } = await readPattern(stitcher, project.id);
      await namesBlend(await savePattern(stitcher, project.id, forged, etag));
      await namesBlend(await suite.visitor.api('/stitch/patterns/export?format=pdf', { method: 'POST', json: forged }));
      const importedForged = await importChart(stitcher, JSON.stringify(forged), 'forged.json');
      expect(importedForged.status).toBe(400);
      expect(await importedForged.json()).toMatchObject({ code: 'invalid_chart_file', detail: expect.stringContaining('legend.1') as string });
      // Nothing was saved: the chart is as imported.
      expect((await readPattern(stitcher, project.id)).etag).toBe(etag);
    });

    it("counts a visitor's threads as the ones to buy: ten threads and their blends export, eleven threads do not", async () => {
      const threads = ['310', '413', '666', '700', '797', '3865', '444', '208', '801', '3819', '598'].map(dmc);
      const chartOf = (count: number): PatternDocument => {
        const colours = [...threads.slice(0, count), blendOf(threads[0]!, threads[1]!)];
        const cells = Array.from({ length: 30 * 20 }, (_, i) => i % colours.length);
        const legend = colours.map((colour, index) => entryOf(colour, index, cells.filter((cell) => cell === index).length));
        return patternDocument({ width: 30, height: 20, legend, cells });
      };
      const exported = (document: PatternDocument) => suite.visitor.api('/stitch/patterns/export?format=pdf', { method: 'POST', json: document });
      expect((await exported(chartOf(10))).status).toBe(200); // 11 legend entries, 10 threads
      const refused = await exported(chartOf(11));
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'sign_in_required', errors: [{ field: 'legend', message: 'more than 10 threads' }] });
    });
  });
});
