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

/** `only_owned_threads` on POST /api/stitch/generate: the chart uses the user's own threads only. */
describe.each(DATABASES)('generation from owned threads on $name', (database) => {
  const suite = useTestServer({ database, users: ['alice', 'bob', 'carol'] });
  const alice = suite.user('alice');
  const bob = suite.user('bob');
  const carol = suite.user('carol');

  /** The lighthouse photo charted with the form `fields`; a visitor's goes to the anonymous endpoint. */
  const generate = (client: ApiClient, fields: Record<string, string>): Promise<Response> => generateFrom(client, fields, PHOTOS.kodim21());

  beforeAll(async () => {
    await ownThreads(alice, ALICES);
    await ownThreads(bob, [{ dmc_code: 'Blanc', skeins: 4 }]);
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

  it.each([
    ['bob, who owns 1 thread', bob, 'You own 1 thread: add at least 2 on My Threads to generate with only the threads you own.'],
    ['carol, who owns none', carol, 'You own no threads: add at least 2 on My Threads to generate with only the threads you own.'],
  ])('refuses %s with 400 naming only_owned_threads, and stores nothing', async (_, user, message) => {
    const before = (await listProjects(user)).total;
    const response = await generate(user, { colors: '5', max_side: '30', project_name: 'Too few', only_owned_threads: 'true' });
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
          message: 'Without those left out you have 1 thread: add at least 2 on My Threads to generate with only the threads you own.',
        },
      ],
    });
  });
});
