import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { openDatabase, type Db } from '../src/db/database.js';
import { CreditsRepository } from '../src/repositories/credits.js';
import { freePort } from './support/free-port.js';
import { useTestServer, type ApiClient } from './support/harness.js';
import { DATABASES } from './support/test-server.js';

const NO_CREDITS = 'You have no creative credits remaining today.';

/** The port of the local images API, chosen before the server that calls it is set up. */
const IMAGES_API_PORT = await freePort();

/** A local server answering like the OpenAI images API on `IMAGES_API_PORT`: a picture, or an error with the given status. */
async function startImagesApi(answer: { status: number; body: unknown }): Promise<{ requests: number; close: () => Promise<void> }> {
  const state = { requests: 0 };
  const server: Server = createServer((request, response) => {
    state.requests++;
    request.resume();
    request.on('end', () => {
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(IMAGES_API_PORT, '127.0.0.1', resolve));
  return {
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}

describe.each(DATABASES)('creative ideas API on $name', (database) => {
  // The server's clock, moved by the day-boundary test.
  let clock = new Date('2026-11-22T12:00:00Z');
  const suite = useTestServer({ database, now: () => clock });
  let db: Db;
  let credits: CreditsRepository;

  beforeAll(async () => {
    db = await openDatabase(suite.server.config.database);
    credits = new CreditsRepository(db);
  });
  afterAll(async () => {
    await db.destroy();
  });

  const idea = (client: ApiClient, body: unknown): Promise<Response> => client.api('/stitch/creative-ideas', { method: 'POST', json: body });
  const creditsOf = async (client: ApiClient): Promise<unknown> => (await client.api('/stitch/creative-credits')).json();

  async function signedUpUser(label: string): Promise<{ user: ApiClient; id: string }> {
    const user = await suite.signUp(label);
    const me = (await (await user.api('/auth/me')).json()) as { id: string };
    return { user, id: me.id };
  }

  it('starts a user at 10 credits that reset at the next UTC midnight', async () => {
    const { user } = await signedUpUser('fresh');
    const response = await user.api('/stitch/creative-credits');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ remaining: 10, limit: 10, resets_at: '2026-11-23T00:00:00.000Z' });
  });

  it('needs a valid token for both calls', async () => {
    expect((await suite.visitor.api('/stitch/creative-credits')).status).toBe(401);
    expect((await idea(suite.visitor, { prompt: 'a cat' })).status).toBe(401);
    const forged = await suite.visitor.api('/stitch/creative-ideas', {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-token' },
      json: { prompt: 'a cat' },
    });
    expect(forged.status).toBe(401);
  });

  it('turns an idea into a picture and spends one credit', async () => {
    const { user } = await signedUpUser('painter');
    const response = await idea(user, { prompt: 'a red house in the snow' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { image_url: string; credits: number; source: string };
    expect(body).toMatchObject({ credits: 9, source: 'offline_sketch' });
    const picture = await fetch(body.image_url);
    expect(picture.headers.get('content-type')).toBe('image/png');
    const { width, height } = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect([width, height]).toEqual([512, 512]);
    expect(await creditsOf(user)).toMatchObject({ remaining: 9 });
  });

  it('refuses an empty, blank, missing or overlong prompt without spending a credit', async () => {
    const { user } = await signedUpUser('quiet');
    for (const body of [{ prompt: '' }, { prompt: '   \n ' }, {}]) {
      const response = await idea(user, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ detail: 'Please describe the idea you want to generate.', errors: [{ field: 'prompt' }] });
    }
    const long = await idea(user, { prompt: 'flowers '.repeat(200) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { detail: string }).detail).toMatch(/1000 characters/);
    expect((await idea(user, { prompt: 42 })).status).toBe(400);
    expect(await creditsOf(user)).toMatchObject({ remaining: 10 });
  });

  it('gives exactly one of 20 parallel ideas to a user with 9 credits used, and the count ends at 10', async () => {
    const { user, id } = await signedUpUser('eager');
    for (let i = 0; i < 9; i++) await credits.charge(id, '2026-11-22', 10);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => idea(user, { prompt: `a bouquet of flowers, number ${i}` })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 403)).toHaveLength(19);
    for (const response of responses.filter((r) => r.status === 403)) expect(await response.json()).toMatchObject({ status: 403, detail: NO_CREDITS });
    expect(await credits.used(id, '2026-11-22')).toBe(10);
    expect(await creditsOf(user)).toMatchObject({ remaining: 0 });
  });

  it('starts a new count at UTC midnight', async () => {
    const { user, id } = await signedUpUser('nightowl');
    clock = new Date('2026-11-22T23:59:58Z');
    for (let i = 0; i < 10; i++) await credits.charge(id, '2026-11-22', 10);
    expect((await idea(user, { prompt: 'an owl at night' })).status).toBe(403);
    clock = new Date('2026-11-23T00:00:01Z');
    expect(await creditsOf(user)).toEqual({ remaining: 10, limit: 10, resets_at: '2026-11-24T00:00:00.000Z' });
    const response = await idea(user, { prompt: 'an owl at night' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ credits: 9 });
    clock = new Date('2026-11-22T12:00:00Z');
  });
});

describe('creative ideas with an OpenAI-compatible provider that fails', () => {
  let imagesApi: Awaited<ReturnType<typeof startImagesApi>>;
  beforeAll(async () => {
    imagesApi = await startImagesApi({ status: 500, body: { error: { message: 'The server had an error while processing your request.' } } });
  });
  afterAll(async () => {
    await imagesApi.close();
  });
  const suite = useTestServer({
    environment: { IDEAS_PROVIDER: 'openai', OPENAI_BASE_URL: `http://127.0.0.1:${IMAGES_API_PORT}/v1`, OPENAI_API_KEY: 'sk-test' },
    users: ['unlucky'],
  });
  const unlucky = suite.user('unlucky');

  it('answers 502 with a sentence, spends no credit, and says so in the config', async () => {
    const response = await unlucky.api('/stitch/creative-ideas', { method: 'POST', json: { prompt: 'a cat' } });
    expect(response.status).toBe(502);
    const problem = (await response.json()) as { detail: string };
    expect(problem.detail).toMatch(/no credit was spent/);
    expect(JSON.stringify(problem)).not.toMatch(/processing your request|at .*\.ts/);
    expect(imagesApi.requests).toBe(1);
    expect(await (await unlucky.api('/stitch/creative-credits')).json()).toMatchObject({ remaining: 10 });
    expect(await (await suite.visitor.api('/config')).json()).toMatchObject({ ideas: { source: 'openai' } });
  });
});
