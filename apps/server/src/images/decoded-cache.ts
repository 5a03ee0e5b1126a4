import { createHash } from 'node:crypto';
import type { RasterImage } from './decode.js';

interface Entry {
  bytes: Uint8Array;
  image: RasterImage;
}

/** Sampled windows of the encoded file that make up its fingerprint, and their length. */
const SAMPLES = 256;
const SAMPLE_BYTES = 16;
/** Different files sharing one fingerprint kept at once; an older one makes room. */
const MAX_PER_FINGERPRINT = 4;

/**
 * Recently decoded images by their encoded bytes, bounded by the bytes both take, least recently used
 * first out. Repeated colour picks on one image decode it once.
 *
 * Entries are found by a fingerprint of the file (its length and 4 KB sampled across it) and then
 * confirmed by comparing every byte (memcmp), so a hit is exact whatever an uploader crafts, and the event
 * loop spends microseconds where hashing a whole photo would hold it for milliseconds.
 */
export class DecodedImageCache {
  private readonly entries = new Map<string, Entry[]>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(bytes: Uint8Array): RasterImage | undefined {
    const key = fingerprint(bytes);
    const bucket = this.entries.get(key);
    const entry = bucket?.find((candidate) => Buffer.from(candidate.bytes.buffer, candidate.bytes.byteOffset, candidate.bytes.byteLength).equals(bytes));
    if (!entry) return undefined;
    this.entries.delete(key); // re-insert: Map order is our recency order
    this.entries.set(key, bucket!);
    return entry.image;
  }

  set(bytes: Uint8Array, image: RasterImage): void {
    const size = sizeOf({ bytes, image });
    if (size > this.maxBytes || this.get(bytes)) return;
    const key = fingerprint(bytes);
    const bucket = this.entries.get(key) ?? [];
    if (bucket.length >= MAX_PER_FINGERPRINT) this.bytes -= sizeOf(bucket.shift()!);
    while (this.bytes + size > this.maxBytes) this.evictOldest();
    bucket.push({ bytes, image });
    this.entries.delete(key);
    this.entries.set(key, bucket);
    this.bytes += size;
  }

  get size(): number {
    let count = 0;
    for (const bucket of this.entries.values()) count += bucket.length;
    return count;
  }

  private evictOldest(): void {
    const [key, bucket] = this.entries.entries().next().value as [string, Entry[]];
    this.bytes -= sizeOf(bucket.shift()!);
    if (bucket.length === 0) this.entries.delete(key);
  }
}

const sizeOf = ({ bytes, image }: Entry): number => bytes.byteLength + image.data.byteLength;

/** The file's length and SAMPLES windows spread evenly across it, hashed: a few microseconds for any size. */
function fingerprint(bytes: Uint8Array): string {
  const hash = createHash('sha256').update(String(bytes.byteLength));
  if (bytes.byteLength <= SAMPLES * SAMPLE_BYTES) return hash.update(bytes).digest('base64url');
  const step = Math.floor((bytes.byteLength - SAMPLE_BYTES) / (SAMPLES - 1));
  for (let i = 0; i < SAMPLES; i++) hash.update(bytes.subarray(i * step, i * step + SAMPLE_BYTES));
  return hash.digest('base64url');
}
