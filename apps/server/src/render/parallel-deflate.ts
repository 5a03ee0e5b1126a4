import { promisify } from 'node:util';
import { constants, deflateRaw, type ZlibOptions } from 'node:zlib';

/** Raw deflate of one buffer on libuv's thread pool. */
const deflateRawInPool = promisify(deflateRaw);

/** How far back deflate may refer: each piece is compressed with this much of what came before it. */
const WINDOW_BYTES = 32 * 1024;

/** zlib header: deflate with a 32 KB window, default level (RFC 1950; a multiple of 31). */
const HEADER = Buffer.from([0x78, 0x9c]);

/** A last, empty deflate block (fixed codes, end of block only): closes the stream after sync-flushed pieces. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

const ADLER_MODULUS = 65521;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
/** Bytes summed between reductions: zlib's NMAX, the most for which the sums stay below 2^32. */
const ADLER_RUN = 5552;

/**
 * One zlib stream (RFC 1950) compressed in pieces on libuv's threads at once, as pigz does. Each piece is
 * deflated on its own with the 32 KB before it as its dictionary and ends on a byte boundary (a sync flush),
 * so the pieces put together are one deflate stream that any decoder reads, within a few bytes a piece of
 * compressing the whole at once. A chart's pixels take deflate's level 6 (a third smaller than level 3)
 * that way in about the time level 3 took on one thread.
 */
export class ParallelDeflate {
  private readonly pieces: Promise<Buffer>[] = [];
  private window: Buffer = Buffer.alloc(0);
  private a = 1;
  private b = 0;

  /** `inFlight`: pieces being compressed at once; the caller waits before adding more (bounded memory). */
  constructor(
    private readonly options: Pick<ZlibOptions, 'level' | 'memLevel'>,
    private readonly inFlight: number,
  ) {}

  /** Compresses `data` after everything written before; `data` must not change afterwards. */
  async write(data: Uint8Array): Promise<void> {
    if (data.length === 0) return;
    this.checksum(data);
    const dictionary = this.window;
    this.window =
      data.length >= WINDOW_BYTES
        ? Buffer.from(data.buffer, data.byteOffset + data.length - WINDOW_BYTES, WINDOW_BYTES)
        : Buffer.concat([dictionary, data]).subarray(-WINDOW_BYTES);
    const options: ZlibOptions = { ...this.options, finishFlush: constants.Z_SYNC_FLUSH, ...(dictionary.length > 0 ? { dictionary } : {}) };
    const piece = deflateRawInPool(data, options);
    piece.catch(() => undefined); // awaited later, by write or end
    this.pieces.push(piece);
    const oldestInFlight = this.pieces[this.pieces.length - this.inFlight];
    if (oldestInFlight) await oldestInFlight;
  }

  /** The whole zlib stream: header, the pieces in order, a final block and the Adler-32 of the data. */
  async end(): Promise<Buffer> {
    const body = await Promise.all(this.pieces);
    const trailer = Buffer.alloc(4);
    trailer.writeUInt32BE(((this.b << 16) | this.a) >>> 0);
    return Buffer.concat([HEADER, ...body, FINAL_EMPTY_BLOCK, trailer]);
  }

  /**
   * Adler-32 (RFC 1950), carried on over every write; node:zlib does not expose it. Four bytes at a time
   * where they are zeros, as most of a chart's filtered bytes are: a zero adds nothing to `a` and `a` to `b`.
   */
  private checksum(data: Uint8Array): void {
    let { a, b } = this;
    const aligned = LITTLE_ENDIAN && data.byteOffset % 4 === 0;
    const words = aligned ? new Uint32Array(data.buffer, data.byteOffset, data.length >>> 2) : undefined;
    let i = 0;
    while (i < data.length) {
      const end = Math.min(i + ADLER_RUN, data.length);
      if (words) {
        for (const wordEnd = end & ~3; i < wordEnd; i += 4) {
          const word = words[i >>> 2]!;
          b += 4 * a;
          if (word !== 0) {
            const b0 = word & 0xff;
            const b1 = (word >>> 8) & 0xff;
            const b2 = (word >>> 16) & 0xff;
            const b3 = word >>> 24;
            b += 4 * b0 + 3 * b1 + 2 * b2 + b3;
            a += b0 + b1 + b2 + b3;
          }
        }
      }
      for (; i < end; i++) b += a += data[i]!;
      a %= ADLER_MODULUS;
      b %= ADLER_MODULUS;
    }
    this.a = a;
    this.b = b;
  }
}
