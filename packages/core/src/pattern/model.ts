import { formatHex } from '../color/hex.js';
import { BLEND_STRANDS, isBlend } from '../threads/blends.js';
import type { Thread } from '../threads/catalogue.js';
import type { ThreadBrand } from '../threads/brand-names.js';
import { checkMarks, storedMarkLimits } from './mark-checks.js';
import { NO_MARKS, type Backstitch, type ChartMarks, type FrenchKnot, type PartStitch } from './stitches.js';
import { assignSymbols } from './symbols.js';

/** One physical thread stitched in a legend entry, and with how many strands. */
export interface LegendThread {
  brand: ThreadBrand;
  code: string;
  name: string;
  strands: number;
  rgb: { r: number; g: number; b: number };
}

/** Entries of a legend at most, threads and blends together: the specification's 50 colours. */
export const MAX_LEGEND_ENTRIES = 50;

/** Strands of a plain thread in a cross stitch on 14-count Aida. */
export const PLAIN_THREAD_STRANDS = 2;

/**
 * One thread of a chart, as the legend shows it. `stitch_count` counts its full stitches: a thread may have none
 * (backstitch only). `brand`, `code` and `name` name it ("Anchor 403"); `threads` lists what is stitched (one
 * thread for a plain one, two for a blend, whose code joins theirs: `310+413`). `dmc_code`/`dmc_name` are the
 * specification's: a DMC thread's (or DMC blend's) code and name, empty for another brand's.
 */
export interface LegendEntry {
  index: number;
  hex: string;
  symbol: string;
  brand: ThreadBrand;
  code: string;
  name: string;
  threads: LegendThread[];
  dmc_code: string;
  dmc_name: string;
  stitch_count: number;
  rgb: { r: number; g: number; b: number };
}

/**
 * A thread as a legend names it: its brand, code, name and colour. A blend (see threads/blends.ts) also
 * names its two threads; its code joins theirs (`310+413`) and its colour is their modelled mix.
 */
export interface NamedThread {
  brand: ThreadBrand;
  code: string;
  name: string;
  hex: string;
  rgb: { r: number; g: number; b: number };
  blend?: readonly [NamedThread, NamedThread];
}

/** The legend entry of a thread or blend at `index`, with its symbol and full-stitch count. */
export function legendEntryOf(thread: NamedThread, index: number, symbol: string, stitchCount: number): LegendEntry {
  const { brand, code, name, hex, rgb, blend } = thread;
  const dmc = brand === 'dmc';
  const stitched = (part: NamedThread, strands: number): LegendThread => ({
    brand: part.brand,
    code: part.code,
    name: part.name,
    strands,
    rgb: { ...part.rgb },
  });
  return {
    index,
    hex,
    symbol,
    brand,
    code,
    name,
    threads: blend ? blend.map((part) => stitched(part, BLEND_STRANDS)) : [stitched(thread, PLAIN_THREAD_STRANDS)],
    dmc_code: dmc ? code : '',
    dmc_name: dmc ? name : '',
    stitch_count: stitchCount,
    rgb: { ...rgb },
  };
}

/** A catalogue thread or blend as a legend names it. */
export function namedThread(thread: Thread): NamedThread {
  const named: NamedThread = { brand: thread.brand, code: thread.code, name: thread.name, hex: thread.hex, rgb: { r: thread.r, g: thread.g, b: thread.b } };
  if (isBlend(thread)) named.blend = [namedThread(thread.blend[0]), namedThread(thread.blend[1])];
  return named;
}

/** Whether a legend entry (or anything listing its threads) is a blend: two threads stitched together. */
export const isBlendEntry = (entry: { threads?: readonly unknown[] }): boolean => (entry.threads?.length ?? 0) > 1;

/** The thread or blend a legend entry names, as it names it: a blend when it lists two threads. */
export function namedThreadOf(entry: LegendEntry): NamedThread {
  const { brand, code, name, hex, rgb, threads } = entry;
  const named: NamedThread = { brand, code, name, hex, rgb: { ...rgb } };
  if (isBlendEntry(entry)) {
    const part = (thread: LegendThread): NamedThread => ({
      brand: thread.brand,
      code: thread.code,
      name: thread.name,
      hex: formatHex(thread.rgb),
      rgb: { ...thread.rgb },
    });
    named.blend = [part(threads[0]!), part(threads[1]!)];
  }
  return named;
}

export interface PatternStats {
  /** Share of lone stitches before and after clean-up, 0–1. */
  confetti_before: number;
  confetti_after: number;
  /** Mean ΔE00 between each stitch's resampled colour and its thread. */
  mean_delta_e: number;
}

/** A stitch pattern: the source for the chart image, PDF and OXS exports. */
export interface Pattern {
  width: number;
  height: number;
  /** Sorted by stitch count, most first; `index` is the position. */
  legend: LegendEntry[];
  /** One legend index per cell, row by row; −1 where there is no full stitch. */
  cells: Int16Array;
  /** Part stitches, backstitches and French knots, by legend index. */
  marks: ChartMarks;
  stats: PatternStats;
}

/**
 * The JSON document stored beside every chart (`pattern_url`). Version 2 added part stitches, backstitches
 * and knots; version 3 each thread's brand, code, name and threads. Earlier versions still read (their
 * threads are DMC) and are written back as version 3.
 */
export interface PatternDocument {
  format: 'stitchwise-pattern';
  version: 3;
  width: number;
  height: number;
  legend: LegendEntry[];
  /** Row by row, one legend index per cell, −1 for no full stitch. */
  cells: number[];
  part_stitches: PartStitch[];
  /** Lines between points of the half-stitch lattice (see stitches.ts). */
  backstitches: Backstitch[];
  knots: FrenchKnot[];
  stats: PatternStats;
}

/** A legend entry of a version 1 or 2 document: DMC threads only, named by `dmc_code` and `dmc_name`. */
export type LegendEntryV2 = Omit<LegendEntry, 'brand' | 'code' | 'name' | 'threads'>;

/** A document written before brands: DMC threads only; still read, and saved as version 3. */
export type PatternDocumentV2 = Omit<PatternDocument, 'version' | 'legend'> & { version: 2; legend: LegendEntryV2[] };

/** A document written before part stitches, backstitches and knots: still read, and saved as version 3. */
export type PatternDocumentV1 = Omit<PatternDocumentV2, 'version' | 'part_stitches' | 'backstitches' | 'knots'> & { version: 1 };

export const PATTERN_FORMAT_VERSION = 3;
/** Versions a document may have: older ones are read and upgraded. */
export const READABLE_PATTERN_VERSIONS: readonly number[] = [1, 2, 3];

/**
 * The legend of a pattern: the threads that have stitches, most stitches first, with their symbols;
 * and the assignment renumbered to legend indices.
 */
export function buildLegend(threads: readonly Thread[], assignment: Int16Array): { legend: LegendEntry[]; cells: Int16Array } {
  const counts = new Int32Array(threads.length);
  for (const index of assignment) if (index >= 0) counts[index]!++;
  const order = threads
    .map((_, i) => i)
    .filter((i) => counts[i]! > 0)
    .sort((x, y) => counts[y]! - counts[x]! || threads[x]!.code.localeCompare(threads[y]!.code));
  const position = new Int16Array(threads.length).fill(-1);
  // Threads that look alike get symbols of different families (symbols.ts).
  const symbols = assignSymbols(order.map((threadIndex) => threads[threadIndex]!.lab));
  const legend = order.map((threadIndex, rank) => {
    position[threadIndex] = rank;
    return legendEntryOf(namedThread(threads[threadIndex]!), rank, symbols[rank]!, counts[threadIndex]!);
  });
  const cells = assignment.map((index) => (index < 0 ? -1 : position[index]!));
  return { legend, cells };
}

export function toPatternDocument(pattern: Pattern): PatternDocument {
  return {
    format: 'stitchwise-pattern',
    version: PATTERN_FORMAT_VERSION,
    width: pattern.width,
    height: pattern.height,
    legend: pattern.legend,
    cells: Array.from(pattern.cells),
    part_stitches: pattern.marks.parts.map((part) => ({ ...part })),
    backstitches: pattern.marks.backstitches.map((line) => ({ ...line })),
    knots: pattern.marks.knots.map((knot) => ({ ...knot })),
    stats: pattern.stats,
  };
}

export class PatternFormatError extends Error {
  override readonly name = 'PatternFormatError';
}

/** Reads a pattern document back, checking it is whole and consistent. */
export function parsePatternDocument(text: string): Pattern {
  let document: Partial<PatternDocument>;
  try {
    document = JSON.parse(text) as Partial<PatternDocument>;
  } catch {
    throw new PatternFormatError('The pattern is not valid JSON');
  }
  const fail = (why: string): never => {
    throw new PatternFormatError(`Not a Stitchwise pattern: ${why}`);
  };
  if (document.format !== 'stitchwise-pattern') fail('unknown format');
  if (!READABLE_PATTERN_VERSIONS.includes(document.version as number)) fail(`version ${String(document.version)} is not supported`);
  const { width, height, legend, cells, stats } = document;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width! < 1 || height! < 1) fail('bad size');
  if (!Array.isArray(legend) || !Array.isArray(cells) || cells.length !== width! * height!) fail('cells do not match the size');
  const counts = new Int32Array(legend!.length);
  for (const index of cells!) {
    if (!Number.isInteger(index) || index < -1 || index >= legend!.length) fail('a cell names no legend entry');
    if (index >= 0) counts[index]!++;
  }
  legend!.forEach((entry, i) => {
    if (entry.index !== i || entry.stitch_count !== counts[i]) fail(`legend entry ${i} does not match the cells`);
  });
  // Before version 3 every thread was DMC, named by dmc_code and dmc_name only.
  const entries = (document.version as number) < 3 ? (legend as unknown as LegendEntryV2[]).map(upgradeLegendEntry) : legend!;
  let marks = NO_MARKS;
  if ((document.version as number) !== 1) {
    // Under the limits it was stored with: a chart saved before they scaled with its size still opens.
    const checked = checkMarks(document, { width: width!, height: height!, threadCount: legend!.length, cells: cells! }, 1, storedMarkLimits(width!, height!));
    if (checked.problems.length > 0) fail(checked.problems[0]!.message);
    marks = checked.marks;
  }
  return {
    width: width!,
    height: height!,
    legend: entries,
    cells: Int16Array.from(cells!),
    marks,
    stats: stats ?? { confetti_before: 0, confetti_after: 0, mean_delta_e: 0 },
  };
}

/** A legend entry of a version 1 or 2 document, as version 3 writes it: a DMC thread. */
export function upgradeLegendEntry(entry: LegendEntryV2): LegendEntry {
  const thread = { brand: 'dmc' as const, code: entry.dmc_code, name: entry.dmc_name, hex: entry.hex, rgb: entry.rgb };
  return legendEntryOf(thread, entry.index, entry.symbol, entry.stitch_count);
}
