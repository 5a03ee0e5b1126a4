import { findBrandThread, threadLabel, type PatternDocument } from '@stitchwise/core';
import { describe, expect, it } from 'vitest';
import type { StitchPlan } from '../src/contract/patterns.js';
import { problemOf } from './support/chart-calls.js';
import { documentOf, imported } from './support/chart-files.js';
import { useTestServer, type ApiClient } from './support/harness.js';
import { PHOTOS } from './support/images.js';
import { pdfPageTexts } from './support/pdf-text.js';
import { generate } from './support/stitch-requests.js';
import { DATABASES } from './support/test-server.js';

/** `brand` on both generate endpoints: the chart's every thread is of that brand, in its document, legend and PDF. */
describe.each(DATABASES)('generation in a brand on $name', (database) => {
  const suite = useTestServer({ database, users: ['maker'] });
  const maker = suite.user('maker');

  async function chartIn(client: ApiClient, brand: string): Promise<{ plan: StitchPlan; document: PatternDocument }> {
    const response = await generate(client, { colors: '10', max_side: '50', project_name: `Lighthouse in ${brand}`, brand }, PHOTOS.kodim21());
    expect(response.status, await response.clone().text()).toBe(200);
    const plan = (await response.json()) as StitchPlan;
    const document = (await (await fetch(plan.pattern_url)).json()) as PatternDocument;
    return { plan, document };
  }

  it.each([
    ['anchor', 'a visitor'],
    ['madeira', 'a visitor'],
    ['anchor', 'a signed-in user'],
    ['madeira', 'a signed-in user'],
  ] as const)('charts in %s for %s: only that brand’s threads, each its catalogue colour', async (brand, who) => {
    const { plan, document } = await chartIn(who === 'a visitor' ? suite.visitor : maker, brand);
    expect(document.version).toBe(3);
    expect(document.legend.length).toBeGreaterThan(5);
    for (const entry of [...document.legend, ...plan.legend_data]) {
      const thread = findBrandThread(brand, entry.code);
      expect(entry.brand).toBe(brand);
      expect({ hex: entry.hex, name: entry.name, dmc_code: entry.dmc_code }).toEqual({ hex: thread?.hex, name: thread?.name, dmc_code: '' });
      expect(entry.threads).toEqual([{ brand, code: entry.code, name: entry.name, strands: 2, rgb: entry.rgb }]);
    }
  });

  it('prints the brand in the PDF: its cover counts the brand’s colours and its thread list names each thread', async () => {
    const { plan, document } = await chartIn(suite.visitor, 'anchor');
    const file = plan.pattern_url.split('/').pop()!;
    const pdf = await suite.visitor.api(`/stitch/patterns/${file}/export?format=pdf`);
    expect(pdf.status).toBe(200);
    const text = (await pdfPageTexts(Buffer.from(await pdf.arrayBuffer()))).join(' ').replace(/ +/g, ' ');
    expect(text).toContain(`${document.legend.length} Anchor colours`);
    for (const entry of document.legend) expect(text).toContain(`${threadLabel(entry)} ${entry.name}`);
    expect(text).not.toMatch(/\bDMC\b/);
  });

  it.each(['dmc', 'anchor', 'madeira'])('exports a %s chart as OXS and imports it back with the same threads and stitches', async (brand) => {
    const { plan, document } = await chartIn(maker, brand);
    const oxs = await maker.api(`/stitch/patterns/${plan.pattern_url.split('/').pop()!}/export?format=oxs`);
    expect(oxs.status).toBe(200);
    const xml = await oxs.text();
    for (const entry of document.legend) expect(xml).toContain(`number="${threadLabel(entry)}"`);
    const project = await imported(maker, xml, 'round-trip.oxs');
    expect(project.import_report.thread_mappings.every((mapping) => mapping.matched_by === 'code')).toBe(true);
    const back = await documentOf(project);
    expect(back.legend.map(({ brand: b, code, name, hex, stitch_count }) => [b, code, name, hex, stitch_count])).toEqual(
      document.legend.map(({ brand: b, code, name, hex, stitch_count }) => [b, code, name, hex, stitch_count]),
    );
    expect(back.cells).toEqual(document.cells);
  });

  it('refuses a brand it does not know, naming the field', async () => {
    const problem = await problemOf(await generate(maker, { colors: '10', max_side: '30', project_name: 'x', brand: 'coats' }, PHOTOS.kodim21()));
    expect(problem).toMatchObject({ status: 400, fields: ['brand'] });
    expect(problem.detail).toContain('brand must be one of dmc, anchor, madeira');
  });
});
