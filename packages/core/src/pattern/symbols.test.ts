import { createRequire } from 'node:module';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deltaE2000 } from '../color/ciede2000.js';
import { rgbToLab } from '../color/spaces.js';
import { findThread, nearestThreads } from '../threads/catalogue.js';
import { addThread } from './edit/threads.js';
import { chartFromPattern } from './edit/chart.js';
import { generatePattern } from './generate.js';
import { assignSymbols, CHART_SYMBOLS, LOOK_ALIKE_DELTA_E, SYMBOL_FAMILIES, symbolFamily, symbolFor } from './symbols.js';

const require = createRequire(import.meta.url);

/** A filled shape and its outline: told apart on paper only by a careful look. */
const FILLED_AND_HOLLOW = [
  ['■', '□'],
  ['▲', '△'],
  ['◆', '◇'],
  ['●', '○'],
  ['★', '☆'],
  ['♥', '♡'],
  ['▼', '▽'],
  ['◆', '♦'],
];

describe('chart symbols', () => {
  it('are all different', () => {
    expect(new Set(CHART_SYMBOLS).size).toBe(CHART_SYMBOLS.length);
  });

  it('give the 20 most used threads of a chart clearly different shapes: no filled shape beside its outline', () => {
    const first = CHART_SYMBOLS.slice(0, 20);
    for (const [filled, hollow] of FILLED_AND_HOLLOW) {
      expect(first.includes(filled!) && first.includes(hollow!), `${filled} and ${hollow} both among the first 20`).toBe(false);
    }
  });

  it('keep every symbol for charts of more threads', () => {
    expect(CHART_SYMBOLS.length).toBeGreaterThanOrEqual(50);
    for (const [filled, hollow] of FILLED_AND_HOLLOW) expect(CHART_SYMBOLS).toEqual(expect.arrayContaining([filled, hollow]));
    expect(symbolFor(0)).toBe('■');
    expect(() => symbolFor(CHART_SYMBOLS.length)).toThrow(RangeError);
  });
});

describe('symbols of threads that look alike', () => {
  /** Every pair of a legend's threads closer than ΔE00 10 whose symbols share a family, named. */
  function lookAlikesSharingAFamily(legend: readonly { code: string; symbol: string }[]): string[] {
    const clashes: string[] = [];
    legend.forEach((one, i) => {
      for (const other of legend.slice(i + 1)) {
        const close = deltaE2000(findThread(one.code)!.lab, findThread(other.code)!.lab) < LOOK_ALIKE_DELTA_E;
        if (close && symbolFamily(one.symbol) === symbolFamily(other.symbol)) clashes.push(`${one.code} ${one.symbol} ~ ${other.code} ${other.symbol}`);
      }
    });
    return clashes;
  }

  it('puts rotations, mirror images and fills of one shape in one family, and every symbol in exactly one', () => {
    for (const [a, b] of [
      ['⊕', '⊗'],
      ['◐', '◓'],
      ['▤', '▥'],
      ['◉', '◎'],
      ['■', '◆'],
      ['✚', '✖'],
      ['M', 'W'],
      ['▲', '▼'],
    ]) {
      expect(symbolFamily(a!), `${a} and ${b}`).toBe(symbolFamily(b!));
    }
    expect(symbolFamily('■')).not.toBe(symbolFamily('●'));
    for (const family of SYMBOL_FAMILIES) for (const symbol of family) expect(CHART_SYMBOLS).toContain(symbol);
    expect(new Set(SYMBOL_FAMILIES.flat()).size).toBe(SYMBOL_FAMILIES.flat().length);
  });

  it('gives the 40 threads nearest a skin tone (many near twins) symbols no look-alike shares a family with, the first 20 all of different families', () => {
    const threads = nearestThreads(rgbToLab({ r: 226, g: 176, b: 150 }), 40).map((match) => match.thread);
    const symbols = assignSymbols(threads.map((thread) => thread.lab));
    const legend = threads.map((thread, index) => ({ code: thread.code, symbol: symbols[index]! }));
    expect(lookAlikesSharingAFamily(legend)).toEqual([]);
    expect(new Set(legend.map((entry) => entry.symbol)).size).toBe(40);
    expect(new Set(legend.slice(0, 20).map((entry) => symbolFamily(entry.symbol))).size).toBe(20);
    // Legend order alone (the symbol of each rank) would give near twins one family.
    expect(lookAlikesSharingAFamily(threads.map((thread, rank) => ({ code: thread.code, symbol: symbolFor(rank) })))).not.toEqual([]);
  });

  it('holds on a generated 40-thread chart of a photo, and for a thread added in the editor', async () => {
    const photo = await sharp(require.resolve('rgbquant/demo/img/kodim21.png')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const image = { width: photo.info.width, height: photo.info.height, data: new Uint8ClampedArray(photo.data) };
    const pattern = generatePattern(image, { maxSide: 150, colors: 40, useKmeans: false, mergeThreads: false });
    expect(pattern.legend.length).toBeGreaterThanOrEqual(35);
    expect(lookAlikesSharingAFamily(pattern.legend)).toEqual([]);

    const edited = addThread(chartFromPattern(pattern), '3865');
    const withAdded = edited.chart.threads.filter((thread) => !thread.removed);
    expect(lookAlikesSharingAFamily(withAdded)).toEqual([]);
  });
});
