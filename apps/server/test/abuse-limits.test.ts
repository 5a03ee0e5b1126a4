import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type ApiClient } from './support/harness.js';
import { encodePng, multipartBody } from './support/images.js';
import { answerOf, headOf, openUpload } from './support/raw-http.js';
import { newUser, OidcBrowser } from './support/oidc-client.js';
import { DATABASES, sqliteUnderTest, startTestServer, type DatabaseUnderTest, type TestServer } from './support/test-server.js';

const image = encodePng(32, 24, (x, y) => [x * 8, y * 10, 90]);
const pickForm = () => multipartBody({ x: '3', y: '4' }, { field: 'image_file', filename: 'a.png', contentType: 'image/png', bytes: image });

/** A POST of `body` by `client`, through a proxy that saw it come from `address`. */
const postFrom = (client: ApiClient, path: string, address: string, body: FormData): Promise<Response> =>
  client.api(path, { method: 'POST', body, headers: { 'x-forwarded-for': address } });

describe('abuse limits (RATE_LIMIT_PER_MINUTE=3, behind a trusted proxy)', () => {
  const suite = useTestServer({ environment: { RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'true' } });
  const post = (path: string, address: string, body: FormData, client: ApiClient = suite.visitor): Promise<Response> => postFrom(client, path, address, body);

  it('answers the fourth request of a minute with 429, Retry-After and problem JSON saying how long to wait', async () => {
    for (let i = 0; i < 3; i++) expect((await post('/colors/pick', '203.0.113.1', pickForm())).status).toBe(200);
    const refused = await post('/colors/pick', '203.0.113.1', pickForm());
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const problem = (await refused.json()) as { status: number; code: string; detail: string };
    expect(problem).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(problem.detail).toMatch(new RegExp(`wait ${retryAfter} seconds?`));
  });

  it('counts each endpoint and each address apart', async () => {
    const dominant = multipartBody({ n_colors: '3' }, { field: 'image_file', filename: 'a.png', contentType: 'image/png', bytes: image });
    expect((await post('/colors/dominant', '203.0.113.1', dominant)).status).toBe(200);
    expect((await post('/colors/pick', '203.0.113.2', pickForm())).status).toBe(200);
  });

  it('counts a signed-in user apart from the address, wherever they come from', async () => {
    const limited = await suite.signUp('limited');
    for (let i = 0; i < 3; i++) expect((await post('/colors/pick', '198.51.100.7', pickForm(), limited)).status).toBe(200);
    expect((await post('/colors/pick', '198.51.100.8', pickForm(), limited)).status).toBe(429);
    // The address's own budget for visitors is untouched by the user's requests.
    expect((await post('/colors/pick', '198.51.100.7', pickForm())).status).toBe(200);
  });

  it('counts the address the proxy appended, whatever the client wrote before it', async () => {
    // The proxy appends the address it sees; a client can only prepend made-up ones.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post('/colors/pick', `10.9.9.${i}, 198.18.0.4`, pickForm())).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('never limits health, thread look-ups, the API document or other reads', async () => {
    for (const path of ['/api/health', '/api/dmc/threads/closest/ff8800', '/api/config', '/api/docs/json']) {
      const statuses = await Promise.all(Array.from({ length: 12 }, () => fetch(`${suite.baseUrl}${path}`).then((response) => response.status)));
      expect(new Set(statuses), path).toEqual(new Set([200]));
    }
  });

  it('refuses a limited client before reading its upload: reads and drops an upload-sized body, closes on a larger one', async () => {
    const limited = { 'X-Forwarded-For': '203.0.113.1' };
    // Within the upload limit: answered at once, and the rest is read and dropped, so the client can read the answer.
    const upload = await openUpload(suite.baseUrl, '/api/colors/pick', { bodyBytes: 9_000_000, headers: limited });
    // Answered before the body, which never comes: read first, it would have been cut off as too slow (408).
    const { head } = await headOf(upload);
    expect(head).toMatch(/^HTTP\/1\.1 429 /);
    expect(head.toLowerCase()).not.toContain('connection: close');
    upload.destroy();
    // Larger than anything accepted: not worth reading, the connection is closed.
    const { text } = await answerOf(await openUpload(suite.baseUrl, '/api/colors/pick', { bodyBytes: 50_000_000, headers: limited }));
    expect(text).toMatch(/^HTTP\/1\.1 429 /);
    expect(text.toLowerCase()).toContain('connection: close');
  }, 60_000);

  it('stops start-up naming REDIS_URL when Redis cannot be reached', async () => {
    await expect(startTestServer({ DATA_DIR: suite.server.config.dataDir, REDIS_URL: 'redis://127.0.0.1:1' })).rejects.toThrow(/REDIS_URL/);
  });
});

describe('sign-ups per address (SIGN_UPS_PER_DAY=2)', () => {
  const suite = useTestServer({ environment: { SIGN_UPS_PER_DAY: '2' } });

  it('refuses a third new account from one address with a page saying so, and still lets its users sign in', async () => {
    const first = await suite.signUp('first');
    await suite.signUp('second');
    const browser = new OidcBrowser(suite.baseUrl);
    const { page } = await browser.authorize({ prompt: 'create' });
    const refused = await browser.submit(page, 'signup', newUser('third'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    expect(await refused.text()).toContain('Too many accounts were created from your network today.');
    await expect(new OidcBrowser(suite.baseUrl).signIn(first)).resolves.toMatchObject({ token_type: 'Bearer' });
  });
});

describe.each(DATABASES)('storage quota of visitors (VISITOR_STORAGE_MB_PER_DAY=1) on $name', (database) => {
  const suite = useTestServer({ database, environment: { VISITOR_STORAGE_MB_PER_DAY: '1', TRUST_PROXY: 'true' } });

  // Noise does not compress: about 750 KB, so the second upload would pass 1 MB.
  let seed = 7;
  const noise = encodePng(500, 500, () => [(seed = (seed * 48271) % 2147483647) % 256, (seed * 7) % 256, (seed * 13) % 256]);
  const upload = (address: string, client: ApiClient = suite.visitor): Promise<Response> =>
    postFrom(client, '/images/upload', address, multipartBody({}, { field: 'image_file', filename: 'noise.png', contentType: 'image/png', bytes: noise }));

  it('refuses a visitor past the quota with 429, Retry-After and a sentence; others are unaffected', async () => {
    expect(noise.length).toBeGreaterThan(600_000);
    expect((await upload('203.0.113.50')).status).toBe(201);
    const refused = await upload('203.0.113.50');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    const problem = (await refused.json()) as { code: string; detail: string };
    expect(problem.code).toBe('storage_quota_spent');
    expect(problem.detail).toMatch(/up to 1 MB a day.*Sign in.*about 24 hours/);

    // Refused when the request arrives, before its upload is read or any work is done.
    const early = await openUpload(suite.baseUrl, '/api/images/upload', { bodyBytes: 9_000_000, headers: { 'X-Forwarded-For': '203.0.113.50' } });
    const { head } = await headOf(early);
    early.destroy();
    expect(head).toMatch(/^HTTP\/1\.1 429 /);

    expect((await upload('203.0.113.51')).status).toBe(201);
    const member = await suite.signUp('quota');
    for (let i = 0; i < 3; i++) expect((await upload('203.0.113.50', member)).status).toBe(201);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('abuse limits shared through Redis (REDIS_URL)', () => {
  const servers: TestServer[] = [];
  let database: DatabaseUnderTest;

  beforeAll(async () => {
    database = await sqliteUnderTest();
    for (let i = 0; i < 2; i++) {
      // Two processes' worth of servers on one data folder: what they share is Redis.
      servers.push(await startTestServer({ ...database.environment, RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'true', REDIS_URL: process.env.TEST_REDIS_URL }));
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database.dispose();
  });

  it('counts one budget per client across servers', async () => {
    const address = `192.0.2.${Math.floor(Math.random() * 250) + 1}, 10.0.0.${Date.now() % 250}`;
    const pickOn = (server: TestServer) =>
      fetch(`${server.baseUrl}/api/colors/pick`, { method: 'POST', body: pickForm(), headers: { 'x-forwarded-for': address } }).then(
        (response) => response.status,
      );
    expect([await pickOn(servers[0]!), await pickOn(servers[1]!), await pickOn(servers[0]!)]).toEqual([200, 200, 200]);
    expect(await pickOn(servers[1]!)).toBe(429);
    expect(await pickOn(servers[0]!)).toBe(429);
  });
});
