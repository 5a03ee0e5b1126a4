import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StitchPlan } from '../src/contract/patterns.js';
import type { Project } from '../src/contract/projects.js';
import { multipartBody, PHOTOS } from './support/images.js';
import { newUser, OidcBrowser } from './support/oidc-client.js';
import { DATABASES, startTestServer, type DatabaseUnderTest, type TestServer } from './support/test-server.js';

describe.each(DATABASES)("a visitor's result claimed after signing in, on $name", ({ create }) => {
  let database: DatabaseUnderTest;
  let server: TestServer;
  let clockOffsetMs = 0;
  beforeAll(async () => {
    database = await create();
    server = await startTestServer(database.environment, undefined, () => new Date(Date.now() + clockOffsetMs));
  });
  afterAll(async () => {
    await server.stop();
    await database.dispose();
  });

  const visitorResult = async (): Promise<StitchPlan> => {
    const response = await fetch(`${server.baseUrl}/api/stitch/generate/anonymous`, {
      method: 'POST',
      body: multipartBody({ max_side: '30', colors: '6' }, { field: 'image_file', filename: 'photo.png', contentType: 'image/png', bytes: PHOTOS.kodim21() }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as StitchPlan;
  };
  const signUp = async (label: string): Promise<string> => (await new OidcBrowser(server.baseUrl).signUp(newUser(label))).access_token;
  const claim = (token: string, body: Record<string, unknown>) =>
    fetch(`${server.baseUrl}/api/stitch/projects/claim`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('gives visitors a claim that lapses with the result, and makes it the project of whoever signs in, once', async () => {
    const plan = await visitorResult();
    expect(plan.claim).toBeDefined();
    expect(Date.parse(plan.claim!.expires_at) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const user = await signUp('claimer');

    const claimed = await claim(user, { token: plan.claim!.token, name: 'Kept from before' });
    expect(claimed.status).toBe(201);
    const project = (await claimed.json()) as Project;
    expect(project.name).toBe('Kept from before');
    expect(project.outputs.stitch_plan_url).toBe(plan.stitch_plan_url);
    expect(project.outputs.pattern_url).toBe(plan.pattern_url);
    expect(project.metadata.grid_size).toEqual(plan.metadata.grid_size);
    expect(project.color_legend.map((entry) => entry.dmc_code)).toEqual(plan.legend_data.map((entry) => entry.dmc_code));
    expect(project.parameters.max_side).toBe(30);

    const list = (await (await fetch(`${server.baseUrl}/api/stitch/projects`, { headers: { authorization: `Bearer ${user}` } })).json()) as {
      projects: Project[];
    };
    expect(list.projects.map((p) => p.id)).toContain(project.id);
    const exported = await fetch(`${server.baseUrl}/api/stitch/projects/${project.id}/export?format=oxs`, { headers: { authorization: `Bearer ${user}` } });
    expect(exported.status).toBe(200);

    // Once only: again, or by someone else, it is refused.
    expect((await claim(user, { token: plan.claim!.token })).status).toBe(409);
    expect((await claim(await signUp('second'), { token: plan.claim!.token })).status).toBe(409);
  });

  it('refuses a token the server did not sign or that was changed', async () => {
    const plan = await visitorResult();
    const user = await signUp('forger');
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
    const anonymous = await fetch(`${server.baseUrl}/api/stitch/projects/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: plan.claim!.token }),
    });
    expect(anonymous.status).toBe(401);
    const user = await signUp('late');
    clockOffsetMs = 25 * 3600_000;
    try {
      const answer = await claim(user, { token: plan.claim!.token });
      expect(answer.status).toBe(410);
    } finally {
      clockOffsetMs = 0;
    }
  });
});
