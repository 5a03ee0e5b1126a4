import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.js';

/** What one read from a socket gives Node. */
const CHUNK = 64 * 1024;

/**
 * An upload must not hold the event loop while it is read: Node reads up to 2 MB from a socket in one
 * go, and a multipart parser fed that way kept every other connection (health checks included) waiting
 * for whole uploads at a time when 25 clients uploaded at once. The server reads a file one chunk per
 * turn of the event loop instead. Here the whole body is there at once, as it is in a socket's buffer
 * under load, and the turns the event loop makes while it is read are counted.
 */
describe('uploads share the event loop', () => {
  let server: TestServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'stitchwise-fair-'));
    server = await startTestServer({ DATA_DIR: dataDir });
  });

  afterAll(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reads a 9 MB upload that is all there a chunk per turn, so other connections are served in between', async () => {
    const boundary = 'fairness-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--${boundary}\r\nContent-Disposition: form-data; name="y"\r\n\r\n1\r\n--${boundary}\r\nContent-Disposition: form-data; name="image_file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), randomBytes(9 * 1024 * 1024), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const chunks: Buffer[] = [];
    for (let offset = 0; offset < body.length; offset += CHUNK) chunks.push(body.subarray(offset, offset + CHUNK));

    let turns = 0;
    let counting = true;
    const count = (): void => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/colors/pick',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) },
      payload: Readable.from(chunks), // each chunk ready at once: no waiting for a network
    });
    counting = false;

    expect(response.statusCode).toBe(415); // read to its end, then refused: not an image
    expect(turns).toBeGreaterThanOrEqual(chunks.length / 2);
  });
});
