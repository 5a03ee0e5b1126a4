import { describe, expect, it } from 'vitest';
import type { StitchPlan } from '../src/contract/patterns.js';
import type { Project } from '../src/contract/projects.js';
import { useTestServer, type ApiClient } from './support/harness.js';
import { PHOTOS } from './support/images.js';
import { generate, listProjects } from './support/stitch-requests.js';
import { DATABASES } from './support/test-server.js';

describe.each(DATABASES)("a visitor's result claimed after signing in, on $name", (database) => {
  let clockOffsetMs = 0;
  const suite = useTestServer({ database, now: () => new Date(Date.now() + clockOffsetMs) });

  const visitorResult = async (): Promise<StitchPlan> => {
    const response = await generate(suite.visitor, { max_side: '30', colors: '6' }, PHOTOS.kodim21());
    expect(response.status).toBe(200);
    return (await response.json()) as StitchPlan;
  };
  const claim = (client: ApiClient, body: Record<string, unknown>) => client.api('/stitch/projects/claim', { method: 'POST', json: body });

  it('gives visitors a claim that lapses with the result, and makes it the project of whoever signs in, once', async () => {
    const plan = await visitorResult();
    expect(plan.claim).toBeDefined();
    expect(Date.parse(plan.claim!.expires_at) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const user = await suite.signUp('claimer');

    const claimed = await claim(user, { token: plan.claim!.token, name: 'Kept from before' });
    expect(claimed.status).toBe(201);
    const project = (await claimed.json()) as Project;
    expect(project.name).toBe('Kept from before');
    expect(project.outputs.stitch_plan_url).toBe(plan.stitch_plan_url);
    expect(project.outputs.pattern_url).toBe(plan.pattern_url);
    expect(project.metadata.grid_size).toEqual(plan.metadata.grid_size);
    expect(project.color_legend.map((entry) => entry.dmc_code)).toEqual(plan.legend_data.map((entry) => entry.dmc_code));
    expect(project.parameters.max_side).toBe(30);

    const list = await listProjects(user);
    expect(list.projects.map((p) => p.id)).toContain(project.id);
    const exported = await user.api(`/stitch/projects/${project.id}/export?format=oxs`);
    expect(exported.status).toBe(200);

    // Once only: again, or by someone else, it is refused.
    expect((await claim(user, { token: plan.claim!.token })).status).toBe(409);
    expect((await claim(await suite.signUp('second'), { token: plan.claim!.token })).status).toBe(409);
  });

  it('refuses a token the server did not sign or that was changed', async () => {
    const plan = await visitorResult();
    const user = await suite.signUp('forger');
    const [payload, signature] = plan.claim!.token.split('.') as [string, string];
    const contents = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const changed = Buffer.from(JSON.stringify({ ...contents, pattern: 'someone-else.json' })).toString('base64url');
    for (const token of [`${changed}.${signature}`, `${payload}.${'A'.repeat(signature.length)}`, 'nonsense', `${payload}.`]) {
      const answer = await claim(user, { token });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { code: string }).code).toBe('invalid_claim');
    }
    expect((await claim(user, { token: plan.claim!.token })).status).toBe(201);
  });

  it('answers 410 once the result has lapsed, and needs a signed-in user', async () => {
    const plan = await visitorResult();
    const anonymous = await claim(suite.visitor, { token: plan.claim!.token });
    expect(anonymous.status).toBe(401);
    const user = await suite.signUp('late');
    clockOffsetMs = 25 * 3600_000;
    try {
      const answer = await claim(user, { token: plan.claim!.token });
      expect(answer.status).toBe(410);
    } finally {
      clockOffsetMs = 0;
    }
  });
});
