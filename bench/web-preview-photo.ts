import { createRequire } from 'node:module';
import sharp from 'sharp';
import { seededRandom } from '@stitchwise/core';

const require = createRequire(import.meta.url);

/**
 * A 12-megapixel camera-like JPEG for the preview benchmark: the baboon photo scaled up to
 * 4000 × 3000 with sensor-like noise (so the file and its decoding cost what a real photo's do),
 * made here rather than committed.
 */
export async function twelveMegapixelJpeg(): Promise<Buffer> {
  const { data, info } = await sharp(require.resolve('baboon-image/baboon.png'))
    .removeAlpha()
    .resize(4000, 3000, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const random = seededRandom(12);
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i]! + Math.round((random() + random() + random() - 1.5) * 16)));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}
