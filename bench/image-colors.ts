/**
 * Dominant colours and colour picks on a 12-megapixel JPEG: Stitchwise through its real HTTP API
 * (upload, worker pool, decode, analysis) and in-process, against colorthief and node-vibrant on
 * the same file in the same run. Targets on the development machine: dominant < 250 ms,
 * first pick < 150 ms, repeated pick < 20 ms.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dominantColors } from '@stitchwise/core';
import { getPalette } from 'colorthief';
import { Vibrant } from 'node-vibrant/node';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { decodeImage } from '../apps/server/src/images/decode.js';
import { sniffImage } from '../apps/server/src/images/sniff.js';

const require = createRequire(import.meta.url);

/** Median wall time of `runs` calls, after one warm-up call. */
async function medianMs(runs: number, operation: (i: number) => Promise<unknown>): Promise<number> {
  await operation(-1);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await operation(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

function table(title: string, rows: { name: string; ms: number; target?: number }[]): void {
  const baseline = rows[0]!.ms;
  console.log(`\n${title}`);
  console.table(
    rows.map((row) => ({
      implementation: row.name,
      'median ms': row.ms.toFixed(1),
      [`× time of ${rows[0]!.name}`]: (row.ms / baseline).toFixed(2),
      target: row.target ? `< ${row.target} ms ${row.ms < row.target ? '✓' : '✗'}` : '',
    })),
  );
}

export async function benchImageColors(): Promise<void> {
  const photo = readFileSync(require.resolve('rgbquant/demo/img/kodim21.png'));
  // 4256 × 2832 ≈ 12.05 megapixels, the size of a phone photo. Several encodings give distinct files for cold picks.
  const jpegs = await Promise.all([90, 89, 88, 87, 86, 85, 84, 83, 82].map((quality) => sharp(photo).resize(4256, 2832).jpeg({ quality }).toBuffer()));
  const jpeg = jpegs[0]!;
  console.log(`\nTest file: ${(jpeg.length / 1e6).toFixed(1)} MB JPEG, 4256 × 2832 (12.1 MP), from Kodak image 21.`);

  const dataDir = mkdtempSync(join(tmpdir(), 'stitchwise-bench-'));
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const post = async (path: string, bytes: Buffer, fields: Record<string, string>): Promise<void> => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('image_file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
    const response = await fetch(`${base}${path}`, { method: 'POST', body: form });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };

  try {
    const header = sniffImage(jpeg)!;
    table('Dominant colours (6) of a 12 MP JPEG', [
      { name: 'stitchwise API (HTTP, upload + worker)', ms: await medianMs(7, () => post('/api/colors/dominant', jpeg, { n_colors: '6' })), target: 250 },
      { name: 'stitchwise in-process', ms: await medianMs(7, async () => dominantColors(await decodeImage(jpeg, header, { maxSide: 400 }), 6)) },
      { name: 'colorthief getPalette', ms: await medianMs(7, () => getPalette(jpeg, { colorCount: 6 })) },
      { name: 'node-vibrant getPalette', ms: await medianMs(7, () => Vibrant.from(jpeg).getPalette()) },
    ]);

    const cold = jpegs.slice(1);
    table('Colour pick on a 12 MP JPEG (through the HTTP API)', [
      {
        name: 'first pick (decode, then cache)',
        ms: await medianMs(cold.length - 1, (i) => post('/api/colors/pick', cold[i + 1]!, { x: '2000', y: '1500' })),
        target: 150,
      },
      {
        name: 'repeated pick (cached pixels)',
        ms: await medianMs(15, (i) => post('/api/colors/pick', jpeg, { x: String(100 + Math.max(0, i)), y: '1500' })),
        target: 20,
      },
      {
        name: 'naive: sharp decode per pick, in-process',
        ms: await medianMs(5, async () => {
          const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
          return data[(1500 * info.width + 2000) * 3];
        }),
      },
    ]);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
