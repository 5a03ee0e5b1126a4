import { findThread, parsePatternDocument } from '@stitchwise/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chartLayout } from '../src/render/chart.js';
import type { StitchPlan as StitchPlanView } from '../src/contract/patterns.js';
import { generate as generateAs } from './support/stitch-requests.js';
import { useTestServer } from './support/harness.js';
import { fromRaw, multipartBody, PHOTOS } from './support/images.js';
import { DATABASES, statusOf } from './support/test-server.js';

type Plan = StitchPlanView;

describe.each(DATABASES)('stitch generation on $name', (database) => {
  const suite = useTestServer({ database, users: ['stitcher'] });
  const stitcher = suite.user('stitcher');

  const generate = (fields: Record<string, string>, file: Buffer, signedIn = false): Promise<Response> =>
    generateAs(signedIn ? stitcher : suite.visitor, fields, file, { filename: 'image.png' });

  // 60 × 30 pixels in three DMC colours: 310 (30 columns), 666 (20) and 700 (10).
  const bandsPng = (): Promise<Buffer> => {
    const colour = (code: string): [number, number, number] => {
      const thread = findThread(code)!;
      return [thread.r, thread.g, thread.b];
    };
    return fromRaw(60, 30, (x) => (x < 30 ? colour('310') : x < 50 ? colour('666') : colour('700')))
      .png()
      .toBuffer();
  };

  it('charts an image for a visitor: threads, counts, chart and pattern files', async () => {
    const response = await generate({ colors: '3', max_side: '30', cell_size: '12' }, await bandsPng());
    expect(response.status).toBe(200);
    const plan = (await response.json()) as Plan;
    expect(plan.project_id).toBeUndefined();
    expect(plan.metadata).toMatchObject({ total_stitches: 450, colors_used: 3, grid_size: { width: 30, height: 15 } });
    expect(plan.legend_data.map((e) => [e.dmc_code, e.stitch_count, e.index])).toEqual([
      ['310', 225, 0],
      ['666', 150, 1],
      ['700', 75, 2],
    ]);
    expect(plan.legend_data.reduce((sum, e) => sum + e.stitch_count, 0)).toBe(plan.metadata.total_stitches);

    const pattern = parsePatternDocument(await (await fetch(plan.pattern_url)).text());
    expect(pattern).toMatchObject({ width: 30, height: 15 });

    // The chart: stated size, heavy lines every 10 stitches, thin lines between, thread colours inside.
    const chart = Buffer.from(await (await fetch(plan.stitch_plan_url)).arrayBuffer());
    const { data, info } = await sharp(chart).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([plan.metadata.canvas_size.width, plan.metadata.canvas_size.height]);
    const layout = chartLayout({ width: 30, height: 15 }, 12);
    expect([info.width, info.height]).toEqual([layout.width, layout.height]);
    const pixel = (x: number, y: number): number[] => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const middleRow = layout.top + 5 * 12 + 6;
    for (const tens of [0, 10, 20, 30]) expect(pixel(layout.left + tens * 12, middleRow)[0], `heavy line at ${tens}`).toBeLessThan(80);
    expect(pixel(layout.left + 3 * 12, middleRow)).toEqual([200, 200, 200]); // a thin line
    expect(pixel(layout.left + 2 * 12 + 6, middleRow)).toEqual([0, 0, 0]); // inside a 310 cell
    const red = findThread('666')!;
    expect(pixel(layout.left + 17 * 12 + 6, middleRow)).toEqual([red.r, red.g, red.b]);
    // The column numbers are drawn above the grid: some dark pixels in the top margin near "10".
    let ink = 0;
    for (let y = 0; y < layout.top - 2; y++) for (let x = layout.left + 10 * 12 - 8; x < layout.left + 10 * 12 + 8; x++) if (pixel(x, y)[0]! < 150) ink++;
    expect(ink).toBeGreaterThan(5);
  });

  it('draws symbols in contrasting ink when asked', async () => {
    const response = await generate(
      { colors: '3', max_side: '30', cell_size: '16', return_symbols_overlay: 'true', project_name: 'Symbols' },
      await bandsPng(),
      true,
    );
    expect(response.status).toBe(200);
    const plan = (await response.json()) as Plan;
    const { data, info } = await sharp(Buffer.from(await (await fetch(plan.stitch_plan_url)).arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const layout = chartLayout({ width: 30, height: 15 }, 16);
    // Inside a black (310) cell, the symbol is drawn in white ink.
    let light = 0;
    for (let y = 1; y < 16; y++) for (let x = 1; x < 16; x++) if (data[((layout.top + 16 * 5 + y) * info.width + layout.left + 16 * 2 + x) * 3]! > 200) light++;
    expect(light).toBeGreaterThan(20);
  });

  it.each([
    [{ colors: '11' }, 'colors'],
    [{ cell_size: '16' }, 'cell_size'],
    [{ max_side: '150' }, 'max_side'],
    [{ max_side: '40' }, 'max_side'],
    [{ use_kmeans: 'true' }, 'use_kmeans'],
    [{ return_symbols_overlay: 'true' }, 'return_symbols_overlay'],
    [{ remove_background: 'true' }, 'remove_background'],
    [{ merge_dmc_colors: 'true' }, 'merge_dmc_colors'],
  ])('refuses a visitor %o with 403 sign_in_required naming %s', async (fields, field) => {
    const response = await generate(fields, await bandsPng());
    expect(response.status).toBe(403);
    const problem = (await response.json()) as { code: string; detail: string; errors: { field: string }[] };
    expect(problem.code).toBe('sign_in_required');
    expect(problem.detail).toMatch(/^Sign in to use /);
    expect(problem.errors.map((e) => e.field)).toEqual([field]);
  });

  it('saves a signed-in generation as a project, and needs its name', async () => {
    const noName = await generate({ colors: '3' }, await bandsPng(), true);
    expect(noName.status).toBe(400);
    expect(await noName.json()).toMatchObject({ detail: 'Please enter a project name before continuing.', errors: [{ field: 'project_name' }] });

    const response = await generate({ colors: '20', max_side: '150', cell_size: '8', use_kmeans: 'true', project_name: 'Lighthouse' }, PHOTOS.kodim21(), true);
    expect(response.status).toBe(200);
    const plan = (await response.json()) as Plan;
    expect(plan.project_id).toBeTruthy();
    expect(plan.metadata.grid_size).toEqual({ width: 150, height: 100 });
    expect(plan.metadata.colors_used).toBeGreaterThan(15);
    expect(plan.metadata.confetti_after).toBeLessThanOrEqual(plan.metadata.confetti_before);

    const project = (await (await stitcher.api(`/stitch/projects/${plan.project_id!}`)).json()) as {
      name: string;
      parameters: Record<string, unknown>;
      metadata: Record<string, unknown>;
      outputs: Record<string, string>;
      color_legend: unknown[];
    };
    expect(project).toMatchObject({
      name: 'Lighthouse',
      parameters: { colors: 20, cell_size: 8, max_side: 150, use_kmeans: true, remove_background: false, original_size: { width: 768, height: 512 } },
      metadata: { colors_count: plan.metadata.colors_used, total_stitches: plan.metadata.total_stitches, canvas_size: plan.metadata.canvas_size },
      outputs: { stitch_plan_url: plan.stitch_plan_url, pattern_url: plan.pattern_url },
    });
    expect(project.color_legend).toEqual(plan.legend_data);
    expect(await statusOf(project.outputs.input_image_url!)).toBe(200);

    const unauthenticated = await suite.visitor.api('/stitch/generate', { method: 'POST', body: multipartBody({ project_name: 'x' }) });
    expect(unauthenticated.status).toBe(401);
  });

  it('dithers for visitors and signed-in users, remembers it in the project, and refuses an unknown level', async () => {
    const cellsOf = async (response: Response): Promise<{ plan: Plan; cells: number[] }> => {
      expect(response.status).toBe(200);
      const plan = (await response.json()) as Plan;
      return { plan, cells: [...parsePatternDocument(await (await fetch(plan.pattern_url)).text()).cells] };
    };
    const visitor = { colors: '6', max_side: '50' };
    const plain = await cellsOf(await generate(visitor, PHOTOS.kodim21()));
    const soft = await cellsOf(await generate({ ...visitor, dithering: 'soft' }, PHOTOS.kodim21()));
    expect(soft.cells).not.toEqual(plain.cells); // the setting reached the engine
    expect(soft.plan.metadata.grid_size).toEqual(plain.plan.metadata.grid_size);
    expect(await cellsOf(await generate({ ...visitor, dithering: 'off' }, PHOTOS.kodim21()))).toMatchObject({ cells: plain.cells });

    const signedIn = await cellsOf(await generate({ colors: '6', max_side: '50', dithering: 'soft', project_name: 'Dithered' }, PHOTOS.kodim21(), true));
    expect(signedIn.cells).toEqual(soft.cells);
    const parametersOf = async (id: string) => ((await (await stitcher.api(`/stitch/projects/${id}`)).json()) as { parameters: object }).parameters;
    expect(await parametersOf(signedIn.plan.project_id!)).toMatchObject({ dithering: 'soft', colors: 6, max_side: 50 });
    const undithered = (await (await generate({ colors: '3', max_side: '30', project_name: 'Plain' }, await bandsPng(), true)).json()) as Plan;
    expect(await parametersOf(undithered.project_id!)).toMatchObject({ dithering: 'off' });

    for (const signedInToo of [false, true]) {
      const refused = await generate({ colors: '3', max_side: '30', dithering: 'wild', project_name: 'Refused' }, await bandsPng(), signedInToo);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        code: 'invalid_request',
        errors: [{ field: 'dithering', message: 'dithering must be off, soft or strong' }],
      });
    }
  });

  it('leaves transparent areas without stitches', async () => {
    const png = await sharp(Buffer.alloc(40 * 20 * 4, 0), { raw: { width: 40, height: 20, channels: 4 } })
      .composite([
        {
          input: await fromRaw(20, 20, () => [200, 40, 40])
            .png()
            .toBuffer(),
          left: 20,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const plan = (await (await generate({ colors: '2', max_side: '30' }, png)).json()) as Plan;
    const pattern = parsePatternDocument(await (await fetch(plan.pattern_url)).text());
    expect(pattern).toMatchObject({ width: 30, height: 15 });
    for (let y = 0; y < 15; y++) for (let x = 0; x < 15; x++) expect(pattern.cells[y * 30 + x]).toBe(-1);
    expect(plan.metadata.total_stitches).toBe(15 * 15);
  });
});
