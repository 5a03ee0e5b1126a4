/**
 * What the rulers show at a zoom, pure: which stitch numbers get a label (every 10 as on the printed
 * chart, every 1, 2 or 5 when zoomed in, every 20, 50… when zoomed out) and where the ticks go.
 * Stitches are numbered from 1. A number of 10 or more stands on the heavy line that ends its stitch,
 * as on the printed chart; smaller steps label the stitch itself, centred on it.
 */

/** Ruler text size, CSS px. */
export const RULER_FONT_PX = 11;
/** Height of the top ruler, CSS px. */
export const TOP_RULER_PX = 20;

const LABEL_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] as const;
/** Room a label needs besides its digits, CSS px. */
const LABEL_GAP_PX = 10;
/** Width of one digit of the ruler font, CSS px (a little over the real width of DejaVu/Arial digits). */
const DIGIT_PX = RULER_FONT_PX * 0.62;
/** Ticks closer than this are left out. */
const MIN_TICK_SPACING_PX = 4;

export interface RulerTick {
  /** The stitch boundary (0 = the chart's first edge). */
  at: number;
  /** Every 10th line (or every labelled one when zoomed far out): drawn longer. */
  major: boolean;
}

export interface RulerLabel {
  /** Stitch position the label is centred on (a boundary, or a stitch's middle). */
  at: number;
  text: string;
}

/** Width of the left ruler for a chart, so its longest row number fits. */
export function leftRulerWidth(rows: number): number {
  return Math.ceil(digitsOf(rows) * DIGIT_PX) + LABEL_GAP_PX;
}

/** How many stitches apart the labels are at `scale` CSS px per stitch, for numbers up to `cells`. */
export function labelStep(scale: number, cells: number): number {
  const room = digitsOf(cells) * DIGIT_PX + LABEL_GAP_PX;
  return LABEL_STEPS.find((step) => step * scale >= room) ?? LABEL_STEPS[LABEL_STEPS.length - 1]!;
}

/** The labels for the stitches `from` ≤ i < `to` (0-based) of an axis of `cells` stitches. */
export function rulerLabels(from: number, to: number, cells: number, scale: number): RulerLabel[] {
  const step = labelStep(scale, cells);
  const labels: RulerLabel[] = [];
  const onLine = step >= 10;
  // A label on a line needs that line (from ≤ n ≤ to); one on stitch n its index n − 1 (from < n ≤ to).
  const first = Math.max(step, Math.ceil((onLine ? from : from + 1) / step) * step);
  const last = Math.min(cells, to);
  for (let n = first; n <= last; n += step) labels.push({ at: onLine ? n : n - 0.5, text: String(n) });
  return labels;
}

/** Tick marks on the boundaries `from` ≤ b ≤ `to` of an axis, as many as stay at least a few pixels apart. */
export function rulerTicks(from: number, to: number, cells: number, scale: number): RulerTick[] {
  const step = labelStep(scale, cells);
  const every = [1, 10, step].find((candidate) => candidate * scale >= MIN_TICK_SPACING_PX) ?? step;
  const major = Math.max(10, every === 1 ? 10 : step);
  const ticks: RulerTick[] = [];
  for (let at = Math.ceil(from / every) * every; at <= Math.min(to, cells); at += every) ticks.push({ at, major: at % major === 0 });
  return ticks;
}

/** The stitch position of an axis's centre mark: its middle line, or the middle of its middle stitch. */
export function centreOf(cells: number): number {
  return cells / 2;
}

function digitsOf(value: number): number {
  return String(Math.max(1, Math.floor(value))).length;
}
