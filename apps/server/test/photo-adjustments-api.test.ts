import { ADJUSTMENT_RANGES, fromGenerationFields, NEUTRAL_ADJUSTMENTS, rgbToLab, type PatternDocument } from '@stitchwise/core';
import { describe, expect, it } from 'vitest';
import type { StitchPlan } from '../src/contract/patterns.js';
import type { Project } from '../src/contract/projects.js';
import { useTestServer, type ApiClient } from './support/harness.js';
import { PHOTOS } from './support/images.js';
import { generate, HARBOUR_CHART, projectOf } from './support/stitch-requests.js';
import { DATABASES } from './support/test-server.js';

/** Each numeric adjustment with its API name, and a value just outside each end of its range. */
const RANGES = Object.entries(ADJUSTMENT_RANGES).map(([field, { min, max }]) => ({
  field,
  min,
  max,
  below: field === 'gamma' ? '0.49' : String(min - 1),
  above: field === 'gamma' ? '2.01' : String(max + 1),
}));

const NEUTRAL_FIELDS = { brightness: '0', contrast: '0', saturation: '0', gamma: '1', sharpen: '0', auto_levels: 'false' };

describe.each(DATABASES)('photo adjustments on $name', (database) => {
  const suite = useTestServer({ database, users: ['stitcher'] });
  const stitcher = suite.user('stitcher');
  const clients = (): [string, ApiClient][] => [
    ['a visitor', suite.visitor],
    ['a signed-in user', stitcher],
  ];

  async function charted(client: ApiClient, fields: Record<string, string>, image?: Buffer): Promise<{ plan: StitchPlan; document: string }> {
    const response = await generate(client, { ...HARBOUR_CHART, ...fields }, image);
    expect(response.status, await response.clone().text()).toBe(200);
    const plan = (await response.json()) as StitchPlan;
    return { plan, document: await (await fetch(plan.pattern_url)).text() };
  }

  it.each(RANGES)('accepts $field at both ends of its range, for visitors and users', async ({ field, min, max }) => {
    for (const [who, client] of clients()) {
      for (const value of [min, max]) {
        const response = await generate(client, { ...HARBOUR_CHART, [field]: String(value) });
        expect(response.status, `${who}, ${field}=${value}: ${await response.clone().text()}`).toBe(200);
        await response.arrayBuffer();
      }
    }
  });

  it.each(RANGES)('refuses $field outside its range or not a number, with a 400 naming it', async ({ field, below, above }) => {
    for (const [who, client] of clients()) {
      for (const value of [below, above, 'bright', '', '1e1']) {
        const response = await generate(client, { ...HARBOUR_CHART, [field]: value });
        expect(response.status, `${who}, ${field}=${value}`).toBe(400);
        expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        const problem = (await response.json()) as { code: string; errors: { field: string; message: string }[] };
        expect(problem.code).toBe('invalid_request');
        expect(problem.errors.map((error) => error.field)).toEqual([field]);
        expect(problem.errors[0]!.message).toMatch(new RegExp(`^${field} must be a (whole )?number from`));
      }
    }
  });

  it('takes auto_levels as true or false, and refuses anything else naming it', async () => {
    for (const [, client] of clients()) {
      for (const value of ['true', 'false']) {
        const response = await generate(client, { ...HARBOUR_CHART, auto_levels: value });
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
      const refused = await generate(client, { ...HARBOUR_CHART, auto_levels: 'yes' });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ errors: [{ field: 'auto_levels', message: 'auto_levels must be true or false' }] });
    }
  });

  it("keeps the adjustments in the project's parameters, and 'Regenerate' reads them back", async () => {
    const chosen = { brightness: '-20', contrast: '35', saturation: '40', gamma: '1.35', sharpen: '60', auto_levels: 'true' };
    const { plan } = await charted(stitcher, chosen);
    const project: Project = await projectOf(stitcher, plan.project_id!);
    expect(project.parameters).toMatchObject({ brightness: -20, contrast: 35, saturation: 40, gamma: 1.35, sharpen: 60, auto_levels: true });
    expect(fromGenerationFields(project.parameters)).toMatchObject({
      brightness: -20,
      contrast: 35,
      saturation: 40,
      gamma: 1.35,
      sharpen: 60,
      autoLevels: true,
    });
    // Left out, they are stored neutral.
    const plain = await projectOf(stitcher, (await charted(stitcher, {})).plan.project_id!);
    expect(plain.parameters).toMatchObject({ brightness: 0, contrast: 0, saturation: 0, gamma: 1, sharpen: 0, auto_levels: false });
    expect(fromGenerationFields(plain.parameters)).toMatchObject(NEUTRAL_ADJUSTMENTS);
    // A visitor's result keeps them too, in the project claimed after signing in.
    const visited = await charted(suite.visitor, { saturation: '-100' });
    const claimed = await stitcher.api('/stitch/projects/claim', { method: 'POST', json: { token: visited.plan.claim!.token, name: 'Claimed' } });
    expect(claimed.status).toBe(201);
    expect(((await claimed.json()) as Project).parameters).toMatchObject({ saturation: -100 });
  });

  it.each([
    ['a visitor', 'visitor'],
    ['a signed-in user', 'user'],
  ])('charts a photo bit for bit as without adjustments when they are neutral, for %s', async (_, who) => {
    const client = who === 'visitor' ? suite.visitor : stitcher;
    const fields = { colors: '10', max_side: '50' };
    const without = await charted(client, fields, PHOTOS.kodim21());
    const neutral = await charted(client, { ...fields, ...NEUTRAL_FIELDS }, PHOTOS.kodim21());
    expect(neutral.document).toBe(without.document);
    expect(neutral.plan.legend_data).toEqual(without.plan.legend_data);
  });

  it('charts a photo in greys only at saturation −100, and differently with other adjustments', async () => {
    const fields = { colors: '10', max_side: '50' };
    const without = await charted(suite.visitor, fields, PHOTOS.kodim21());
    const greys = await charted(suite.visitor, { ...fields, saturation: '-100' }, PHOTOS.kodim21());
    expect(greys.document).not.toBe(without.document);
    const legend = (JSON.parse(greys.document) as PatternDocument).legend;
    expect(legend.length).toBeGreaterThan(3);
    for (const entry of legend) {
      const { a, b } = rgbToLab(entry.rgb);
      expect(Math.hypot(a, b), `${entry.code} ${entry.name} is a grey`).toBeLessThan(3);
    }
    // Without, the lighthouse keeps its colours (its red roof, its blue sky).
    const chroma = (JSON.parse(without.document) as PatternDocument).legend.map((entry) => Math.hypot(rgbToLab(entry.rgb).a, rgbToLab(entry.rgb).b));
    expect(Math.max(...chroma)).toBeGreaterThan(15);
    const others: Record<string, string>[] = [{ contrast: '50' }, { gamma: '0.6' }, { sharpen: '100' }, { auto_levels: 'true' }, { brightness: '-40' }];
    for (const adjusted of others) {
      const { document } = await charted(suite.visitor, { ...fields, ...adjusted }, PHOTOS.kodim21());
      expect(document, JSON.stringify(adjusted)).not.toBe(without.document);
    }
  });
});
