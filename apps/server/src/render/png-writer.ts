import { crc32, createDeflate } from 'node:zlib';

/**
 * Writes an RGB PNG one row at a time, so a chart of any size needs memory for one row and the
 * compressed output only. Rows use the "Up" filter: a chart repeats its rows inside every cell,
 * which that filter turns into zeros that compress to almost nothing.
 */
export class PngWriter {
  private readonly deflate = createDeflate({ level: 3, memLevel: 9 });
  private readonly compressed: Buffer[] = [];
  private readonly done: Promise<void>;
  private previous: Uint8Array;
  private rowsWritten = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.previous = new Uint8Array(width * 3);
    this.deflate.on('data', (chunk: Buffer) => this.compressed.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.deflate.on('end', resolve);
      this.deflate.on('error', reject);
    });
  }

  /** Adds the next row (RGB, width × 3 bytes); resolves when the compressor can take more. */
  async writeRow(row: Uint8Array): Promise<void> {
    const filtered = Buffer.alloc(row.length + 1);
    filtered[0] = 2; // Up
    for (let i = 0; i < row.length; i++) filtered[i + 1] = (row[i]! - this.previous[i]!) & 0xff;
    this.previous = row.slice();
    this.rowsWritten++;
    if (!this.deflate.write(filtered)) await new Promise((resolve) => this.deflate.once('drain', resolve));
  }

  async finish(): Promise<Buffer> {
    if (this.rowsWritten !== this.height) throw new Error(`PNG has ${this.rowsWritten} of ${this.height} rows`);
    this.deflate.end();
    await this.done;
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
    const data = Buffer.concat(this.compressed);
    const idat: Buffer[] = [];
    for (let offset = 0; offset < data.length; offset += 1 << 20) idat.push(chunk('IDAT', data.subarray(offset, offset + (1 << 20))));
    return Buffer.concat([SIGNATURE, chunk('IHDR', header), ...idat, chunk('IEND', Buffer.alloc(0))]);
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
