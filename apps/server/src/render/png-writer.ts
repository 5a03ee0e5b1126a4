import { crc32, createDeflate } from 'node:zlib';

/** Filtered rows go to the compressor in batches of about this size, not one by one. */
const BATCH_BYTES = 1 << 20;

/** Batches waiting for the compressor before drawing pauses: it works on libuv's threads meanwhile. */
const BATCHES_QUEUED = 4;

/** For subtracting four bytes at once in 32-bit words, each byte modulo 256 (SWAR). */
const HIGH_BITS = 0x80808080 | 0;
const LOW_BITS = 0x7f7f7f7f;

/**
 * Writes an indexed-colour PNG (8 bits a pixel into a palette of at most 256 colours) one row at a time,
 * so a chart of any size needs memory for a few rows, a batch of filtered rows and the compressed output
 * only; a third of the bytes of RGB to filter and compress. Rows use the "Up" filter: a chart repeats its
 * rows inside every cell, which that filter turns into zeros that compress to almost nothing. A row equal
 * to the one before can be written as such (`repeatRow`), without being drawn or compared.
 */
export class PngWriter {
  private readonly deflate = createDeflate({ level: 3, memLevel: 9 });
  private readonly compressed: Buffer[] = [];
  private readonly done: Promise<void>;
  private readonly rowBytes: number;
  // The last row and the one being filtered, as bytes and as 32-bit words (padded to whole words).
  private previous: Uint32Array;
  private current: Uint32Array;
  private readonly filtered: Uint32Array;
  private batch: Buffer;
  private used = 0;
  private rowsWritten = 0;

  /** `palette`: the colours' RGB bytes, one after another; rows hold indices into it. */
  constructor(
    readonly width: number,
    readonly height: number,
    private readonly palette: Uint8Array,
  ) {
    if (palette.length === 0 || palette.length % 3 !== 0 || palette.length > 256 * 3) throw new Error('A PNG palette holds 1 to 256 RGB colours');
    this.rowBytes = width;
    const words = Math.ceil(this.rowBytes / 4);
    this.previous = new Uint32Array(words);
    this.current = new Uint32Array(words);
    this.filtered = new Uint32Array(words);
    this.batch = Buffer.allocUnsafe(Math.max(BATCH_BYTES, this.rowBytes + 1));
    this.deflate.on('data', (chunk: Buffer) => this.compressed.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.deflate.on('end', resolve);
      this.deflate.on('error', reject);
    });
  }

  /** Adds the next row (width palette indices); resolves when the compressor can take more. */
  async writeRow(row: Uint8Array): Promise<void> {
    const target = await this.nextRow();
    const { previous, current, filtered } = this;
    new Uint8Array(current.buffer, 0, this.rowBytes).set(row.subarray(0, this.rowBytes));
    for (let i = 0; i < filtered.length; i++) {
      const a = current[i]!;
      const b = previous[i]!;
      filtered[i] = ((a | HIGH_BITS) - (b & LOW_BITS)) ^ ((a ^ ~b) & HIGH_BITS);
    }
    this.batch.set(new Uint8Array(filtered.buffer, 0, this.rowBytes), target);
    this.previous = current;
    this.current = previous;
  }

  /** Adds a row equal to the last one written: Up-filtered, all zeros. */
  async repeatRow(): Promise<void> {
    const target = await this.nextRow();
    this.batch.fill(0, target, target + this.rowBytes);
  }

  async finish(): Promise<Buffer> {
    if (this.rowsWritten !== this.height) throw new Error(`PNG has ${this.rowsWritten} of ${this.height} rows`);
    await this.flush();
    this.deflate.end();
    await this.done;
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 3, 0, 0, 0], 8); // 8-bit palette indices, no interlace
    const data = Buffer.concat(this.compressed);
    const idat: Buffer[] = [];
    for (let offset = 0; offset < data.length; offset += 1 << 20) idat.push(chunk('IDAT', data.subarray(offset, offset + (1 << 20))));
    return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('PLTE', Buffer.from(this.palette)), ...idat, chunk('IEND', Buffer.alloc(0))]);
  }

  /** Room for one more row in the batch, its filter byte written; where its bytes go. */
  private async nextRow(): Promise<number> {
    if (this.used + this.rowBytes + 1 > this.batch.length) await this.flush();
    this.batch[this.used] = 2; // Up
    const target = this.used + 1;
    this.used = target + this.rowBytes;
    this.rowsWritten++;
    return target;
  }

  private async flush(): Promise<void> {
    if (this.used === 0) return;
    this.deflate.write(this.batch.subarray(0, this.used));
    this.batch = Buffer.allocUnsafe(this.batch.length);
    this.used = 0;
    if (this.deflate.writableLength >= BATCHES_QUEUED * BATCH_BYTES) await new Promise((resolve) => this.deflate.once('drain', resolve));
  }
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}
