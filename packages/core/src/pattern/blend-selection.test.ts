import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../analysis/color-histogram.js';
import { deltaE2000 } from '../color/ciede2000.js';
import { rgbToLab } from '../color/spaces.js';
import { mixedColour } from '../threads/blends.js';
import { findThread } from '../threads/catalogue.js';
import { generatePattern, type PatternOptions } from './generate.js';
import { MAX_LEGEND_ENTRIES, parsePatternDocument, toPatternDocument, type Pattern } from './model.js';
import { MERGE_THRESHOLD } from './threads.js';
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

  it('leaves the ramp to plain threads with blends off', () => {
    const options: PatternOptions = { maxSide: 31, colors: 2, useKmeans: false, mergeThreads: false, threads: [findThread('414')!, findThread('318')!] };
    expect(
      generatePattern(greyRamp(), { ...options, blends: 'off' })
        .legend.map((entry) => entry.code)
        .sort(),
    ).toEqual(['318', '414']);
  });

  // Documents of the code before blends (commit 475fa68), hashed: blends off changes nothing.
  it.each([
    [{ maxSide: 80, colors: 10, useKmeans: false, mergeThreads: false }, 'c196ae6f89bd9a0b8933e4741231820b670d2d5f454733373f7cc2ff91101a4e'],
    [
      { maxSide: 80, colors: 20, useKmeans: true, mergeThreads: true, dithering: 'soft' as const },
      'f41561039bbe7d3ab2afdd6cd3f150595a77cc9dd23671c20b887988bbb25f81',
    ],
  ])('makes with blends off the very chart it made before blends: %o', async (options, before) => {
    const image = await photo();
    expect(fingerprint(generatePattern(image, { ...options, blends: 'off' }))).toBe(before);
    expect(fingerprint(generatePattern(image, options))).toBe(before);
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

  it('merges close colours with blends on, keeping to the threads and the neighbour rule', async () => {
    const image = await photo();
    const options: PatternOptions = { maxSide: 60, colors: 20, useKmeans: false, mergeThreads: true, blends: 'on' };
    const merged = generatePattern(image, options);
    const unmerged = generatePattern(image, { ...options, mergeThreads: false });
    expect(merged.legend.length).toBeLessThan(unmerged.legend.length);
    expect(physicalCodes(merged).size).toBeLessThanOrEqual(20);
    // No two colours left closer than the merge threshold, and no more lone stitches than without merging.
    const labs = merged.legend.map((entry) => rgbToLab(entry.rgb));
    for (let i = 0; i < labs.length; i++)
      for (let j = i + 1; j < labs.length; j++) expect(deltaE2000(labs[i]!, labs[j]!)).toBeGreaterThanOrEqual(MERGE_THRESHOLD - 0.5);
    expect(merged.stats.confetti_after).toBeLessThanOrEqual(unmerged.stats.confetti_after);
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
