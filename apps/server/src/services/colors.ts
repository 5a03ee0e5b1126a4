import { formatHex, type DominantColor as CoreDominantColor, type Rgb, type ThreadBrand } from '@stitchwise/core';
import type { ClientKey } from '../auth/client-key.js';
import type { DominantColor, DominantColors, Pick } from '../contract/colors.js';
import { HttpProblem } from '../http/problem.js';
import type { DecodedImageCache } from '../images/decoded-cache.js';
import type { ConcurrencyLimit } from '../images/concurrency-limit.js';
import { decodeImage, type RasterImage } from '../images/decode.js';
import { ANALYSIS_SIDE, type ImageTask } from '../images/image-worker.js';
import type { ImageInput } from '../images/intake.js';
import type { WorkerPool } from '../images/worker-pool.js';
import type { TransientFiles } from '../repositories/transient-files.js';
import type { BackgroundRemoval } from './shared/background-removal.js';
import { runImageWork } from './shared/image-work.js';
import { closestBrandThreads, closestThreads, toThreadMatch } from './shared/threads.js';

/**
 * How a colour tool is asked: `brand` adds that brand's nearest threads to each colour (`closest_threads`)
 * beside the specification's DMC ones; `signal` stops the work when the client went away.
 */
export interface ColorToolOptions {
  brand?: ThreadBrand | undefined;
  signal?: AbortSignal | undefined;
}

/** The two colour tools: dominant colours of an image, and the colour at a point. */
export class ColorsService {
  constructor(
    private readonly pool: WorkerPool,
    private readonly decodeLimit: ConcurrencyLimit,
    private readonly backgroundRemoval: BackgroundRemoval,
    private readonly transientFiles: TransientFiles,
    private readonly decodedImages: DecodedImageCache,
    private readonly fileUrl: (id: string) => string,
  ) {}

  async dominant(
    input: ImageInput,
    count: number,
    removeBackground: boolean,
    client: ClientKey,
    { brand, signal }: ColorToolOptions = {},
  ): Promise<DominantColors> {
    const view = (color: CoreDominantColor) => toDominantView(color, brand);
    if (!removeBackground) {
      const task: ImageTask = { kind: 'dominant', bytes: input.bytes, header: input.header, count };
      const colors = await runImageWork(() => this.pool.run<CoreDominantColor[]>(task, undefined, signal), input.field);
      return { colors: colors.map(view) };
    }
    const cutout = await this.backgroundRemoval.remove(input, ANALYSIS_SIDE, signal);
    const task: ImageTask = { kind: 'dominant-of-raster', raster: cutout.preview!, count };
    const [colors, cutoutId] = await Promise.all([
      this.pool.run<CoreDominantColor[]>(task, undefined, signal),
      this.transientFiles.store(cutout.png, 'png', client),
    ]);
    if (colors.length === 0) {
      throw new HttpProblem(422, 'no_foreground', 'No subject was found in the image: removing the background left nothing to analyse.');
    }
    return { colors: colors.map(view), processed_image_url: this.fileUrl(cutoutId) };
  }

  /** The colour at (x, y) of the oriented image, in natural pixels, and its 5 closest threads. */
  async pick(input: ImageInput, x: number, y: number, { brand, signal }: ColorToolOptions = {}): Promise<Pick> {
    const image = await this.decoded(input, signal);
    if (x >= image.width) throw outOfRange('x', `x must be less than the image width (${image.width} pixels)`);
    if (y >= image.height) throw outOfRange('y', `y must be less than the image height (${image.height} pixels)`);
    const offset = (y * image.width + x) * image.channels;
    const rgb: Rgb = { r: image.data[offset]!, g: image.data[offset + 1]!, b: image.data[offset + 2]! };
    return {
      picked_color: { ...rgb, hex: formatHex(rgb), coordinates: { x, y } },
      closest_dmc_threads: closestThreads(rgb, 5),
      ...(brand && { closest_threads: closestBrandThreads(brand, rgb, 5) }),
    };
  }

  /**
   * The decoded image as RGB, from the cache when these exact bytes were decoded recently.
   * sharp decodes on libvips' threads, off the event loop, and its pixels stay where they are needed:
   * through a worker they would cost a 36 MB copy per 12-megapixel photo. BMP needs the JavaScript
   * decoder, so it goes to the worker pool.
   */
  private async decoded(input: ImageInput, signal: AbortSignal | undefined): Promise<RasterImage> {
    const cached = this.decodedImages.get(input.bytes);
    if (cached) return cached;
    const image = await runImageWork(
      () =>
        input.header.format === 'bmp'
          ? this.pool.run<RasterImage>({ kind: 'decode', bytes: input.bytes, header: input.header, channels: 3 } satisfies ImageTask, undefined, signal)
          : this.decodeLimit.run(() => decodeImage(input.bytes, input.header, { channels: 3 })),
      input.field,
    );
    this.decodedImages.set(input.bytes, image);
    return image;
  }
}

function toDominantView(color: CoreDominantColor, brand: ThreadBrand | undefined): DominantColor {
  return {
    rgb: [color.rgb.r, color.rgb.g, color.rgb.b],
    hex: color.hex,
    share: color.share,
    closest_dmc: color.closestThreads.map(toThreadMatch),
    ...(brand && { closest_threads: closestBrandThreads(brand, color.rgb, color.closestThreads.length) }),
  };
}

function outOfRange(field: 'x' | 'y', message: string): HttpProblem {
  return HttpProblem.badRequest(`${message}.`, [{ field, message }]);
}
