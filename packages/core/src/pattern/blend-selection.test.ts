import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../analysis/color-histogram.js';
import { mixedColour } from '../threads/blends.js';
import { findThread } from '../threads/catalogue.js';
import { generatePattern, MAX_LEGEND_ENTRIES, type PatternOptions } from './generate.js';
import { parsePatternDocument, toPatternDocument, type Pattern } from './model.js';
import { PATTERN_LIMITS, patternFromUntrustedDocument } from './validate.js';

const require = createRequire(import.meta.url);

/** A grey ramp from DMC 414 (#8C8C8C) on the left to DMC 318 (#ABABAB) on the right, 31 columns, 4 rows. */
function greyRamp(): RgbaImage {
  const width = 31;
  const height = 4;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const grey = 140 + x; // 140 … 170, then 171 is 318 itself
      data.set([grey, grey, grey, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

async function photo(): Promise<RgbaImage> {
  const { data, info } = await sharp(require.resolve('rgbquant/demo/img/kodim21.png')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

const physicalCodes = (pattern: Pattern): Set<string> => new Set(pattern.legend.flatMap((entry) => entry.threads.map((thread) => thread.code)));
const blendEntries = (pattern: Pattern) => pattern.legend.filter((entry) => entry.threads.length === 2);

function fingerprint(pattern: Pattern): string {
  return createHash('sha256')
    .update(JSON.stringify(toPatternDocument(pattern)))
    .digest('hex');
}

describe('generation with blends', () => {
  it('gives a two-thread ramp the blend of its threads in the middle', () => {
    const own = [findThread('414')!, findThread('318')!];
    const pattern = generatePattern(greyRamp(), { maxSide: 31, colors: 2, useKmeans: false, mergeThreads: false, threads: own, blends: 'on' });
    expect(pattern.legend.map((entry) => entry.code).sort()).toEqual(['318', '318+414', '414']);
    const column = (x: number): string => pattern.legend[pattern.cells[x]!]!.code;
    expect(column(0)).toBe('414');
    expect(column(15)).toBe('318+414'); // grey 155, nearest the mix's 156
    expect(column(30)).toBe('318');
    // From left to right: 414, then the blend, then 318, never back.
    const order = Array.from({ length: 31 }, (_, x) => ['414', '318+414', '318'].indexOf(column(x)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const blend = blendEntries(pattern)[0]!;
    expect(blend.rgb).toEqual(mixedColour(own[0]!, own[1]!));
    expect(blend.threads.map(({ code, strands }) => [code, strands])).toEqual([
      ['318', 1],
      ['414', 1],
    ]);
  });

  it('leaves the ramp to plain threads with blends off, exactly as before blends', () => {
    const options: PatternOptions = { maxSide: 31, colors: 2, useKmeans: false, mergeThreads: false, threads: [findThread('414')!, findThread('318')!] };
    const before = generatePattern(greyRamp(), options);
    expect(before.legend.map((entry) => entry.code).sort()).toEqual(['318', '414']);
    expect(fingerprint(generatePattern(greyRamp(), { ...options, blends: 'off' }))).toBe(fingerprint(before));
  });

  it.each([10, 20])('keeps a photo to %i threads to buy, with blends of them, and lowers its colour error', async (colors) => {
    const image = await photo();
    const options: PatternOptions = { maxSide: 80, colors, useKmeans: false, mergeThreads: false };
    const off = generatePattern(image, options);
    const on = generatePattern(image, { ...options, blends: 'on' });
    expect(blendEntries(off)).toEqual([]);
    expect(blendEntries(on).length).toBeGreaterThan(0);
    expect(physicalCodes(on).size).toBeLessThanOrEqual(colors);
    expect(on.legend.length).toBeLessThanOrEqual(MAX_LEGEND_ENTRIES);
    for (const entry of blendEntries(on)) {
      const [a, b] = entry.threads.map((thread) => findThread(thread.code)!);
      expect(entry.rgb).toEqual(mixedColour(a!, b!));
      expect(entry.code).toBe(`${a!.code}+${b!.code}`);
    }
    expect(new Set(on.legend.map((entry) => entry.symbol)).size).toBe(on.legend.length);
    expect(on.stats.mean_delta_e).toBeLessThan(off.stats.mean_delta_e);
  });

  it('combines with dithering, and leaves no room for blends at 50 threads', async () => {
    const image = await photo();
    const dithered = generatePattern(image, { maxSide: 60, colors: 12, useKmeans: false, mergeThreads: false, dithering: 'soft', blends: 'on' });
    expect(blendEntries(dithered).length).toBeGreaterThan(0);
    expect(physicalCodes(dithered).size).toBeLessThanOrEqual(12);
    const full = generatePattern(image, { maxSide: 60, colors: 50, useKmeans: false, mergeThreads: false, blends: 'on' });
    expect(blendEntries(full)).toEqual([]);
  });

  it('round-trips a chart with blends through its JSON document, stored and as a client sends it', async () => {
    const pattern = generatePattern(await photo(), { maxSide: 50, colors: 10, useKmeans: false, mergeThreads: false, blends: 'on' });
    expect(blendEntries(pattern).length).toBeGreaterThan(0);
    const text = JSON.stringify(toPatternDocument(pattern));
    const stored = parsePatternDocument(text);
    expect(stored.legend).toEqual(pattern.legend);
    expect(Array.from(stored.cells)).toEqual(Array.from(pattern.cells));
    const sent = patternFromUntrustedDocument(JSON.parse(text), PATTERN_LIMITS);
    expect(sent.legend).toEqual(pattern.legend);
    expect(Array.from(sent.cells)).toEqual(Array.from(pattern.cells));
  });
});
