/**
 * A 100-stitch chart from a 12-megapixel JPEG against decoding that JPEG as generation reads it
 * (decodeForPattern: shrink-on-load and every other pixel of that, as the core's readingPlan says), in
 * the same worker-thread code and the same run: the target is a chart in at most 3 × the decoding time.
 * Medians of alternating runs, so both see the same machine.
 */
import { createRequire } from 'node:module';
import sharp from 'sharp';
import run from '../apps/server/src/images/image-worker.js';
import { decodeForPattern } from '../apps/server/src/images/decode.js';
import { sniffImage } from '../apps/server/src/images/sniff.js';
import { alternatingMedians } from './timing.js';

const require = createRequire(import.meta.url);
const RUNS = 15;
const TARGET_RATIO = 3;

export async function benchGenerationSpeed(): Promise<void> {
  const photo = await sharp(require.resolve('rgbquant/demo/img/kodim21.png')).resize(4256, 2832).jpeg({ quality: 90 }).toBuffer();
  const bytes = new Uint8Array(photo);
  const header = sniffImage(photo)!;
  const maxSide = 100;
  const options = { maxSide, colors: 20, useKmeans: false, mergeThreads: false, cleanConfetti: true, cellSize: 12, symbols: false, brand: 'dmc' as const };
  const decode = () => decodeForPattern(bytes, header, maxSide);
  const generate = () => run({ kind: 'pattern', bytes, header, options });

  const [decodeMs, generateMs] = await alternatingMedians(RUNS, decode, generate);
  const ratio = generateMs / decodeMs;
  console.log('\nA 100-stitch chart (20 colours) from a 12 MP JPEG (4256 × 2832), against decoding it as generation reads it');
  console.table([
    { step: 'decode for the chart (decodeForPattern)', 'median ms': decodeMs.toFixed(1), '× decode': '1.00' },
    {
      step: 'generate: decode, pattern (the PNG is drawn on first request)',
      'median ms': generateMs.toFixed(1),
      '× decode': ratio.toFixed(2),
      target: `≤ ${TARGET_RATIO} × ${ratio <= TARGET_RATIO ? '✓' : '✗'}`,
    },
  ]);
}
