/**
 * Shared by the OXS import tests (oxs-import*.test.ts): synthetic charts to export and read back, small OXS
 * files written as text, and the refusal a file gets.
 */
import { seededRandom } from '../random.js';
import { generatePattern } from './generate.js';
import type { Pattern } from './model.js';
import { ChartImportError, readOxsChart } from './oxs-read.js';

/** A synthetic picture as a pattern; `clearFrom` makes the columns from there transparent: empty cells. */
export function patternOf(seed: number, width: number, height: number, colors: number, clearFrom = width): Pattern {
  const random = seededRandom(seed);
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = (i - x) / width;
    data.set([(x * 7 + random() * 90) % 256, (y * 5 + random() * 60) % 256, (x * y + random() * 40) % 256, x >= clearFrom ? 0 : 255], i * 4);
  }
  return generatePattern({ width, height, data }, { maxSide: Math.max(width, height), colors, useKmeans: false, mergeThreads: false });
}

/** The refusal a chart gets; fails the test when it is read, or refused otherwise. */
export function refusalOf(read: () => unknown): ChartImportError {
  try {
    read();
  } catch (error) {
    if (error instanceof ChartImportError) return error;
    throw error;
  }
  throw new Error('the chart was read, not refused');
}

export const refusal = (xml: string): ChartImportError => refusalOf(() => readOxsChart(xml));

/** A small OXS chart: `palette` and `stitches` are the elements inside their sections. */
export function chart({ properties = 'chartwidth="3" chartheight="2"', palette = '', stitches = '', extra = '' } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<chart><properties oxsversion="1.0" ${properties}/><palette><palette_item index="0" number="cloth" name="cloth" color="FFFFFF"/>${palette}</palette><fullstitches>${stitches}</fullstitches>${extra}</chart>`;
}

export const item = (index: number, number: string, color: string, more = ''): string =>
  `<palette_item index="${index}" number="${number}" color="${color}" ${more}/>`;
export const stitch = (x: number | string, y: number | string, palindex: number): string => `<stitch x="${x}" y="${y}" palindex="${palindex}"/>`;
