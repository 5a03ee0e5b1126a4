import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTOS, multipartBody } from './support/images.js';
import { startS3, type S3UnderTest } from './support/s3-server.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** The same server on either store: files on its disk, or in a bucket of a real S3-protocol server. */
const STORES: { name: string; environment: () => Promise<{ environment: NodeJS.ProcessEnv; stop: () => Promise<void> }> }[] = [
  { name: 'local disk', environment: () => Promise.resolve({ environment: {}, stop: () => Promise.resolve() }) },
  {
    name: 'S3',
    environment: async () => {
      const s3: S3UnderTest = await startS3();
      return { environment: s3.environment, stop: () => s3.stop() };
    },
  },
];

describe.each(STORES)('GET /files/{id} from $name', ({ environment }) => {
  let server: TestServer;
  let stopStore: () => Promise<void>;
  let dataDir: string;
  let url: string;
  const photo = PHOTOS.kodim21();

  beforeAll(async () => {
    const store = await environment();
    stopStore = store.stop;
    dataDir = await mkdtemp(join(tmpdir(), 'stitchwise-files-'));
    server = await startTestServer({ DATA_DIR: dataDir, ...store.environment });
    const body = multipartBody({}, { field: 'image_file', filename: 'kodim21.png', contentType: 'image/png', bytes: photo });
    const uploaded = (await (await fetch(`${server.baseUrl}/api/images/upload`, { method: 'POST', body })).json()) as { image_url: string };
    url = uploaded.image_url;
  });

  afterAll(async () => {
    await server.stop();
    await stopStore();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the whole file with its type, length, ETag and a year of immutable caching', async () => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(
      Object.fromEntries(
        ['content-type', 'content-length', 'cache-control', 'accept-ranges', 'x-content-type-options'].map((h) => [h, response.headers.get(h)]),
      ),
    ).toEqual({
      'content-type': 'image/png',
      'content-length': String(photo.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers.get('etag')).toBe(`"${url.split('/').pop()!}"`);
    expect(Buffer.from(await response.arrayBuffer()).equals(photo)).toBe(true);
  });

  it('answers HEAD with the headers and no body, and a matching If-None-Match with 304', async () => {
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(photo.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const again = await fetch(url, { headers: { 'if-none-match': head.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('answers a byte range with 206 and just those bytes', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-0', 0, 0],
      ['bytes=100-4195', 100, 4195],
      [`bytes=${photo.length - 10}-`, photo.length - 10, photo.length - 1],
      ['bytes=-16', photo.length - 16, photo.length - 1],
      [`bytes=500-${photo.length + 1000}`, 500, photo.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await fetch(url, { headers: { range } });
      expect(response.status, range).toBe(206);
      expect(response.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${photo.length}`);
      expect(response.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect(Buffer.from(await response.arrayBuffer()).equals(photo.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('answers a range outside the file with 416, and serves the whole file for ranges it does not take', async () => {
    const outside = await fetch(url, { headers: { range: `bytes=${photo.length}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${photo.length}`);
    expect(outside.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    for (const range of ['bytes=0-1,5-9', 'lines=1-2', 'bytes=9-2']) {
      const whole = await fetch(url, { headers: { range } });
      expect(whole.status, range).toBe(200);
      expect((await whole.arrayBuffer()).byteLength, range).toBe(photo.length);
    }
    const stale = await fetch(url, { headers: { range: 'bytes=0-9', 'if-range': '"another-version"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it('answers an unknown id with 404 problem JSON', async () => {
    const response = await fetch(`${server.baseUrl}/files/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
