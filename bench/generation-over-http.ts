/**
 * Generation as a client sees it: `POST /api/stitch/generate/anonymous` of a 12-megapixel JPEG to a
 * 100-stitch chart, from the first byte sent to the answer read, against the real server (run from its
 * sources on a fresh SQLite database), compared with decoding the same JPEG as generation reads it
 * (decodeForPattern: shrink-on-load and every other pixel of that) in this process in the same run.
 * Target: at most 4 × the decode. Medians of alternating runs, so both see the same machine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { decodeForPattern } from '../apps/server/src/images/decode.js';
import { sniffImage } from '../apps/server/src/images/sniff.js';
import { multipartBody } from '../apps/server/test/support/images.js';
import { startTestServer } from '../apps/server/test/support/test-server.js';
import { alternatingMedians } from './timing.js';

const require = createRequire(import.meta.url);
const RUNS = 15;
const TARGET_RATIO = 4;
const MAX_SIDE = 100;

/**
 * A 12-megapixel JPEG of the size a phone camera writes (several MB): a photo enlarged to 4256 × 2832 with
 * fine grain, as sensor noise gives, at quality 92 — the upload, not only the decoding, is what a client waits for.
 */
async function cameraLikeJpeg(): Promise<Buffer> {
  const [width, height] = [4256, 2832];
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } } })
    .png()
    .toBuffer();
  return sharp(require.resolve('rgbquant/demo/img/kodim21.png'))
    .resize(width, height)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

export async function benchGenerationOverHttp(): Promise<void> {
  const photo = await cameraLikeJpeg();
  const header = sniffImage(photo)!;
  const decode = () => decodeForPattern(new Uint8Array(photo), header, MAX_SIDE);
  const dataDir = await mkdtemp(join(tmpdir(), 'stitchwise-generate-bench-'));
  const server = await startTestServer({ DATA_DIR: dataDir });
  const generate = async (): Promise<void> => {
    const response = await fetch(`${server.baseUrl}/api/stitch/generate/anonymous`, {
      method: 'POST',
      body: multipartBody(
        { colors: '10', max_side: String(MAX_SIDE) },
        { field: 'image_file', filename: 'photo.jpg', contentType: 'image/jpeg', bytes: photo },
      ),
    });
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`Generation answered ${response.status}: ${new TextDecoder().decode(body)}`);
  };
  try {
    const [decodeMs, httpMs] = await alternatingMedians(RUNS, decode, generate);
    const ratio = httpMs / decodeMs;
    console.log(
      `\nPOST /api/stitch/generate/anonymous of the 12 MP JPEG (${(photo.length / 1e6).toFixed(1)} MB) to a ${MAX_SIDE}-stitch chart, first byte sent to answer read`,
    );
    console.table([
      { step: 'decode for the chart (decodeForPattern), in process', 'median ms': decodeMs.toFixed(1), '× decode': '1.00' },
      {
        step: 'generation over HTTP',
        'median ms': httpMs.toFixed(1),
        '× decode': ratio.toFixed(2),
        target: `≤ ${TARGET_RATIO} × ${ratio <= TARGET_RATIO ? '✓' : '✗'}`,
      },
    ]);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchGenerationOverHttp();
