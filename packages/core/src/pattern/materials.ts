/**
 * Thread and fabric calculator. How much floss a chart takes and how big it comes out, per fabric.
 *
 * Thread per full cross stitch, for a stitch of side s = 1 / (stitches per inch):
 *   two diagonals on the front, 2·√2·s, plus the travel on the back between stitches, about 2·s,
 *   so (2·√2 + 2)·s ≈ 4.83·s of stitching thread (each of `strands` strands), times (1 + waste)
 *   for tails, starts and ends.
 * A DMC or Anchor six-strand skein is 8 m long, so it holds 6 × 8 m = 48 m of single strand (a Madeira
 * skein is 10 m, 60 m of strand):
 *   skeins = stitches × 4.83·s × (1 + waste) × strands / 48 m, rounded up to whole skeins to buy.
 * A part stitch counts as its share of a full stitch (half ½, quarter ¼, three-quarter ¾). Backstitch
 * takes its length twice (front and back) in one strand; a French knot about 30 mm of each strand.
 * A blend is stitched with one strand of each of its two threads on any fabric: each thread is counted
 * for that one strand, and its use is added to the thread's own (skeinsByThread), since a skein bought
 * serves both.
 */
import { formatHex } from '../color/hex.js';
import { BRANDS, THREAD_BRANDS, threadKey, type ThreadBrand } from '../threads/brand-names.js';
import { isBlendEntry, type LegendEntry, type LegendThread, type Pattern } from './model.js';
import { markUse, type MarkUse } from './stitches.js';

export interface Fabric {
  /** As sold: '14-count Aida', '28-count evenweave over 2'. */
  label: string;
  /** Fabric threads (or Aida blocks) per inch. */
  count: number;
  /** Threads each stitch covers: 1 on Aida, 2 on evenweave/linen. */
  over: 1 | 2;
}

export const FABRICS: readonly Fabric[] = [
  { label: '11-count Aida', count: 11, over: 1 },
  { label: '14-count Aida', count: 14, over: 1 },
  { label: '16-count Aida', count: 16, over: 1 },
  { label: '18-count Aida', count: 18, over: 1 },
  { label: '22-count Hardanger', count: 22, over: 1 },
  { label: '28-count evenweave over 2', count: 28, over: 2 },
];

/** A DMC skein's length; other brands' are SKEIN_LENGTHS_MM. */
export const SKEIN_LENGTH_MM = 8000;
/** The length of one six-strand skein, by brand: DMC and Anchor 8 m, Madeira 10 m. */
export const SKEIN_LENGTHS_MM: Readonly<Record<ThreadBrand, number>> = { dmc: SKEIN_LENGTH_MM, anchor: 8000, madeira: 10_000 };
export const SKEIN_STRANDS = 6;
export const DEFAULT_WASTE = 0.15;
const MM_PER_INCH = 25.4;
/** Thread per stitch in stitch sides: two front diagonals and the back travel. */
const STITCH_PATH = 2 * Math.SQRT2 + 2;
/** Bare fabric to leave around the design for framing, per side. */
export const MARGIN_INCHES = 3;

export function stitchesPerInch(fabric: Fabric): number {
  return fabric.count / fabric.over;
}

/** Strands usual for a fabric: 3 on 11-count, 2 on 14–18-count and 28 over 2, 1 on 22-count. */
export function defaultStrands(fabric: Fabric): number {
  const spi = stitchesPerInch(fabric);
  return spi <= 11 ? 3 : spi >= 22 ? 1 : 2;
}

export interface ThreadNeed {
  /** Single-strand thread in metres, waste included. */
  metres: number;
  /** Fractional skeins, and whole skeins to buy (at least 1). */
  skeins: number;
  skeinsToBuy: number;
}

/** Thread for `stitches` full cross stitches. */
export function threadNeed(stitches: number, fabric: Fabric, strands = defaultStrands(fabric), waste = DEFAULT_WASTE): ThreadNeed {
  return threadNeedOfUse({ stitch_count: stitches }, fabric, strands, waste);
}

/** Backstitch is worked in one strand. */
export const BACKSTITCH_STRANDS = 1;
/** Thread per French knot, of each strand: the wraps round the needle and the way down and up again. */
export const KNOT_THREAD_MM = 30;

/**
 * What a thread is used for on a chart: full stitches, and part stitches, backstitch and knots; its brand
 * sets the skein's length (DMC when not given); its `threads` (a legend entry's), whether it is a blend.
 */
export type ThreadUse = Pick<LegendEntry, 'stitch_count'> & Partial<MarkUse> & { brand?: ThreadBrand; threads?: readonly Pick<LegendThread, 'strands'>[] };

/**
 * Strands of each thread of a cross stitch: a plain thread's the fabric's usual (defaultStrands), a blend's
 * as its legend entry lists them (one of each, whatever the fabric: two strands of different colours are what
 * makes a blend).
 */
export function crossStrands(use: ThreadUse, fabric: Fabric): number {
  return isBlendEntry(use) ? Math.max(...use.threads!.map((thread) => thread.strands)) : defaultStrands(fabric);
}

/** Each legend entry with its part stitches, backstitch and knots: what its thread is used for. */
export function legendUse(pattern: Pick<Pattern, 'legend' | 'marks'>): (LegendEntry & MarkUse)[] {
  const use = markUse(pattern.marks, pattern.legend.length);
  return pattern.legend.map((entry, index) => ({ ...entry, ...use[index]! }));
}

/** A thread with no full, part stitch or knot: it is in the legend for its backstitch only. */
export const backstitchOnly = (use: ThreadUse): boolean => use.stitch_count === 0 && !use.partStitches && !use.knots && (use.backstitchLength ?? 0) > 0;

/**
 * Thread for all of a thread's stitches: full and part stitches in the fabric's strands (a blend's: what each
 * of its threads takes, in its one strand), backstitch in one.
 */
export function threadNeedOfUse(use: ThreadUse, fabric: Fabric, strands = crossStrands(use, fabric), waste = DEFAULT_WASTE): ThreadNeed {
  return needOfLength(strandLength(use, fabric, strands) * (1 + waste), use.brand ?? 'dmc');
}

/** Single strand, in millimetres and without waste, that a use takes of each of its threads. */
function strandLength(use: ThreadUse, fabric: Fabric, strands: number): number {
  const side = MM_PER_INCH / stitchesPerInch(fabric);
  const crossMm = (use.stitch_count + (use.partShare ?? 0)) * STITCH_PATH * side * strands;
  const backMm = (use.backstitchLength ?? 0) * 2 * side * BACKSTITCH_STRANDS;
  const knotMm = (use.knots ?? 0) * KNOT_THREAD_MM * strands;
  return crossMm + backMm + knotMm;
}

function needOfLength(singleStrandMm: number, brand: ThreadBrand): ThreadNeed {
  const skeins = singleStrandMm / (SKEIN_LENGTHS_MM[brand] * SKEIN_STRANDS);
  return { metres: singleStrandMm / 1000, skeins, skeinsToBuy: singleStrandMm > 0 ? Math.max(1, Math.ceil(skeins - 1e-9)) : 0 };
}

/** The physical threads of a legend, each once, in legend order: a plain entry's thread, a blend's two. */
export function stitchedThreads(legend: readonly Pick<LegendEntry, 'threads'>[]): LegendThread[] {
  const threads = new Map<string, LegendThread>();
  for (const entry of legend) for (const thread of entry.threads) if (!threads.has(threadKey(thread))) threads.set(threadKey(thread), thread);
  return [...threads.values()];
}

/** One thread to buy for a chart: everything stitched with it, its own legend entry's and the blends' it is in. */
export interface ThreadSkeins {
  brand: ThreadBrand;
  code: string;
  name: string;
  hex: string;
  rgb: { r: number; g: number; b: number };
  /** The legend index of the thread on its own; undefined for a thread stitched only in blends. */
  entryIndex: number | undefined;
  /** Legend indices of the blends it is stitched in. */
  blends: number[];
  need: ThreadNeed;
}

/**
 * The physical threads of a chart with what each takes on `fabric`: a plain entry's thread in the fabric's
 * strands, each thread of a blend in its one strand, added up per thread before rounding up to skeins. In
 * legend order, where each thread is first stitched (a blend's two threads in code order at the blend).
 */
export function skeinsByThread(uses: readonly (LegendEntry & Partial<MarkUse>)[], fabric: Fabric, waste = DEFAULT_WASTE): ThreadSkeins[] {
  const threads = new Map<string, Omit<ThreadSkeins, 'need'> & { strandMm: number }>();
  for (const use of uses) {
    const blend = isBlendEntry(use);
    for (const thread of use.threads) {
      const key = threadKey(thread);
      let found = threads.get(key);
      if (!found) {
        const { brand, code, name, rgb } = thread;
        found = { brand, code, name, hex: formatHex(rgb), rgb: { ...rgb }, entryIndex: undefined, blends: [], strandMm: 0 };
        threads.set(key, found);
      }
      if (blend) found.blends.push(use.index);
      else found.entryIndex = use.index;
      found.strandMm += strandLength(use, fabric, blend ? thread.strands : defaultStrands(fabric));
    }
  }
  return [...threads.values()].map(({ strandMm, ...thread }) => ({ ...thread, need: needOfLength(strandMm * (1 + waste), thread.brand) }));
}

/**
 * Skeins as a legend lists them, on screen and in the PDF: each plain entry's thread with its strand in blends
 * added (by legend index; a blend's row has none of its own), and the threads stitched only in blends, which
 * get rows after the legend.
 */
export function legendSkeins(
  uses: readonly (LegendEntry & Partial<MarkUse>)[],
  fabric: Fabric,
): { skeinsOfEntry: ReadonlyMap<number, number>; inBlendsOnly: ThreadSkeins[]; threads: ThreadSkeins[] } {
  const threads = skeinsByThread(uses, fabric);
  const skeinsOfEntry = new Map<number, number>();
  for (const thread of threads) if (thread.entryIndex !== undefined) skeinsOfEntry.set(thread.entryIndex, thread.need.skeinsToBuy);
  return { skeinsOfEntry, inBlendsOnly: threads.filter((thread) => thread.entryIndex === undefined), threads };
}

/** The threads to buy for a legend and the blends made of them: '10 threads + 4 blends'. */
export function threadAndBlendCounts(legend: readonly Pick<LegendEntry, 'threads'>[]): { threads: number; blends: number } {
  return { threads: stitchedThreads(legend).length, blends: legend.filter(isBlendEntry).length };
}

/**
 * The skeins of `threads` in a stitcher's words: "DMC skeins (8 m of 6 strands)" for one brand, "DMC and
 * Anchor skeins (8 m of 6 strands), Madeira skeins (10 m of 6 strands)" for several. DMC when none is given.
 */
export function skeinsOfBrands(threads: readonly { brand: ThreadBrand }[]): string {
  const brands = THREAD_BRANDS.filter((brand) => threads.some((thread) => thread.brand === brand));
  const used: readonly ThreadBrand[] = brands.length > 0 ? brands : ['dmc'];
  const lengths = [...new Set(used.map((brand) => SKEIN_LENGTHS_MM[brand]))];
  return lengths
    .map((length) => {
      const names = used.filter((brand) => SKEIN_LENGTHS_MM[brand] === length).map((brand) => BRANDS[brand].name);
      const named = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
      return `${named} skeins (${length / 1000} m of ${SKEIN_STRANDS} strands)`;
    })
    .join(', ');
}

/**
 * What the skein estimate assumes, in a stitcher's words: the legend's footnote, on screen and in the PDF.
 * `threads`: the chart's legend (its brands name the skeins and set their length; a blend among them adds
 * how blends are counted); DMC when left out.
 */
export function skeinFootnote(fabric: Fabric, threads: readonly { brand: ThreadBrand; threads?: readonly unknown[] }[] = []): string {
  const blends = threads.some(isBlendEntry) ? ` ${BLENDS_FOOTNOTE}` : '';
  return (
    `Skeins: whole ${skeinsOfBrands(threads)} to buy per thread, estimated on ${fabric.label}: ` +
    `a full cross stitch takes 4.83 stitch widths of thread in each of ${defaultStrands(fabric)} strands, a part stitch its share ` +
    `(half ½, quarter ¼, three-quarter ¾), backstitch twice its length in ${BACKSTITCH_STRANDS} strand, a French knot ` +
    `${KNOT_THREAD_MM} mm per strand; ${Math.round(DEFAULT_WASTE * 100)} % spare for starts and ends.${blends}`
  );
}

/** How a chart's blends are counted in its skeins: the footnote's last sentence when it has any. */
export const BLENDS_FOOTNOTE = "Blends count each thread for its one strand, in that thread's skeins.";

export interface FinishedSize {
  fabric: Fabric;
  inches: { width: number; height: number };
  centimetres: { width: number; height: number };
  /** Fabric to buy: the design plus MARGIN_INCHES on every side, in inches and centimetres. */
  withMargin: { inches: { width: number; height: number }; centimetres: { width: number; height: number } };
}

const round1 = (value: number): number => Math.round(value * 10) / 10;

export function finishedSize(width: number, height: number, fabric: Fabric): FinishedSize {
  const spi = stitchesPerInch(fabric);
  const inches = { width: width / spi, height: height / spi };
  const margin = { width: inches.width + 2 * MARGIN_INCHES, height: inches.height + 2 * MARGIN_INCHES };
  const both = (size: { width: number; height: number }) => ({
    inches: { width: round1(size.width), height: round1(size.height) },
    centimetres: { width: round1(size.width * 2.54), height: round1(size.height * 2.54) },
  });
  return { fabric, ...both(inches), withMargin: both(margin) };
}

/** Finished size on every fabric of FABRICS. */
export function finishedSizes(width: number, height: number): FinishedSize[] {
  return FABRICS.map((fabric) => finishedSize(width, height, fabric));
}

export function fabricByCount(count: number): Fabric | undefined {
  return FABRICS.find((fabric) => fabric.count === count);
}
