import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/database.js';
import { CreditsRepository } from '../src/repositories/credits.js';
import { newUser, OidcBrowser } from './support/oidc-client.js';
import { DATABASES, startTestServer, type DatabaseUnderTest, type TestServer } from './support/test-server.js';

const NO_CREDITS = 'You have no creative credits remaining today.';

/** A local server answering like the OpenAI images API: a picture, or an error with the given status. */
async function startImagesApi(answer: { status: number; body: unknown }): Promise<{ url: string; requests: number; close: () => Promise<void> }> {
  const state = { requests: 0 };
  const server: Server = createServer((request, response) => {
    state.requests++;
    request.resume();
    request.on('end', () => {
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
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

describe.each(DATABASES)('creative ideas API on $name', ({ create }) => {
  let database: DatabaseUnderTest;
  let server: TestServer;
  let db: Db;
  let credits: CreditsRepository;
  // The server's clock, moved by the day-boundary test.
  let clock = new Date('2026-11-22T12:00:00Z');

  beforeAll(async () => {
    database = await create();
    server = await startTestServer(database.environment, undefined, () => clock);
    db = await openDatabase(loadConfig(database.environment).database);
    credits = new CreditsRepository(db);
  });
  afterAll(async () => {
    await server.stop();
    await db.destroy();
    await database.dispose();
  });

  const api = (path: string, token: string | undefined, init: RequestInit = {}): Promise<Response> =>
    fetch(`${server.baseUrl}/api${path}`, { ...init, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  const idea = (token: string | undefined, body: unknown): Promise<Response> =>
    api('/stitch/creative-ideas', token, { method: 'POST', body: JSON.stringify(body) });

  async function signedUpUser(label: string): Promise<{ token: string; id: string }> {
    const token = (await new OidcBrowser(server.baseUrl).signUp(newUser(label))).access_token;
    const me = (await (await api('/auth/me', token)).json()) as { id: string };
    return { token, id: me.id };
  }

  it('starts a user at 10 credits that reset at the next UTC midnight', async () => {
    const { token } = await signedUpUser('fresh');
    const response = await api('/stitch/creative-credits', token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ remaining: 10, limit: 10, resets_at: '2026-11-23T00:00:00.000Z' });
  });

  it('needs a valid token for both calls', async () => {
    expect((await api('/stitch/creative-credits', undefined)).status).toBe(401);
    expect((await idea(undefined, { prompt: 'a cat' })).status).toBe(401);
    expect((await idea('not-a-token', { prompt: 'a cat' })).status).toBe(401);
  });

  it('turns an idea into a picture and spends one credit', async () => {
    const { token } = await signedUpUser('painter');
    const response = await idea(token, { prompt: 'a red house in the snow' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { image_url: string; credits: number; source: string };
    expect(body).toMatchObject({ credits: 9, source: 'offline_sketch' });
    const picture = await fetch(body.image_url);
    expect(picture.headers.get('content-type')).toBe('image/png');
    const { width, height } = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect([width, height]).toEqual([512, 512]);
    expect(await (await api('/stitch/creative-credits', token)).json()).toMatchObject({ remaining: 9 });
  });

  it('refuses an empty, blank, missing or overlong prompt without spending a credit', async () => {
    const { token } = await signedUpUser('quiet');
    for (const body of [{ prompt: '' }, { prompt: '   \n ' }, {}]) {
      const response = await idea(token, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ detail: 'Please describe the idea you want to generate.', errors: [{ field: 'prompt' }] });
    }
    const long = await idea(token, { prompt: 'flowers '.repeat(200) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { detail: string }).detail).toMatch(/1000 characters/);
    expect((await idea(token, { prompt: 42 })).status).toBe(400);
    expect(await (await api('/stitch/creative-credits', token)).json()).toMatchObject({ remaining: 10 });
  });

  it('gives exactly one of 20 parallel ideas to a user with 9 credits used, and the count ends at 10', async () => {
    const { token, id } = await signedUpUser('eager');
    for (let i = 0; i < 9; i++) await credits.charge(id, '2026-11-22', 10);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => idea(token, { prompt: `a bouquet of flowers, number ${i}` })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 403)).toHaveLength(19);
    for (const response of responses.filter((r) => r.status === 403)) expect(await response.json()).toMatchObject({ status: 403, detail: NO_CREDITS });
    expect(await credits.used(id, '2026-11-22')).toBe(10);
    expect(await (await api('/stitch/creative-credits', token)).json()).toMatchObject({ remaining: 0 });
  });

  it('starts a new count at UTC midnight', async () => {
    const { token, id } = await signedUpUser('nightowl');
    clock = new Date('2026-11-22T23:59:58Z');
    for (let i = 0; i < 10; i++) await credits.charge(id, '2026-11-22', 10);
    expect((await idea(token, { prompt: 'an owl at night' })).status).toBe(403);
    clock = new Date('2026-11-23T00:00:01Z');
    expect(await (await api('/stitch/creative-credits', token)).json()).toEqual({ remaining: 10, limit: 10, resets_at: '2026-11-24T00:00:00.000Z' });
    const response = await idea(token, { prompt: 'an owl at night' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ credits: 9 });
    clock = new Date('2026-11-22T12:00:00Z');
  });
});

describe('creative ideas with an OpenAI-compatible provider that fails', () => {
  let database: DatabaseUnderTest;
  let server: TestServer;
  let imagesApi: Awaited<ReturnType<typeof startImagesApi>>;

  beforeAll(async () => {
    imagesApi = await startImagesApi({ status: 500, body: { error: { message: 'The server had an error while processing your request.' } } });
    database = await DATABASES[0]!.create();
    server = await startTestServer({ ...database.environment, IDEAS_PROVIDER: 'openai', OPENAI_BASE_URL: imagesApi.url, OPENAI_API_KEY: 'sk-test' });
  });
  afterAll(async () => {
    await server.stop();
    await database.dispose();
    await imagesApi.close();
  });

  it('answers 502 with a sentence, spends no credit, and says so in the config', async () => {
    const token = (await new OidcBrowser(server.baseUrl).signUp(newUser('unlucky'))).access_token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const response = await fetch(`${server.baseUrl}/api/stitch/creative-ideas`, { method: 'POST', headers, body: JSON.stringify({ prompt: 'a cat' }) });
    expect(response.status).toBe(502);
    const problem = (await response.json()) as { detail: string };
    expect(problem.detail).toMatch(/no credit was spent/);
    expect(JSON.stringify(problem)).not.toMatch(/processing your request|at .*\.ts/);
    expect(imagesApi.requests).toBe(1);
    expect(await (await fetch(`${server.baseUrl}/api/stitch/creative-credits`, { headers })).json()).toMatchObject({ remaining: 10 });
    expect(await (await fetch(`${server.baseUrl}/api/config`)).json()).toMatchObject({ ideas: { source: 'openai' } });
  });
});
