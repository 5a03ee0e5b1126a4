/**
 * One side of the background-removal memory benchmark, run by background-removal-memory.ts in a
 * fresh process: the real server (buildApp, listening on a port), three removals of the photo
 * given, then idle. The benchmark samples this process and its children from outside; this script
 * only says when each phase starts, on stdout.
 *
 * - `current`: removals through the API, POST /api/images/remove-background, which hands them to
 *   the segmentation worker process.
 * - `previous`: the set-up before issue 15, emulated in the same server: the model in the server
 *   process (then in a worker thread, which shares the process's memory) with onnxruntime's CPU
 *   memory arena and memory pattern on, and the matte applied to a copy of the image.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { applyMatte, createSegmentationSession, foregroundMatte } from '../apps/server/src/images/background-removal.js';
import { decodeImage } from '../apps/server/src/images/decode.js';
import { sniffImage } from '../apps/server/src/images/sniff.js';

export type Setup = 'current' | 'previous';

const [setup, photoPath] = process.argv.slice(2) as [Setup, string];
const bytes = new Uint8Array(readFileSync(photoPath));
const header = sniffImage(bytes)!;
const phase = (name: string): void => {
  console.log(`phase ${name} ${Date.now()}`);
};
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The previous set-up's removal: model in this process, arena on, a copy for the cut-out. */
async function previousRemoval(session: Awaited<ReturnType<typeof createSegmentationSession>>): Promise<void> {
  const image = await decodeImage(bytes, header);
  const cutout = applyMatte({ ...image, data: new Uint8Array(image.data) }, await foregroundMatte(image, session));
  await sharp(cutout.data, { raw: { width: cutout.width, height: cutout.height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

const dataDir = mkdtempSync(join(tmpdir(), 'stitchwise-bench-'));
const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const removeUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/images/remove-background`;
/** One removal through the API; the cut-out is stored, the answer only names it. */
async function currentRemoval(): Promise<void> {
  const form = new FormData();
  form.append('image_file', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(removeUrl, { method: 'POST', body: form });
  if (response.status !== 201) throw new Error(`remove-background: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

try {
  await pause(1000);
  phase('before');
  const seconds: number[] = [];
  // The model is loaded by the first removal in both set-ups.
  let session: Awaited<ReturnType<typeof createSegmentationSession>> | undefined;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    if (setup === 'current') await currentRemoval();
    else await previousRemoval((session ??= await createSegmentationSession(availableParallelism(), { enableCpuMemArena: true, enableMemPattern: true })));
    seconds.push((performance.now() - start) / 1000);
  }
  phase('after');
  await pause(30_000);
  phase('idle30');
  if (setup === 'current') {
    await pause(35_000); // past the worker process's 60 s idle timeout
    phase('idle65');
  }
  console.log(`seconds ${JSON.stringify(seconds)}`);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
phase('end');
