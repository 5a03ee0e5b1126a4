import { beforeAll, describe, expect, it } from 'vitest';
import type { StitchPlan } from '../src/contract/patterns.js';
import type { Problem } from '../src/contract/problem.js';
import { useTestServer, type ApiClient } from './support/harness.js';
import { PHOTOS } from './support/images.js';
import { generate as generateFrom, listProjects, ownThreads, projectOf } from './support/stitch-requests.js';
import { DATABASES } from './support/test-server.js';

/** Four threads, one of them with no skeins left: a black, a red, a dark brown and a green. */
const ALICES = [
  { dmc_code: '310', skeins: 2 },
  { dmc_code: '321', skeins: 1 },
  { dmc_code: '3865', skeins: 0 },
  { dmc_code: '699', skeins: 3 },
];

/** Dave stitches in Anchor: five Anchor threads (black, red, white, a blue and a brown), one Madeira and three DMC threads. */
const DAVES = [
  { brand: 'anchor', code: '403', skeins: 2 },
  { brand: 'anchor', code: '9046', skeins: 1 },
  { brand: 'anchor', code: '2', skeins: 0 },
  { brand: 'anchor', code: '134', skeins: 1 },
  { brand: 'anchor', code: '310', skeins: 1 },
  { brand: 'madeira', code: 'Black', skeins: 1 },
  { brand: 'dmc', code: '310', skeins: 1 },
  { brand: 'dmc', code: '321', skeins: 1 },
  { brand: 'dmc', code: '3865', skeins: 1 },
] as const;
const DAVES_ANCHOR = DAVES.filter((thread) => thread.brand === 'anchor').map((thread) => thread.code as string);

/** `only_owned_threads` on POST /api/stitch/generate: the chart uses the user's own threads only, of the chart's brand. */
describe.each(DATABASES)('generation from owned threads on $name', (database) => {
  const suite = useTestServer({ database, users: ['alice', 'bob', 'carol', 'dave'] });
  const alice = suite.user('alice');
  const bob = suite.user('bob');
  const carol = suite.user('carol');
  const dave = suite.user('dave');

  /** The lighthouse photo charted with the form `fields`; a visitor's goes to the anonymous endpoint. */
  const generate = (client: ApiClient, fields: Record<string, string>): Promise<Response> => generateFrom(client, fields, PHOTOS.kodim21());

  beforeAll(async () => {
    await ownThreads(alice, ALICES);
    await ownThreads(bob, [{ dmc_code: 'Blanc', skeins: 4 }]);
    await ownThreads(dave, [...DAVES]);
  });

  it('charts with only the threads the user owns, at most as many colours as they are, and keeps the choice in the project', async () => {
    const fields = { colors: '20', max_side: '60', project_name: 'Lighthouse, from my stash' };
    const free = (await (await generate(alice, fields)).json()) as StitchPlan;
    expect(free.legend_data.some((entry) => !ALICES.some((thread) => thread.dmc_code === entry.dmc_code))).toBe(true);

    const response = await generate(alice, { ...fields, only_owned_threads: 'true' });
    expect(response.status, await response.clone().text()).toBe(200);
    const plan = (await response.json()) as StitchPlan;
    const owned = new Set(ALICES.map((thread) => thread.dmc_code));
    expect(plan.legend_data.length).toBeGreaterThanOrEqual(2);
    expect(plan.legend_data.length).toBeLessThanOrEqual(4);
    for (const entry of plan.legend_data) expect(owned.has(entry.dmc_code), entry.dmc_code).toBe(true);
    expect(plan.metadata.colors_used).toBe(plan.legend_data.length);
    // Honest about what four threads can do for a photo: a larger colour error than the whole catalogue's.
    expect(plan.metadata.mean_delta_e).toBeGreaterThan(free.metadata.mean_delta_e);

    const document = (await (await fetch(plan.pattern_url)).json()) as { legend: { dmc_code: string }[] };
    expect(document.legend.map((entry) => entry.dmc_code)).toEqual(plan.legend_data.map((entry) => entry.dmc_code));
    const project = await projectOf(alice, plan.project_id!);
    expect(project.parameters).toMatchObject({ only_owned_threads: true, colors: 20 });
    const freeProject = await projectOf(alice, free.project_id!);
    expect(freeProject.parameters).toMatchObject({ only_owned_threads: false });
  });

  it('charts in Anchor with only the Anchor threads the user owns: the legend and the document name only those', async () => {
    const fields = { colors: '20', max_side: '60', project_name: 'Lighthouse in Anchor', only_owned_threads: 'true', brand: 'anchor' };
    const response = await generate(dave, fields);
    expect(response.status, await response.clone().text()).toBe(200);
    const plan = (await response.json()) as StitchPlan;
    expect(plan.legend_data.length).toBeGreaterThanOrEqual(2);
    expect(plan.legend_data.length).toBeLessThanOrEqual(DAVES_ANCHOR.length);
    for (const entry of plan.legend_data) {
      expect(entry).toMatchObject({ brand: 'anchor', dmc_code: '', dmc_name: '' });
      expect(DAVES_ANCHOR, entry.code).toContain(entry.code);
      expect(entry.threads).toEqual([expect.objectContaining({ brand: 'anchor', code: entry.code })]);
    }
    const document = (await (await fetch(plan.pattern_url)).json()) as { legend: { brand: string; code: string }[] };
    expect(document.legend.map(({ brand, code }) => `${brand}:${code}`)).toEqual(plan.legend_data.map(({ brand, code }) => `${brand}:${code}`));
    expect((await projectOf(dave, plan.project_id!)).parameters).toMatchObject({ only_owned_threads: true });

    // In DMC the same user charts with their DMC threads only.
    const inDmc = (await (await generate(dave, { ...fields, brand: 'dmc' })).json()) as StitchPlan;
    for (const entry of inDmc.legend_data) expect(['310', '321', '3865']).toContain(entry.dmc_code);
  });

  it('leaves out Anchor threads by their Anchor codes, and refuses codes the brand lacks', async () => {
    const fields = { colors: '20', max_side: '40', project_name: 'Anchor, fewer', only_owned_threads: 'true', brand: 'anchor' };
    const response = await generate(dave, { ...fields, left_out_threads: '9046, 0403' });
    expect(response.status, await response.clone().text()).toBe(200);
    const plan = (await response.json()) as StitchPlan;
    expect(plan.legend_data.map((entry) => entry.code).filter((code) => ['9046', '403'].includes(code))).toEqual([]);
    for (const entry of plan.legend_data) expect(['2', '134', '310']).toContain(entry.code);
    expect((await projectOf(dave, plan.project_id!)).parameters).toMatchObject({ left_out_threads: ['9046', '403'] });

    const unknown = await generate(dave, { ...fields, left_out_threads: '403, 3865, Blanc' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      errors: [{ field: 'left_out_threads', message: 'left_out_threads names codes that are not Anchor threads: 3865, Blanc' }],
    });
  });

  it.each([
    ['bob, who owns 1 thread', bob, {}, 'You own 1 DMC thread: add at least 2 on My Threads to chart in DMC with only the threads you own.'],
    ['carol, who owns none', carol, {}, 'You own no DMC threads: add at least 2 on My Threads to chart in DMC with only the threads you own.'],
    [
      'dave in Madeira, who owns 1 Madeira thread',
      dave,
      { brand: 'madeira' },
      'You own 1 Madeira thread: add at least 2 on My Threads to chart in Madeira with only the threads you own. Or chart in DMC, where you own 3, or in Anchor, where you own 5.',
    ],
    [
      'alice in Anchor, who owns DMC threads only',
      alice,
      { brand: 'anchor' },
      'You own no Anchor threads: add at least 2 on My Threads to chart in Anchor with only the threads you own. Or chart in DMC, where you own 4.',
    ],
  ])('refuses %s with 400 naming only_owned_threads, and stores nothing', async (_, user, extra, message) => {
    const before = (await listProjects(user)).total;
    const response = await generate(user, { colors: '5', max_side: '30', project_name: 'Too few', only_owned_threads: 'true', ...extra });
    expect(response.status).toBe(400);
    expect((await response.json()) as Problem).toMatchObject({ code: 'invalid_request', detail: message, errors: [{ field: 'only_owned_threads', message }] });
    expect((await listProjects(user)).total).toBe(before);
  });

  it('refuses a visitor with 403 sign_in_required naming only_owned_threads, and a value other than true or false with 400', async () => {
    const visitor = await generate(suite.visitor, { colors: '5', max_side: '30', only_owned_threads: 'true' });
    expect(visitor.status).toBe(403);
    const problem = (await visitor.json()) as Problem;
    expect(problem).toMatchObject({ code: 'sign_in_required', errors: [{ field: 'only_owned_threads' }] });
    expect(problem.detail).toMatch(/^Sign in to use only the threads you own\./);

    const unclear = await generate(alice, { project_name: 'Unclear', only_owned_threads: 'yes' });
    expect(unclear.status).toBe(400);
    expect(await unclear.json()).toMatchObject({ errors: [{ field: 'only_owned_threads', message: 'only_owned_threads must be true or false' }] });
  });

  it('leaves out the owned threads named in left_out_threads, keeps them in the project, and refuses unknown codes', async () => {
    const fields = { colors: '20', max_side: '60', project_name: 'Without the white', only_owned_threads: 'true' };
    const response = await generate(alice, { ...fields, left_out_threads: ' 3865, blanc ' }); // Blanc is not Alice's: nothing to leave out
    expect(response.status, await response.clone().text()).toBe(200);
    const plan = (await response.json()) as StitchPlan;
    expect(plan.legend_data.map((entry) => entry.dmc_code)).not.toContain('3865');
    expect(plan.legend_data.length).toBeLessThanOrEqual(3);
    expect((await projectOf(alice, plan.project_id!)).parameters).toMatchObject({ only_owned_threads: true, left_out_threads: ['3865', 'Blanc'] });

    const unknown = await generate(alice, { ...fields, left_out_threads: '3865,99999' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      errors: [{ field: 'left_out_threads', message: 'left_out_threads names codes that are not DMC threads: 99999' }],
    });

    const tooFew = await generate(alice, { ...fields, left_out_threads: '310,321,3865' });
    expect(tooFew.status).toBe(400);
    expect(await tooFew.json()).toMatchObject({
      errors: [
        {
          field: 'only_owned_threads',
          message: 'Without those left out you have 1 DMC thread: add at least 2 on My Threads to chart in DMC with only the threads you own.',
        },
      ],
    });
  });
});
