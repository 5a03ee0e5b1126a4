import type { RasterImage } from './decode.js';

/**
 * Recently decoded images by content hash, bounded by the bytes their pixels take, least recently
 * used first out. Repeated colour picks on one image decode it once.
 */
export class DecodedImageCache {
  private readonly entries = new Map<string, RasterImage>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): RasterImage | undefined {
    const image = this.entries.get(key);
    if (image) {
      this.entries.delete(key); // re-insert: Map order is our recency order
      this.entries.set(key, image);
    }
    return image;
  }

  set(key: string, image: RasterImage): void {
    const size = image.data.byteLength;
    if (size > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.bytes -= previous.data.byteLength;
      this.entries.delete(key);
    }
    while (this.bytes + size > this.maxBytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, RasterImage];
      this.entries.delete(oldestKey);
      this.bytes -= oldest.data.byteLength;
    }
    this.entries.set(key, image);
    this.bytes += size;
  }

  get size(): number {
    return this.entries.size;
  }
}
