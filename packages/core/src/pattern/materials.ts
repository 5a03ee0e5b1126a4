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
 */
import { BRANDS, THREAD_BRANDS, type ThreadBrand } from '../threads/brand-names.js';
import type { LegendEntry, Pattern } from './model.js';
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
 * sets the skein's length (DMC when not given).
 */
export type ThreadUse = Pick<LegendEntry, 'stitch_count'> & Partial<MarkUse> & { brand?: ThreadBrand };

/** Each legend entry with its part stitches, backstitch and knots: what its thread is used for. */
export function legendUse(pattern: Pick<Pattern, 'legend' | 'marks'>): (LegendEntry & MarkUse)[] {
  const use = markUse(pattern.marks, pattern.legend.length);
  return pattern.legend.map((entry, index) => ({ ...entry, ...use[index]! }));
}

/** A thread with no full, part stitch or knot: it is in the legend for its backstitch only. */
export const backstitchOnly = (use: ThreadUse): boolean => use.stitch_count === 0 && !use.partStitches && !use.knots && (use.backstitchLength ?? 0) > 0;

/** Thread for all of a thread's stitches: full and part stitches in the fabric's strands, backstitch in one. */
export function threadNeedOfUse(use: ThreadUse, fabric: Fabric, strands = defaultStrands(fabric), waste = DEFAULT_WASTE): ThreadNeed {
  const side = MM_PER_INCH / stitchesPerInch(fabric);
  const crossMm = (use.stitch_count + (use.partShare ?? 0)) * STITCH_PATH * side * strands;
  const backMm = (use.backstitchLength ?? 0) * 2 * side * BACKSTITCH_STRANDS;
  const knotMm = (use.knots ?? 0) * KNOT_THREAD_MM * strands;
  const singleStrandMm = (crossMm + backMm + knotMm) * (1 + waste);
  const skeins = singleStrandMm / (SKEIN_LENGTHS_MM[use.brand ?? 'dmc'] * SKEIN_STRANDS);
  return { metres: singleStrandMm / 1000, skeins, skeinsToBuy: singleStrandMm > 0 ? Math.max(1, Math.ceil(skeins - 1e-9)) : 0 };
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
 * `threads`: the chart's legend (its brands name the skeins and set their length); DMC when left out.
 */
export function skeinFootnote(fabric: Fabric, threads: readonly { brand: ThreadBrand }[] = []): string {
  return (
    `Skeins: whole ${skeinsOfBrands(threads)} to buy per thread, estimated on ${fabric.label}: ` +
    `a full cross stitch takes 4.83 stitch widths of thread in each of ${defaultStrands(fabric)} strands, a part stitch its share ` +
    `(half ½, quarter ¼, three-quarter ¾), backstitch twice its length in ${BACKSTITCH_STRANDS} strand, a French knot ` +
    `${KNOT_THREAD_MM} mm per strand; ${Math.round(DEFAULT_WASTE * 100)} % spare for starts and ends.`
  );
}

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
