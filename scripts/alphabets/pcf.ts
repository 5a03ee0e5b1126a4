/**
 * A reader of X11 PCF bitmap fonts, enough for the lettering generator: each encoded character's bitmap and
 * metrics. The format: https://fontforge.org/docs/techref/pcf-format.html (tables of properties, metrics,
 * bitmaps and encodings after a table of contents; each table states its byte and bit order).
 */
import { gunzipSync } from 'node:zlib';

export interface PcfGlyph {
  /** Columns from the origin to the bitmap's left edge (may be negative), and the advance, in pixels. */
  left: number;
  advance: number;
  /** Rows of the bitmap above and below the baseline. */
  ascent: number;
  descent: number;
  width: number;
  /** Row by row, top first: true where a pixel is set. */
  rows: boolean[][];
}

const METRICS = 4;
const BITMAPS = 8;
const ENCODINGS = 32;
const COMPRESSED_METRICS = 0x100;

interface Table {
  format: number;
  offset: number;
}

/** Reads a (gzipped) PCF font: code point → glyph. */
export function readPcf(file: Buffer): Map<number, PcfGlyph> {
  const data = file[0] === 0x1f && file[1] === 0x8b ? gunzipSync(file) : file;
  if (data.toString('latin1', 0, 4) !== '\x01fcp') throw new Error('not a PCF font');
  const tables = new Map<number, Table>();
  const count = data.readInt32LE(4);
  for (let i = 0; i < count; i++) {
    const at = 8 + i * 16;
    tables.set(data.readInt32LE(at), { format: data.readInt32LE(at + 4), offset: data.readInt32LE(at + 12) });
  }
  const table = (type: number): Table & { int32: (at: number) => number; int16: (at: number) => number } => {
    const found = tables.get(type);
    if (!found) throw new Error(`PCF table ${type} missing`);
    const bigEndian = (found.format & 4) !== 0;
    return {
      ...found,
      int32: (at) => (bigEndian ? data.readInt32BE(at) : data.readInt32LE(at)),
      int16: (at) => (bigEndian ? data.readInt16BE(at) : data.readInt16LE(at)),
    };
  };

  const metricsTable = table(METRICS);
  const metrics: Array<Omit<PcfGlyph, 'rows'>> = [];
  const compressed = (metricsTable.format & COMPRESSED_METRICS) !== 0;
  const metricCount = compressed ? metricsTable.int16(metricsTable.offset + 4) : metricsTable.int32(metricsTable.offset + 4);
  for (let i = 0; i < metricCount; i++) {
    const values: number[] = [];
    for (let field = 0; field < 5; field++) {
      values.push(
        compressed ? data.readUInt8(metricsTable.offset + 6 + i * 5 + field) - 0x80 : metricsTable.int16(metricsTable.offset + 8 + i * 12 + field * 2),
      );
    }
    const [left, right, advance, ascent, descent] = values as [number, number, number, number, number];
    metrics.push({ left, advance, ascent, descent, width: right - left });
  }

  const bitmapTable = table(BITMAPS);
  const rowPad = 1 << (bitmapTable.format & 3);
  const mostSignificantBitFirst = (bitmapTable.format & 8) !== 0;
  const glyphCount = bitmapTable.int32(bitmapTable.offset + 4);
  const bitmapStart = bitmapTable.offset + 8 + glyphCount * 4 + 16;
  const glyphs = metrics.map((metric, i): PcfGlyph => {
    const start = bitmapStart + bitmapTable.int32(bitmapTable.offset + 8 + i * 4);
    const rowBytes = Math.ceil(Math.ceil(metric.width / 8) / rowPad) * rowPad;
    const rows: boolean[][] = [];
    for (let row = 0; row < metric.ascent + metric.descent; row++) {
      const bits: boolean[] = [];
      for (let column = 0; column < metric.width; column++) {
        const byte = data[start + row * rowBytes + (column >> 3)]!;
        const bit = mostSignificantBitFirst ? 7 - (column & 7) : column & 7;
        bits.push(((byte >> bit) & 1) === 1);
      }
      rows.push(bits);
    }
    return { ...metric, rows };
  });

  const encodings = table(ENCODINGS);
  const at = encodings.offset + 4;
  const [minByte2, maxByte2, minByte1, maxByte1] = [0, 2, 4, 6].map((field) => encodings.int16(at + field)) as [number, number, number, number];
  const byName = new Map<number, PcfGlyph>();
  const perRow = maxByte2 - minByte2 + 1;
  for (let byte1 = minByte1; byte1 <= maxByte1; byte1++) {
    for (let byte2 = minByte2; byte2 <= maxByte2; byte2++) {
      const index = encodings.int16(at + 10 + ((byte1 - minByte1) * perRow + (byte2 - minByte2)) * 2) & 0xffff;
      if (index !== 0xffff && glyphs[index]) byName.set(byte1 * 256 + byte2, glyphs[index]);
    }
  }
  return byName;
}
