import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_APP_DIR } from '../src/routes/web-app.js';
import { LocalFileStore } from '../src/storage/file-store.js';
import { buildTestApp } from './helpers.js';
import { useTestServer } from './support/harness.js';
import { encodePng } from './support/images.js';
import { OidcBrowser } from './support/oidc-client.js';

/**
 * The security headers of every kind of answer, as a browser receives them: the web app's page and
 * files, API answers and problems, Swagger UI, the identity provider's pages and stored files.
 */
const WEB_APP_BUILT = existsSync(join(WEB_APP_DIR, 'index.html'));
if (!WEB_APP_BUILT) {
  console.warn(`\n  ⚠ The web app is not built (${WEB_APP_DIR}): its header tests are SKIPPED. Run npm run build first.\n`);
}

const WEB_APP_POLICY =
  "default-src 'self';script-src 'self' 'wasm-unsafe-eval';script-src-attr 'none';style-src 'self';img-src 'self' data: blob: https: http:;font-src 'self';" +
  "connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";
const API_POLICY = "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'";
const API_DOCS_POLICY =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";
const FILES_POLICY = "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none';sandbox";
const identityPolicy = (styleHash: string): string => `default-src 'none';style-src '${styleHash}';base-uri 'none';form-action 'self';frame-ancestors 'none'`;

/** The hash of the one inline stylesheet of a provider page, as the browser computes it. */
function styleHashOf(html: string): string {
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css = '']) => css);
  expect(styles).toHaveLength(1);
  return `sha256-${createHash('sha256').update(styles[0]!, 'utf8').digest('base64')}`;
}

function expectCommonHeaders(headers: Headers): void {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('strict-transport-security')).toBeNull();
  // One policy per answer: a second header would add its restrictions to the first.
  expect(headers.get('content-security-policy')).not.toContain(',');
}

describe('security headers over http', () => {
  const suite = useTestServer();
  const stored: Record<'png' | 'pdf' | 'json', string> = { png: '', pdf: '', json: '' };

  beforeAll(async () => {
    const files = new LocalFileStore(join(suite.server.config.dataDir, 'files'));
    stored.png = await files.put(
      encodePng(16, 16, () => [200, 10, 10]),
      'png',
    );
    stored.pdf = await files.put(Buffer.from('%PDF-1.4\n%%EOF\n'), 'pdf');
    stored.json = await files.put(Buffer.from('{"script":"<script>alert(1)</script>"}'), 'json');
  });

  const get = (path: string, init?: RequestInit): Promise<Response> => fetch(`${suite.baseUrl}${path}`, { redirect: 'manual', ...init });

  describe.skipIf(!WEB_APP_BUILT)('the web app', () => {
    it.each(['/', '/stitch/projects/42', '/about'])('%s: its page under the strict policy, never cached', async (path) => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expectCommonHeaders(response.headers);
      expect(response.headers.get('content-security-policy')).toBe(WEB_APP_POLICY);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      // The page has no inline script or style for the policy to refuse.
      const html = await response.text();
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).not.toMatch(/<style|\sstyle=/);
    });

    it('its hashed scripts and stylesheets, cached for a year', async () => {
      const assets = readdirSync(join(WEB_APP_DIR, 'assets')).filter((name) => /\.(js|css)$/.test(name));
      expect(assets.length).toBeGreaterThanOrEqual(2);
      for (const name of assets) {
        const response = await get(`/assets/${name}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(name.endsWith('.js') ? /javascript/ : /^text\/css/);
        expectCommonHeaders(response.headers);
        expect(response.headers.get('content-security-policy')).toBe(WEB_APP_POLICY);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        await response.arrayBuffer();
      }
    });

    it('robots.txt is plain text that keeps crawlers out of the API, sign-in, files and projects', async () => {
      const response = await get('/robots.txt');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expectCommonHeaders(response.headers);
      const text = await response.text();
      expect(text).not.toMatch(/<html|<!doctype/i);
      expect(text).toMatch(/^User-agent: \*$/m);
      for (const path of ['/api/', '/oidc/', '/files/', '/stitch/projects']) expect(text).toMatch(new RegExp(`^Disallow: ${path}$`, 'm'));
      expect(text).not.toMatch(/^Disallow: \/$/m);
    });
  });

  describe('the API', () => {
    it('a JSON answer may not be rendered or framed', async () => {
      const response = await get('/api/health');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expectCommonHeaders(response.headers);
      expect(response.headers.get('content-security-policy')).toBe(API_POLICY);
    });

    it.each([
      ['an unknown path', '/api/no/such/thing', 404],
      ['bad input', '/api/dmc/threads/closest/not-a-colour', 400],
      ['a missing thread', '/api/dmc/threads/no-such-thread', 404],
    ])('a problem answer (%s) carries the same headers', async (_label, path, status) => {
      const response = await get(path);
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expectCommonHeaders(response.headers);
      expect(response.headers.get('content-security-policy')).toBe(API_POLICY);
    });

    it.each(['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/swagger-ui-bundle.js'])(
      'Swagger UI (%s) has its own policy, which allows its inline styles',
      async (path) => {
        const response = await get(path);
        expect(response.status).toBeLessThan(400);
        expectCommonHeaders(response.headers);
        expect(response.headers.get('content-security-policy')).toBe(API_DOCS_POLICY);
        await response.arrayBuffer();
      },
    );
  });

  describe('the identity provider', () => {
    it("its discovery document (an answer oidc-provider writes itself) gets the provider's policy", async () => {
      const page = await get('/oidc/interaction/unknown');
      const hash = styleHashOf(await page.text());
      const response = await get('/oidc/.well-known/openid-configuration');
      expect(response.status).toBe(200);
      expectCommonHeaders(response.headers);
      expect(response.headers.get('content-security-policy')).toBe(identityPolicy(hash));
    });

    it('the sign-in page allows exactly its own stylesheet, and forms posting to the provider', async () => {
      const { page } = await new OidcBrowser(suite.baseUrl).authorize();
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<form method="post" action="/oidc/interaction/');
      expectCommonHeaders(page.headers);
      expect(page.headers.get('content-security-policy')).toBe(identityPolicy(styleHashOf(html)));
      expect(page.headers.get('cache-control')).toBe('no-store');
    });

    it("the expired-link page and oidc-provider's error page get the same policy", async () => {
      for (const path of ['/oidc/interaction/unknown', '/oidc/auth?client_id=nobody&response_type=code&scope=openid']) {
        const response = await get(path);
        expect(response.status).toBe(400);
        expect(response.headers.get('content-type')).toMatch(/^text\/html/);
        expectCommonHeaders(response.headers);
        expect(response.headers.get('content-security-policy')).toBe(identityPolicy(styleHashOf(await response.text())));
      }
    });
  });

  describe('stored files', () => {
    it.each(['png', 'pdf', 'json'] as const)('a stored %s file is sandboxed: it can never run script', async (kind) => {
      const response = await get(`/files/${stored[kind]}`);
      expect(response.status).toBe(200);
      expectCommonHeaders(response.headers);
      expect(response.headers.get('content-security-policy')).toBe(FILES_POLICY);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      await response.arrayBuffer();
    });

    it('also when the path is %-encoded, as the router decodes it', async () => {
      const response = await get(`/%66iles/${stored.png}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toBe(FILES_POLICY);
      await response.arrayBuffer();
    });

    it('so is the problem answer for a missing file', async () => {
      const response = await get('/files/no-such-file.png');
      expect(response.status).toBe(404);
      expectCommonHeaders(response.headers);
      expect(response.headers.get('content-security-policy')).toBe(FILES_POLICY);
    });
  });
});

describe('security headers depending on the settings', () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });
  async function headersOf(environment: NodeJS.ProcessEnv, url: string): Promise<Record<string, unknown>> {
    const app = await buildTestApp(environment);
    apps.push(app);
    return (await app.inject({ method: 'GET', url })).headers;
  }

  it('HSTS and upgrade-insecure-requests only when the public URL is https; no plain-http pictures there', async () => {
    const secure = await headersOf({ PUBLIC_URL: 'https://stitch.example' }, '/no-such-page');
    expect(secure['strict-transport-security']).toBe('max-age=31536000');
    const policy = String(secure['content-security-policy']);
    expect(policy).toContain(';upgrade-insecure-requests');
    expect(policy).toContain(";img-src 'self' data: blob: https:;");
    expect(String((await headersOf({ PUBLIC_URL: 'https://stitch.example' }, '/oidc/jwks'))['content-security-policy'])).toContain(
      ';upgrade-insecure-requests',
    );

    for (const publicUrl of [undefined, 'http://stitch.internal:8080']) {
      const plain = await headersOf(publicUrl ? { PUBLIC_URL: publicUrl } : {}, '/no-such-page');
      expect(plain['strict-transport-security']).toBeUndefined();
      expect(plain['content-security-policy']).toBe(WEB_APP_POLICY);
    }
  });

  it("an external provider's origin may be called and posted to by the web app", async () => {
    const headers = await headersOf(
      { OIDC_ISSUER: 'https://id.example.com/tenant-7/', OIDC_CLIENT_ID: 'stitchwise', OIDC_AUDIENCE: 'https://api.stitch.example' },
      '/no-such-page',
    );
    const policy = String(headers['content-security-policy']);
    expect(policy).toContain(";connect-src 'self' https://id.example.com;");
    expect(policy).toContain(";form-action 'self' https://id.example.com;");
    expect(policy).toContain(";script-src 'self' 'wasm-unsafe-eval';");
  });
});
