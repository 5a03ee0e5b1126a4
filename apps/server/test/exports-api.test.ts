import { parseOxs, parsePatternDocument } from '@stitchwise/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StitchPlan as StitchPlanView } from '../src/contract/patterns.js';
import { fileIdOf, generatedPlan } from './support/chart-calls.js';
import { useTestServer, type ApiClient } from './support/harness.js';
import { encodePng } from './support/images.js';
import { pdfPageTexts, pdfTitle } from './support/pdf-text.js';
import { DATABASES } from './support/test-server.js';

describe.each(DATABASES)('pattern exports on $name', (database) => {
  const suite = useTestServer({ database, users: ['owner', 'stranger'] });
  const owner = suite.user('owner');
  const stranger = suite.user('stranger');
  let plan: StitchPlanView;
  let visitorPlan: StitchPlanView;

  const image = encodePng(90, 60, (x, y) => [x < 45 ? 200 : 30, y < 30 ? 60 : 190, (x * y) % 255]);
  const exportOf = (query: string, client: ApiClient = suite.visitor, id = plan.project_id!): Promise<Response> =>
    client.api(`/stitch/projects/${id}/export${query}`);

  beforeAll(async () => {
    plan = await generatedPlan(owner, { colors: '6', max_side: '90', project_name: 'Harbour & Sea' }, image, 'harbour.png');
    visitorPlan = await generatedPlan(suite.visitor, { colors: '6', max_side: '50' }, image, 'harbour.png');
  });

  it('gives the owner a PDF named after the project', async () => {
    const response = await exportOf('?format=pdf&paper=letter&variant=bw&fabric=18', owner);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="harbour-sea.pdf"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives OXS and JSON that read back as the stored pattern', async () => {
    const stored = parsePatternDocument(await (await fetch(plan.pattern_url)).text());
    const oxs = await exportOf('?format=oxs', owner);
    expect(oxs.headers.get('content-type')).toMatch(/^application\/xml/);
    const fromOxs = parseOxs(await oxs.text());
    expect(fromOxs.legend).toEqual(stored.legend);
    expect(Array.from(fromOxs.cells)).toEqual(Array.from(stored.cells));
    const json = await exportOf('?format=json', owner);
    expect(parsePatternDocument(await json.text()).legend).toEqual(stored.legend);
  });

  it('answers another user, a visitor and bad settings as it should', async () => {
    const foreign = await exportOf('?format=json', stranger);
    const missing = await exportOf('?format=json', stranger, '00000000-0000-4000-8000-000000000000');
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe((await missing.text()).replace('00000000-0000-4000-8000-000000000000', plan.project_id!));
    expect((await exportOf('?format=json')).status).toBe(401);
    for (const query of ['?format=docx', '?paper=a3', '?variant=sepia', '?fabric=15']) {
      const response = await exportOf(query, owner);
      expect(response.status, query).toBe(400);
    }
  });

  it("exports a visitor's pattern by its id, and 404s unknown ones", async () => {
    const patternId = fileIdOf(visitorPlan.pattern_url);
    const response = await suite.visitor.api(`/stitch/patterns/${patternId}/export?format=oxs`);
    expect(response.status).toBe(200);
    expect(parseOxs(await response.text()).width).toBe(50);
    const chartId = fileIdOf(visitorPlan.stitch_plan_url);
    expect((await suite.visitor.api(`/stitch/patterns/${chartId}/export?format=pdf`)).status).toBe(404);
    expect((await suite.visitor.api('/stitch/patterns/nope.json/export')).status).toBe(404);
  });

  it("titles a visitor's PDF with the name the visitor gave, on its cover, in its Title and in its file name", async () => {
    const patternId = fileIdOf(visitorPlan.pattern_url);
    const response = await suite.visitor.api(`/stitch/patterns/${patternId}/export?format=pdf&name=${encodeURIComponent('  Grandma’s harbour ')}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="grandmas-harbour.pdf"');
    const pdf = new Uint8Array(await response.arrayBuffer());
    expect(await pdfTitle(pdf)).toBe('Grandma’s harbour');
    expect((await pdfPageTexts(pdf))[0]).toMatch(/^Grandma’s harbour /);
  });

  it("titles an unnamed visitor's PDF and OXS by what the chart is and its size", async () => {
    const patternId = fileIdOf(visitorPlan.pattern_url);
    const { width, height } = visitorPlan.metadata.grid_size;
    const title = `Cross-stitch chart, ${width} × ${height} stitches`;
    const response = await suite.visitor.api(`/stitch/patterns/${patternId}/export?format=pdf`);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="cross-stitch-chart-${width}-${height}-stitches.pdf"`);
    const pdf = new Uint8Array(await response.arrayBuffer());
    expect(await pdfTitle(pdf)).toBe(title);
    // PDF.js splits runs at spaces, and joins them with spaces.
    expect((await pdfPageTexts(pdf))[0]!.replace(/ +/g, ' ')).toContain(title);
    const oxs = await (await suite.visitor.api(`/stitch/patterns/${patternId}/export?format=oxs&name=`)).text();
    expect(oxs).toContain(`charttitle="${title}"`);
    const tooLong = await suite.visitor.api(`/stitch/patterns/${patternId}/export?format=pdf&name=${'x'.repeat(101)}`);
    expect(tooLong.status).toBe(400);
  });
});
