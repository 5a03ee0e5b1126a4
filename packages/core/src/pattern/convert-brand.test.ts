import { createRequire } from 'node:module';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../analysis/color-histogram.js';
import { deltaE2000 } from '../color/ciede2000.js';
import { seededRandom } from '../random.js';
import { threadKey, THREAD_BRANDS, type ThreadBrand } from '../threads/brand-names.js';
import { blendOf } from '../threads/blends.js';
import { findBrandThread, threadsOf } from '../threads/brands.js';
import type { Thread } from '../threads/catalogue.js';
import { convertPatternBrand, type BrandMapping } from './convert-brand.js';
import { chartFromPattern, chartThreadOf, patternFromChart, type EditableChart } from './edit/chart.js';
import { generatePattern } from './generate.js';
import { toPatternDocument, type Pattern } from './model.js';
import { NO_MARKS, type ChartMarks } from './stitches.js';
import { LOOK_ALIKE_DELTA_E, symbolFamily, symbolFor } from './symbols.js';
import { PATTERN_LIMITS, patternFromUntrustedDocument } from './validate.js';

const require = createRequire(import.meta.url);

async function decode(name: string): Promise<RgbaImage> {
  const { data, info } = await sharp(require.resolve(name)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

const thread = (brand: ThreadBrand, code: string): Thread => findBrandThread(brand, code)!;
const key = (named: { brand: ThreadBrand; code: string }): string => threadKey(named);

/** A pattern from rows of text (a digit or letter is that thread of `threads`, '.' none) and marks, legend as the generator orders it. */
function patternOf(rows: readonly string[], threads: readonly Thread[], marks: ChartMarks = NO_MARKS): Pattern {
  const width = rows[0]!.length;
  const cells = new Int16Array(width * rows.length);
  rows.forEach((row, y) => {
    for (let x = 0; x < width; x++) cells[y * width + x] = row[x] === '.' ? -1 : parseInt(row[x]!, 36);
  });
  const chart: EditableChart = { width, height: rows.length, cells, threads: threads.map((t, i) => chartThreadOf(t, symbolFor(i))), marks };
  return patternFromChart(chart);
}

/** The nearest thread of `brand` to `from` by a scan of the whole brand with the plain formula (first of equals). */
function scanNearest(from: Thread, brand: ThreadBrand): { thread: Thread; distance: number } {
  let best = { thread: threadsOf(brand)[0]!, distance: Infinity };
  for (const candidate of threadsOf(brand)) {
    const distance = deltaE2000(from.lab, candidate.lab);
    if (distance < best.distance) best = { thread: candidate, distance };
  }
  return best;
}

/** Two threads of `from` whose nearest thread of `to` is the same one. */
function mergingPair(from: ThreadBrand, to: ThreadBrand): [Thread, Thread, Thread] {
  const byTarget = new Map<string, Thread[]>();
  for (const source of threadsOf(from)) {
    const target = scanNearest(source, to).thread;
    const list = byTarget.get(key(target)) ?? [];
    list.push(source);
    if (list.length === 2) return [list[0]!, list[1]!, target];
    byTarget.set(key(target), list);
  }
  throw new Error(`no two ${from} threads share a nearest ${to} thread`);
}

/** What every conversion owes: counts conserved, each stitch on its mapped thread, a consistent, valid, ordered legend, distinct symbols. */
function expectSound(original: Pattern, to: ThreadBrand, { pattern, mappings }: ReturnType<typeof convertPatternBrand>): void {
  expect(mappings).toHaveLength(original.legend.length);
  const mappedTo = mappings.map((mapping) => key(mapping.to));
  // Every full stitch and mark on the thread its thread was mapped to.
  expect(pattern.width).toBe(original.width);
  expect(pattern.height).toBe(original.height);
  original.cells.forEach((index, at) => {
    const now = pattern.cells[at]!;
    if (index < 0) {
      expect(now).toBe(-1);
      return;
    }
    expect(key(pattern.legend[now]!)).toBe(mappedTo[index]);
  });
  for (const kind of ['parts', 'backstitches', 'knots'] as const) {
    expect(pattern.marks[kind]).toHaveLength(original.marks[kind].length);
    original.marks[kind].forEach((mark, i) => {
      const converted = pattern.marks[kind][i]!;
      expect({ ...converted, thread: 0 }).toEqual({ ...mark, thread: 0 });
      expect(key(pattern.legend[converted.thread]!)).toBe(mappedTo[mark.thread]);
    });
  }
  // Counts: each thread's stitches are the sum of those mapped to it, and the legend is the generator's order.
  const sums = new Map<string, number>();
  original.legend.forEach((entry, i) => sums.set(mappedTo[i]!, (sums.get(mappedTo[i]!) ?? 0) + entry.stitch_count));
  for (const entry of pattern.legend) expect(entry.stitch_count).toBe(sums.get(key(entry)));
  const total = (p: Pattern) => p.legend.reduce((sum, entry) => sum + entry.stitch_count, 0);
  expect(total(pattern)).toBe(total(original));
  expect(new Set(pattern.legend.map(key)).size).toBe(pattern.legend.length);
  pattern.legend.forEach((entry, i) => {
    expect(entry.index).toBe(i);
    expect(entry.brand).toBe(to);
    const next = pattern.legend[i + 1];
    if (next)
      expect(entry.stitch_count > next.stitch_count || (entry.stitch_count === next.stitch_count && entry.code.localeCompare(next.code) <= 0)).toBe(true);
  });
  // Symbols: distinct, and look-alikes of different families.
  expect(new Set(pattern.legend.map((entry) => entry.symbol)).size).toBe(pattern.legend.length);
  pattern.legend.forEach((a, i) => {
    pattern.legend.slice(i + 1).forEach((b) => {
      if (symbolFamily(a.symbol) === symbolFamily(b.symbol))
        expect(deltaE2000(thread(a.brand, a.code).lab, thread(b.brand, b.code).lab)).toBeGreaterThanOrEqual(LOOK_ALIKE_DELTA_E);
    });
  });
  // A document the server takes from a client, unchanged by its checks.
  const checked = patternFromUntrustedDocument(JSON.parse(JSON.stringify(toPatternDocument(pattern))), PATTERN_LIMITS);
  expect(checked.legend).toEqual(pattern.legend);
  expect(Array.from(checked.cells)).toEqual(Array.from(pattern.cells));
}

/** `count` distinct threads of a brand picked at random. */
function randomThreads(random: () => number, brand: ThreadBrand, count: number): Thread[] {
  const all = threadsOf(brand);
  const picked = new Set<Thread>();
  while (picked.size < count) picked.add(all[Math.floor(random() * all.length)]!);
  return [...picked];
}

/** A chart of `threads`, each with a few stitches, and one backstitch, knot and part stitch per thread. */
function chartWithEveryThread(threads: readonly Thread[], random: () => number): Pattern {
  const width = 40;
  const height = 40;
  const cells = new Int16Array(width * height).map(() => Math.floor(random() * threads.length));
  const parts: ChartMarks['parts'][number][] = [];
  const backstitches: ChartMarks['backstitches'][number][] = [];
  const knots: ChartMarks['knots'][number][] = [];
  threads.forEach((_, index) => {
    const x = index % width;
    const y = Math.floor(index / width);
    cells[(height - 1 - y) * width + x] = -1; // room for a part stitch on the last rows
    parts.push({ x, y: height - 1 - y, kind: 'half-slash', thread: index });
    backstitches.push({ x1: 2 * x, y1: 2 * y, x2: 2 * x + 2, y2: 2 * y + 1, thread: index });
    knots.push({ x: 2 * x + 1, y: 2 * y + 2, thread: index });
  });
  const chart: EditableChart = { width, height, cells, threads: threads.map((t, i) => chartThreadOf(t, symbolFor(i))), marks: { parts, backstitches, knots } };
  return patternFromChart(chart);
}

describe('convertPatternBrand', () => {
  it('maps each thread to the nearest thread of the target brand, as a scan of that whole brand finds it', async () => {
    const photo = generatePattern(await decode('rgbquant/demo/img/kodim21.png'), { maxSide: 60, colors: 30, useKmeans: false, mergeThreads: false });
    for (const to of ['anchor', 'madeira'] as const) {
      const result = convertPatternBrand(photo, to);
      result.mappings.forEach((mapping, i) => {
        const from = thread('dmc', photo.legend[i]!.code);
        const nearest = scanNearest(from, to);
        expect(mapping.from).toEqual({ brand: 'dmc', code: from.code, name: from.name, hex: from.hex });
        expect(mapping.to).toEqual({ brand: to, code: nearest.thread.code, name: nearest.thread.name, hex: nearest.thread.hex });
        expect(mapping.delta_e).toBeCloseTo(nearest.distance, 10);
      });
      expectSound(photo, to, result);
    }
  });

  it('is exact for random charts between every two brands, with marks on every thread', () => {
    const random = seededRandom(31);
    for (const from of THREAD_BRANDS) {
      for (const to of THREAD_BRANDS.filter((brand) => brand !== from)) {
        const threads = randomThreads(random, from, 50);
        const original = chartWithEveryThread(threads, random);
        const result = convertPatternBrand(original, to);
        result.mappings.forEach((mapping, i) => {
          const nearest = scanNearest(thread(from, original.legend[i]!.code), to);
          expect(key(mapping.to)).toBe(key(nearest.thread));
          expect(mapping.delta_e).toBeCloseTo(nearest.distance, 10);
        });
        expectSound(original, to, result);
      }
    }
  });

  it('merges two threads that land on the same thread into one legend entry, with their marks', () => {
    const [a, b, target] = mergingPair('dmc', 'anchor');
    const other = thread('dmc', 'Blanc');
    const marks: ChartMarks = {
      parts: [{ x: 3, y: 1, kind: 'quarter-tl', thread: 1 }],
      backstitches: [
        { x1: 0, y1: 0, x2: 2, y2: 0, thread: 0 },
        { x1: 2, y1: 0, x2: 4, y2: 2, thread: 1 },
      ],
      knots: [{ x: 1, y: 1, thread: 2 }],
    };
    // a: 4 stitches, b: 2, Blanc: 3.
    const original = patternOf(['0012', '022.', '0.1.'], [a, b, other], marks);
    expect(original.legend.map((entry) => entry.code)).toEqual([a.code, 'Blanc', b.code]);
    const result = convertPatternBrand(original, 'anchor');
    expectSound(original, 'anchor', result);
    const { legend } = result.pattern;
    expect(legend).toHaveLength(2);
    expect(legend[0]).toMatchObject({ brand: 'anchor', code: target.code, name: target.name, hex: target.hex, stitch_count: 6, dmc_code: '', dmc_name: '' });
    expect(legend[0]!.threads).toEqual([{ brand: 'anchor', code: target.code, name: target.name, strands: 2, rgb: { r: target.r, g: target.g, b: target.b } }]);
    expect(legend[1]!.stitch_count).toBe(3);
    // The merged entry keeps the symbol of its most used thread; both threads' backstitch is now its.
    expect(legend[0]!.symbol).toBe(original.legend[0]!.symbol);
    expect(result.pattern.marks.backstitches.map((line) => line.thread)).toEqual([0, 0]);
    expect(result.pattern.marks.parts[0]!.thread).toBe(0);
    expect(result.pattern.marks.knots[0]!.thread).toBe(1);
    expect(result.mappings.map((mapping) => mapping.to.code)).toEqual([target.code, legend[1]!.code, target.code]);
  });

  it('keeps threads of the target brand as they are, merging a converted thread into one', () => {
    const anchor = thread('anchor', '403');
    const dmcNearest = threadsOf('dmc').find((candidate) => key(scanNearest(candidate, 'anchor').thread) === key(anchor))!;
    const original = patternOf(['001', '122'], [anchor, dmcNearest, thread('dmc', '666')]);
    const result = convertPatternBrand(original, 'anchor');
    expectSound(original, 'anchor', result);
    const kept = result.mappings.find((mapping) => mapping.from.brand === 'anchor')!;
    expect(kept).toEqual({ from: { brand: 'anchor', code: '403', name: anchor.name, hex: anchor.hex }, to: kept.from, delta_e: 0 });
    expect(result.pattern.legend.find((entry) => entry.code === '403')!.stitch_count).toBe(4);
  });

  it('keeps symbols where they stay distinct, and gives look-alikes of one family new ones', () => {
    // No merge and no clash: every symbol as it was.
    const plain = patternOf(['0011', '2233'], [thread('dmc', '310'), thread('dmc', 'Blanc'), thread('dmc', '666'), thread('dmc', '700')]);
    const { pattern: converted, mappings } = convertPatternBrand(plain, 'madeira');
    expect(new Set(mappings.map((mapping) => key(mapping.to))).size).toBe(4);
    const symbolOf = (p: Pattern, named: { brand: ThreadBrand; code: string }) => p.legend.find((entry) => key(entry) === key(named))!.symbol;
    mappings.forEach((mapping) => {
      expect(symbolOf(converted, mapping.to)).toBe(symbolOf(plain, mapping.from));
    });
    // Two reds with symbols of one family (■ and □, as a stitcher may have chosen) that stay look-alikes: the second changes.
    const reds = [thread('dmc', '321'), thread('dmc', '666')];
    const chart = chartFromPattern(patternOf(['0001', '1...'], reds));
    const sameFamily = patternFromChart({
      ...chart,
      threads: [
        { ...chart.threads[0]!, symbol: '■' },
        { ...chart.threads[1]!, symbol: '□' },
      ],
    });
    const result = convertPatternBrand(sameFamily, 'anchor');
    // They become two Anchor reds that still look alike (DMC 321 → Anchor 1098, DMC 666 → Anchor 35, ΔE00 6.4).
    const [first, second] = result.pattern.legend;
    expect(new Set([first!.code, second!.code])).toEqual(new Set(['1098', '35']));
    expect(deltaE2000(thread('anchor', '1098').lab, thread('anchor', '35').lab)).toBeLessThan(LOOK_ALIKE_DELTA_E);
    expect(first!.symbol).toBe('■');
    expect(symbolFamily(second!.symbol)).not.toBe(symbolFamily('■'));
    expectSound(sameFamily, 'anchor', result);
  });

  it('loses no stitch on a DMC → Anchor → DMC round trip', async () => {
    const photo = generatePattern(await decode('baboon-image/baboon.png'), { maxSide: 80, colors: 40, useKmeans: false, mergeThreads: false });
    const chart = chartFromPattern(photo);
    // Some cells made part stitches, and backstitch and knots on several threads.
    const cells = chart.cells.slice();
    const parts: ChartMarks['parts'][number][] = [];
    for (let x = 0; x < 20; x++) {
      cells[x] = -1;
      parts.push({ x, y: 0, kind: 'three-quarter-tl', thread: x % chart.threads.length });
    }
    const backstitches = Array.from({ length: 30 }, (_, i) => ({ x1: i * 2, y1: 10, x2: i * 2 + 2, y2: 12, thread: i % chart.threads.length }));
    const knots = Array.from({ length: 15 }, (_, i) => ({ x: 4 * i, y: 40, thread: (i * 7) % chart.threads.length }));
    const original = patternFromChart({ ...chart, cells, marks: { parts, backstitches, knots } }, photo.stats);
    const anchor = convertPatternBrand(original, 'anchor');
    expectSound(original, 'anchor', anchor);
    const back = convertPatternBrand(anchor.pattern, 'dmc');
    expectSound(anchor.pattern, 'dmc', back);
    const stitched = (p: Pattern) => Array.from(p.cells, (index) => index >= 0);
    expect(stitched(back.pattern)).toEqual(stitched(original));
    const places = (marks: ChartMarks) => ({
      parts: marks.parts.map(({ x, y, kind }) => ({ x, y, kind })),
      backstitches: marks.backstitches.map(({ x1, y1, x2, y2 }) => ({ x1, y1, x2, y2 })),
      knots: marks.knots.map(({ x, y }) => ({ x, y })),
    });
    expect(places(back.pattern.marks)).toEqual(places(original.marks));
    expect(back.pattern.stats).toEqual(original.stats);
    // Merges only ever reduce the threads; a thread's stitches never go to a thread it was not mapped to.
    expect(back.pattern.legend.length).toBeLessThanOrEqual(anchor.pattern.legend.length);
    expect(anchor.pattern.legend.length).toBeLessThanOrEqual(original.legend.length);
    const mean = (mappings: BrandMapping[]) => mappings.reduce((sum, m) => sum + m.delta_e, 0) / mappings.length;
    expect(mean(anchor.mappings)).toBeLessThan(5);
  });

  it('leaves the original pattern as it was', () => {
    const original = patternOf(['01', '10'], [thread('dmc', '310'), thread('dmc', 'Blanc')], {
      ...NO_MARKS,
      knots: [{ x: 1, y: 1, thread: 1 }],
    });
    const copy = structuredClone(original);
    convertPatternBrand(original, 'anchor');
    expect(original).toEqual(copy);
  });

  it('keeps a blend a blend of the threads its two become, so there is nothing more to buy', () => {
    const blend = blendOf(thread('dmc', '414'), thread('dmc', '318'));
    const { pattern, mappings } = convertPatternBrand(patternOf(['0012', '2211'], [thread('dmc', '414'), blend, thread('dmc', '318')]), 'anchor');
    const [a, b] = [scanNearest(thread('dmc', '318'), 'anchor').thread, scanNearest(thread('dmc', '414'), 'anchor').thread];
    expect(a.code).not.toBe(b.code);
    const expected = blendOf(a, b);
    const entry = pattern.legend.find((legendEntry) => legendEntry.threads.length === 2)!;
    expect(entry.code).toBe(expected.code);
    expect(entry.hex).toBe(expected.hex);
    expect(entry.threads.map((part) => [part.brand, part.code, part.strands])).toEqual(expected.blend.map((part) => ['anchor', part.code, 1]));
    // Only the two threads the plain ones became are bought.
    expect(new Set(pattern.legend.flatMap((legendEntry) => legendEntry.threads.map(key)))).toEqual(new Set([key(a), key(b)]));
    const part = ({ brand, code, name, hex }: Thread) => ({ brand, code, name, hex });
    expect(mappings[1]).toEqual({
      from: { brand: 'dmc', code: '318+414', name: blend.name, hex: blend.hex, blend: blend.blend.map(part) },
      to: { brand: 'anchor', code: expected.code, name: expected.name, hex: expected.hex, blend: expected.blend.map(part) },
      delta_e: deltaE2000(blend.lab, expected.lab),
    });
    expect(() => patternFromUntrustedDocument(JSON.parse(JSON.stringify(toPatternDocument(pattern))), PATTERN_LIMITS)).not.toThrow();
  });

  it('makes a blend whose two threads become one thread that thread', () => {
    // Two DMC threads (3–20 ΔE00 apart, as blends are) whose nearest Anchor thread is the same.
    const dmc = threadsOf('dmc');
    const pair = dmc
      .flatMap((first, i) => dmc.slice(i + 1).map((second) => [first, second] as const))
      .find(([first, second]) => deltaE2000(first.lab, second.lab) >= 3 && scanNearest(first, 'anchor').thread === scanNearest(second, 'anchor').thread)!;
    const { pattern } = convertPatternBrand(patternOf(['00', '00'], [blendOf(pair[0], pair[1])]), 'anchor');
    expect(pattern.legend.map((entry) => [entry.code, entry.threads.length])).toEqual([[scanNearest(pair[0], 'anchor').thread.code, 1]]);
  });
});
