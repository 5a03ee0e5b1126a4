import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_APP_DIR } from '../src/routes/web-app.js';
import { LocalFileStore } from '../src/storage/file-store.js';
import { buildTestApp } from './helpers.js';
import { encodePng } from './support/images.js';

/**
 * Answers go out compressed when the browser accepts it and it pays: the built scripts and styles
 * as the copies the build made, JSON compressed on the way out; pictures and PDFs as they are.
 */
const WEB_APP_BUILT = existsSync(join(WEB_APP_DIR, 'index.html'));
if (!WEB_APP_BUILT) {
  console.warn(`\n  ⚠ The web app is not built (${WEB_APP_DIR}): its compression tests are SKIPPED. Run npm run build first.\n`);
}

const DECODE = { br: brotliDecompressSync, gzip: gunzipSync } as const;

let app: FastifyInstance;
let dataDir: string;
const stored = { png: '', pdf: '', json: '' };
let bigJson: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'stitchwise-compression-'));
  app = await buildTestApp({ DATA_DIR: dataDir });
  const files = new LocalFileStore(join(dataDir, 'files'));
  // Large enough for the streaming path (above the synchronous threshold) and well above 1 KB.
  bigJson = Buffer.from(JSON.stringify({ cells: Array.from({ length: 20_000 }, (_, i) => ({ x: i % 100, y: Math.floor(i / 100), dmc: `${310 + (i % 7)}` })) }));
  stored.json = await files.put(bigJson, 'json');
  stored.png = await files.put(
    encodePng(256, 256, (x, y) => [x, y, (x * y) % 256]),
    'png',
  );
  stored.pdf = await files.put(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(8192, 'q Q\n'), Buffer.from('%%EOF\n')]), 'pdf');
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> => app.inject({ method: 'GET', url, headers });

/** The answer as sent for `encoding`, decoded, next to the plain answer: the same bytes. */
async function expectCompressed(url: string, encoding: 'br' | 'gzip'): Promise<{ compressed: LightMyRequestResponse; plain: Buffer }> {
  const compressed = await get(url, { 'accept-encoding': encoding });
  const identity = await get(url, { 'accept-encoding': 'identity' });
  expect(compressed.statusCode).toBe(200);
  expect(compressed.headers['content-encoding']).toBe(encoding);
  expect(String(compressed.headers.vary)).toMatch(/accept-encoding/i);
  expect(identity.headers['content-encoding']).toBeUndefined();
  expect(compressed.rawPayload.length).toBeLessThan(identity.rawPayload.length / 2);
  expect(DECODE[encoding](compressed.rawPayload).equals(identity.rawPayload)).toBe(true);
  return { compressed, plain: identity.rawPayload };
}

describe('JSON answers of the API', () => {
  it.each(['br', 'gzip'] as const)('the OpenAPI document with %s', async (encoding) => {
    const { plain } = await expectCompressed('/api/docs/json', encoding);
    expect(JSON.parse(plain.toString('utf8'))).toMatchObject({ openapi: '3.1.0' });
  });

  it.each(['br', 'gzip'] as const)('a page of DMC threads with %s', async (encoding) => {
    const { compressed } = await expectCompressed('/api/dmc/threads?limit=100', encoding);
    expect(compressed.headers['content-type']).toMatch(/^application\/json/);
  });

  it('small answers and clients that accept no encoding get the plain answer', async () => {
    const small = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const none = await get('/api/dmc/threads?limit=100');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toMatchObject({ threads: expect.any(Array) });
  });
});

describe('stored files', () => {
  it.each(['br', 'gzip'] as const)('a JSON file is streamed compressed with %s', async (encoding) => {
    const { plain } = await expectCompressed(`/files/${stored.json}`, encoding);
    expect(plain.equals(bigJson)).toBe(true);
  });

  it.each(['png', 'pdf'] as const)('a %s file goes out as it is, with its length', async (kind) => {
    const response = await get(`/files/${kind === 'png' ? stored.png : stored.pdf}`, { 'accept-encoding': 'br, gzip, deflate' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.subarray(0, 4).toString('latin1')).toBe(kind === 'png' ? '\x89PNG' : '%PDF');
  });

  it('HEAD and a revalidation send no body', async () => {
    const head = await app.inject({ method: 'HEAD', url: `/files/${stored.json}`, headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    const revalidated = await get(`/files/${stored.json}`, { 'accept-encoding': 'br', 'if-none-match': `"${stored.json}"` });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });
});

describe.skipIf(!WEB_APP_BUILT)('the built web app', () => {
  // The build compresses files of 1 KB and more (smaller ones gain nothing worth a second request path).
  const assets = WEB_APP_BUILT
    ? readdirSync(join(WEB_APP_DIR, 'assets')).filter((name) => /\.(js|css)$/.test(name) && statSync(join(WEB_APP_DIR, 'assets', name)).size >= 1024)
    : [];

  it('the build wrote .br and .gz copies of its scripts and stylesheets', () => {
    expect(assets.some((name) => name.endsWith('.js'))).toBe(true);
    expect(assets.some((name) => name.endsWith('.css'))).toBe(true);
    for (const name of assets) {
      const original = readFileSync(join(WEB_APP_DIR, 'assets', name));
      expect(brotliDecompressSync(readFileSync(join(WEB_APP_DIR, 'assets', `${name}.br`))).equals(original)).toBe(true);
      expect(gunzipSync(readFileSync(join(WEB_APP_DIR, 'assets', `${name}.gz`))).equals(original)).toBe(true);
    }
  });

  it.each(['br', 'gzip'] as const)('scripts and stylesheets are sent as the %s copy, still cached for a year', async (encoding) => {
    // Those of a few KB and more: expectCompressed asks for less than half the size, which a 1 KB chunk need not reach.
    for (const name of assets.filter((asset) => statSync(join(WEB_APP_DIR, 'assets', asset)).size >= 4096)) {
      const { compressed, plain } = await expectCompressed(`/assets/${name}`, encoding);
      expect(plain.equals(readFileSync(join(WEB_APP_DIR, 'assets', name)))).toBe(true);
      // The copy made at build time, at its best compression, not one made on the fly.
      expect(compressed.rawPayload.equals(readFileSync(join(WEB_APP_DIR, 'assets', `${name}.${encoding === 'br' ? 'br' : 'gz'}`)))).toBe(true);
      expect(compressed.headers['content-type']).toMatch(name.endsWith('.js') ? /javascript/ : /^text\/css/);
      expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('a range of a script is served from the plain file, not compressed', async () => {
    const name = assets.find((asset) => asset.endsWith('.js'))!;
    const response = await get(`/assets/${name}`, { range: 'bytes=0-99' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-range']).toMatch(/^bytes 0-99\//);
    expect(response.rawPayload.equals(readFileSync(join(WEB_APP_DIR, 'assets', name)).subarray(0, 100))).toBe(true);
  });
});
