import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng, fromRaw, multipartBody, PHOTOS } from './support/images.js';
import { startImageHost, type ImageHost } from './support/image-host.js';
import { sqliteUnderTest, startTestServer, type DatabaseUnderTest, type TestServer } from './support/test-server.js';

/**
 * Hostile and broken input: every case gets a 4xx problem with a stable code, never a 5xx.
 */
let database: DatabaseUnderTest;
let server: TestServer;
let host: ImageHost;
let photo: Buffer;

beforeAll(async () => {
  database = await sqliteUnderTest();
  photo = PHOTOS.kodim21();
  host = await startImageHost(photo);
  // The test host is reachable by name only; 127.0.0.1 and every other private address stay forbidden.
  server = await startTestServer({ ...database.environment, IMAGE_URL_ALLOW: 'localhost' });
});
afterAll(async () => {
  await server.stop();
  await host.close();
  await database.dispose();
});

interface Problem {
  status: number;
  code: string;
  detail: string;
  errors?: { field: string; message: string }[];
}

/** Sends a form; no 5xx is expected but the busy answer, and only where `busyAllowed` says so. */
async function send(
  path: string,
  fields: Record<string, string>,
  file?: Buffer,
  filename = 'photo.png',
  busyAllowed = false,
): Promise<{ status: number; problem: Problem }> {
  const body = multipartBody(fields, file && { field: 'image_file', filename, contentType: 'image/png', bytes: file });
  const response = await fetch(`${server.baseUrl}/api${path}`, { method: 'POST', body });
  if (!(busyAllowed && response.status === 503)) expect(response.status, 'no 5xx').toBeLessThan(500);
  const text = await response.text();
  if (response.status >= 400) expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return { status: response.status, problem: JSON.parse(text) as Problem };
}

const pick = (file: Buffer | undefined, fields: Record<string, string> = { x: '1', y: '1' }): ReturnType<typeof send> => send('/colors/pick', fields, file);
const pickUrl = (url: string): ReturnType<typeof send> => send('/colors/pick', { image_url: url, x: '1', y: '1' });

describe('hostile uploads', () => {
  it('refuses an 11 MB upload with 413 without reading it all', async () => {
    const { status, problem } = await pick(Buffer.concat([photo, Buffer.alloc(11 * 1024 * 1024)]));
    expect(status).toBe(413);
    expect(problem.code).toBe('payload_too_large');
  });

  it.each([
    ['HTML named .png', Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'), 'web page'],
    ['SVG', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'), 'SVG'],
    ['PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'PDF'],
    ['ZIP', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]), 'ZIP'],
    ['random bytes', Buffer.from(Array.from({ length: 200 }, (_, i) => (i * 37) % 256)), 'not an image'],
  ])('refuses %s with 415', async (_name, bytes, words) => {
    const { status, problem } = await pick(bytes);
    expect(status).toBe(415);
    expect(problem.code).toBe('unsupported_media_type');
    expect(problem.detail).toContain(words);
  });

  it('refuses a PNG declaring 20000 × 20000 pixels from its header, with 422', async () => {
    const png = encodePng(2, 2, () => [1, 2, 3]);
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    const { status, problem } = await pick(png);
    expect(status).toBe(422);
    expect(problem.code).toBe('image_too_large');
    expect(problem.detail).toContain('20000 × 20000');
  });

  it('refuses a truncated JPEG and a corrupt PNG with 422', async () => {
    const jpeg = await sharp(photo).jpeg({ quality: 90 }).toBuffer();
    const truncated = await pick(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(truncated.status).toBe(422);
    expect(truncated.problem.code).toBe('image_unreadable');
    const png = encodePng(50, 50, (x, y) => [x, y, 0]);
    const corrupt = Buffer.from(png);
    corrupt.fill(0xff, 40, 80); // inside the compressed pixel data
    const broken = await pick(corrupt);
    expect(broken.status).toBe(422);
    expect(broken.problem.code).toBe('image_unreadable');
  });

  it('reads only the first frame of a GIF with many frames, in bounded time', async () => {
    const frames = 400;
    const gif = await sharp(Buffer.concat(Array.from({ length: frames }, (_, f) => Buffer.alloc(64 * 64 * 3, f % 2 ? 40 : 220))), {
      raw: { width: 64, height: 64 * frames, channels: 3, pageHeight: 64 },
    })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(frames);
    // Bounded by the test's own time limit; the colour proves the first frame was read, not a later one.
    const response = await pick(gif);
    expect(response.status).toBe(200);
    expect((response.problem as unknown as { picked_color: { r: number } }).picked_color.r).toBeGreaterThan(200);
  });

  it('refuses a zero-byte file', async () => {
    const { status, problem } = await pick(Buffer.alloc(0));
    expect(status).toBe(400);
    expect(problem.code).toBe('empty_file');
  });

  it('refuses a request without an image, and one without coordinates, naming the fields', async () => {
    const noImage = await pick(undefined);
    expect(noImage.status).toBe(400);
    expect(noImage.problem.detail).toContain('No image selected');
    expect(noImage.problem.errors?.map((e) => e.field)).toEqual(['image_file']);
    const noCoordinates = await pick(photo, {});
    expect(noCoordinates.status).toBe(400);
    expect(noCoordinates.problem.errors?.map((e) => e.field).sort()).toEqual(['x', 'y']);
  });

  it.each([
    [{ x: '-1', y: '5' }, 'x'],
    [{ x: '5', y: '-3' }, 'y'],
    [{ x: '768', y: '5' }, 'x'],
    [{ x: '5', y: '512' }, 'y'],
    [{ x: '1.5', y: '5' }, 'x'],
    [{ x: '5', y: 'ten' }, 'y'],
    [{ x: '', y: '5' }, 'x'],
    [{ x: '1e3', y: '5' }, 'x'],
  ])('refuses coordinates %o naming %s', async (fields, field) => {
    const { status, problem } = await pick(photo, fields);
    expect(status).toBe(400);
    expect(problem.code).toBe('invalid_request');
    expect(problem.errors?.map((e) => e.field)).toContain(field);
  });

  it('answers a non-multipart request with 415', async () => {
    const response = await fetch(`${server.baseUrl}/api/colors/pick`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":1}' });
    expect(response.status).toBe(415);
  });
});

describe('malformed requests', () => {
  const raw = async (path: string, contentType: string, body: string): Promise<{ status: number; type: string | null; problem: Problem }> => {
    const response = await fetch(`${server.baseUrl}/api${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });
    return { status: response.status, type: response.headers.get('content-type'), problem: (await response.json()) as Problem };
  };
  const part = (name: string, value: string, file = ''): string => `Content-Disposition: form-data; name="${name}"${file}\r\n\r\n${value}`;

  it.each([
    ['no boundary', 'multipart/form-data', 'abc'],
    ['a boundary the body does not use', 'multipart/form-data; boundary=XYZ', `--ABC\r\n${part('x', '1')}\r\n`],
    ['a body that ends inside a file part', 'multipart/form-data; boundary=XYZ', `--XYZ\r\n${part('image_file', '\x89PNG', '; filename="a.png"')}`],
  ])('answers a multipart body with %s with 400 malformed_form', async (_name, contentType, body) => {
    const { status, type, problem } = await raw('/colors/pick', contentType, body);
    expect(status).toBe(400);
    expect(type).toMatch(/^application\/problem\+json/);
    expect(problem.code).toBe('malformed_form');
  });

  it('answers a path with broken %-encoding as a problem', async () => {
    const response = await fetch(`${server.baseUrl}/api/dmc/threads/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ status: 400, code: 'invalid_request', detail: 'The address is not valid: it has a broken %-encoding.' });
  });
});

describe('hostile image URLs', () => {
  it.each([
    'http://127.0.0.1/photo.png',
    'http://2130706433/photo.png',
    'http://0x7f.1/photo.png',
    'http://0177.0.0.1/photo.png',
    'http://127.1/photo.png',
    'http://[::1]/photo.png',
    'http://[::ffff:127.0.0.1]/photo.png',
    'http://[::ffff:7f00:1]/photo.png',
    'http://[64:ff9b::7f00:1]/photo.png',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/photo.png',
    'http://192.168.1.1/photo.png',
    'http://100.64.0.1/photo.png',
    'http://0.0.0.0/photo.png',
    'http://[fe80::1]/photo.png',
    'http://224.0.0.1/photo.png',
  ])('refuses %s as a forbidden address', async (url) => {
    const { status, problem } = await pickUrl(url);
    expect(status).toBe(400);
    expect(problem.code).toBe('url_forbidden');
  });

  it('refuses a host name that resolves to loopback when it is not allowed by name', async () => {
    const strict = await startTestServer({ ...database.environment, IMAGE_URL_ALLOW: '' });
    try {
      const body = multipartBody({ image_url: `${host.url}/photo.png`, x: '1', y: '1' });
      const response = await fetch(`${strict.baseUrl}/api/colors/pick`, { method: 'POST', body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as Problem).code).toBe('url_forbidden');
    } finally {
      await strict.stop();
    }
  });

  it('refuses a redirect to loopback or to the metadata address', async () => {
    for (const path of ['/redirect-to-loopback', '/redirect-to-metadata']) {
      const { status, problem } = await pickUrl(`${host.url}${path}`);
      expect(status).toBe(400);
      expect(problem.code).toBe('url_forbidden');
    }
  });

  it.each(['file:///etc/passwd', 'gopher://localhost:70/_x', 'data:image/png;base64,iVBORw0KGgo=', 'ftp://example.com/a.png', 'javascript:alert(1)'])(
    'refuses the scheme of %s',
    async (url) => {
      const { status, problem } = await pickUrl(url);
      expect(status).toBe(400);
      expect(problem.code).toBe('url_forbidden');
    },
  );

  it('refuses a URL that serves a web page, with 415', async () => {
    const { status, problem } = await pickUrl(`${host.url}/page.html`);
    expect(status).toBe(415);
    expect(problem.code).toBe('unsupported_media_type');
  });

  it('stops reading a URL past 10 MB, with 413', async () => {
    const { status, problem } = await pickUrl(`${host.url}/huge`);
    expect(status).toBe(413);
    expect(problem.code).toBe('payload_too_large');
  });

  it('gives up on a URL that never finishes after 10 seconds', async () => {
    const started = performance.now();
    const { status, problem } = await pickUrl(`${host.url}/never-finishes`);
    expect(status).toBe(400);
    expect(problem.code).toBe('url_fetch_failed');
    expect(performance.now() - started).toBeLessThan(100_000); // the 10 s limit, with room for a machine 10 × slower, not a hang
  }, 130_000);

  it('follows a redirect within the limit, refuses a redirect loop, and reports missing images', async () => {
    expect((await pickUrl(`${host.url}/redirect-once`)).status).toBe(200);
    const loop = await pickUrl(`${host.url}/redirect-loop`);
    expect(loop.status).toBe(400);
    expect(loop.problem.code).toBe('url_fetch_failed');
    const missing = await pickUrl(`${host.url}/missing`);
    expect(missing.status).toBe(400);
    expect(missing.problem).toMatchObject({ code: 'url_fetch_failed', detail: 'The image URL answered with HTTP status 404.' });
  });

  it('refuses a URL that is not a URL', async () => {
    const { status, problem } = await pickUrl('not a url');
    expect(status).toBe(400);
    expect(problem.errors?.map((e) => e.field)).toEqual(['image_url']);
  });
});

describe('under load', () => {
  it('keeps /api/health answering while the pool works, and refuses with 503 and Retry-After when full', async () => {
    const heavy = await fromRaw(1500, 1500, (x, y) => [x % 256, y % 256, (x + y) % 256])
      .png({ compressionLevel: 0 })
      .toBuffer();
    let finished = 0;
    const requests = Array.from({ length: 40 }, (_, i) =>
      send('/colors/pick', { x: String(i), y: '1' }, Buffer.concat([heavy, Buffer.from([i])]), 'photo.png', true).then((result) => {
        finished++;
        return result;
      }),
    );
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    // Health answered while image work was still under way.
    expect(finished).toBeLessThan(40);
    const results = await Promise.all(requests);
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    const refused = results.find((r) => r.status === 503);
    if (refused) expect(refused.problem.code).toBe('busy');
  });
});
