/**
 * How a chart is cut into printed pages. A preset names the stitches a portrait page holds at least
 * (landscape swaps the shape); the stitch size that fits them fills the sheet, so a page holds more where
 * the paper has room. Blocks along each side are split evenly (the fewest that fit, sizes as equal as
 * possible), so no page carries a sliver of a few rows, and neighbouring pages repeat `overlap`
 * rows or columns so the stitcher can line them up. Chart pages are numbered from 1, row by row.
 */

export * from './print-layout-range.js';

export type PaperSize = 'a4' | 'letter';
export type PageOrientation = 'portrait' | 'landscape';
export type OrientationChoice = PageOrientation | 'auto';
export type PrintPreset = 'pattern-keeper' | 'large-print';

export const ORIENTATION_CHOICES: readonly OrientationChoice[] = ['auto', 'portrait', 'landscape'];

export interface PrintPresetSpec {
  label: string;
  /** Stitches a portrait page holds at least: across, down. */
  columns: number;
  rows: number;
  /** Rows and columns each page repeats from its neighbour. */
  overlap: number;
}

export const PRINT_PRESETS: Readonly<Record<PrintPreset, PrintPresetSpec>> = {
  // About the 60 × 70 blocks charts have long been printed in, which Pattern Keeper users are used to.
  'pattern-keeper': { label: 'Pattern Keeper', columns: 60, rows: 70, overlap: 2 },
  // Half as many stitches a page, each half as large again.
  'large-print': { label: 'Large print', columns: 40, rows: 50, overlap: 2 },
};

export const PRINT_PRESET_NAMES = Object.keys(PRINT_PRESETS) as PrintPreset[];

/** Sheets in PostScript points (1/72 in), portrait. */
export const PAPER_SIZES: Readonly<Record<PaperSize, { width: number; height: number }>> = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
};

/** What a chart page keeps free around its grid, in points: the sheet's margin, a heading line, and room for stitch numbers on each edge. */
export const CHART_PAGE_FRAME = { margin: 36, heading: 28, gutter: 16 } as const;

/** A page may draw stitches at most this much larger than its preset's, so a small chart is not printed in giant squares. */
const MAX_ENLARGEMENT = 1.5;

/** One block of stitches along a side: from `start` up to, not including, `end`. */
export interface Span {
  start: number;
  end: number;
}

export interface ChartPageBlock {
  /** Chart page number, from 1, row by row: as the cover's page map shows it. */
  page: number;
  /** Row and column of the block in the page map, from 0. */
  row: number;
  column: number;
  across: Span;
  down: Span;
}

/** The stitches a page block covers, as a rectangle of the chart. */
export function blockArea({ across, down }: ChartPageBlock): { x: number; y: number; width: number; height: number } {
  return { x: across.start, y: down.start, width: across.end - across.start, height: down.end - down.start };
}

export interface PrintLayout {
  orientation: PageOrientation;
  /** The chart page's sheet as it is printed, in points. */
  sheet: { width: number; height: number };
  /** Side of a stitch on the page, in points: the same on every chart page. */
  cellSize: number;
  /** Stitches a page could hold at the preset's stitch size, across and down. */
  capacity: { columns: number; rows: number };
  overlap: number;
  columns: Span[];
  rows: Span[];
  pages: ChartPageBlock[];
}

export interface PrintLayoutRequest {
  width: number;
  height: number;
  paper: PaperSize;
  orientation: OrientationChoice;
  preset: PrintPreset;
  /** The preset's unless given. */
  overlap?: number;
}

/** The chart pages of a chart on the chosen paper; `auto` takes the orientation with fewer pages (portrait on a tie). */
export function printLayout(request: PrintLayoutRequest): PrintLayout {
  if (request.orientation !== 'auto') return layoutIn(request, request.orientation);
  const portrait = layoutIn(request, 'portrait');
  const landscape = layoutIn(request, 'landscape');
  return landscape.pages.length < portrait.pages.length ? landscape : portrait;
}

function layoutIn({ width, height, paper, preset, overlap: chosenOverlap }: PrintLayoutRequest, orientation: PageOrientation): PrintLayout {
  const spec = PRINT_PRESETS[preset];
  const overlap = chosenOverlap ?? spec.overlap;
  const portrait = PAPER_SIZES[paper];
  const sheet = orientation === 'portrait' ? portrait : { width: portrait.height, height: portrait.width };
  const area = gridArea(sheet);
  const target = orientation === 'portrait' ? { columns: spec.columns, rows: spec.rows } : { columns: spec.rows, rows: spec.columns };
  const presetCell = Math.min(area.width / target.columns, area.height / target.rows);
  // A hair of tolerance: 491 / (491 / 60) may come out as 59.999….
  const capacity = { columns: Math.floor(area.width / presetCell + 1e-9), rows: Math.floor(area.height / presetCell + 1e-9) };
  const columns = evenSpans(width, capacity.columns, overlap);
  const rows = evenSpans(height, capacity.rows, overlap);
  const widest = Math.max(...columns.map(spanLength));
  const tallest = Math.max(...rows.map(spanLength));
  const cellSize = Math.min(area.width / widest, area.height / tallest, presetCell * MAX_ENLARGEMENT);
  const pages = rows.flatMap((down, row) => columns.map((across, column) => ({ page: row * columns.length + column + 1, row, column, across, down })));
  return { orientation, sheet, cellSize, capacity, overlap, columns, rows, pages };
}

/** Where the grid of a chart page may go: the sheet less the frame. */
export function gridArea(sheet: { width: number; height: number }): { width: number; height: number } {
  const { margin, heading, gutter } = CHART_PAGE_FRAME;
  return { width: sheet.width - 2 * margin - 2 * gutter, height: sheet.height - 2 * margin - heading - 2 * gutter };
}

export const spanLength = (span: Span): number => span.end - span.start;

/**
 * Blocks along one side of `total` stitches: the fewest of at most `capacity` that cover it with
 * `overlap` repeated between neighbours, their sizes as equal as possible (the first ones a stitch
 * larger when they cannot all be equal).
 */
export function evenSpans(total: number, capacity: number, overlap: number): Span[] {
  if (!Number.isInteger(overlap) || overlap < 0 || overlap >= capacity)
    throw new RangeError(`overlap must be a whole number below the page's ${capacity} stitches`);
  if (total <= capacity) return [{ start: 0, end: total }];
  // n blocks of `capacity` cover n·capacity − (n − 1)·overlap stitches.
  const count = Math.ceil((total - overlap) / (capacity - overlap));
  const covered = total + (count - 1) * overlap;
  const base = Math.floor(covered / count);
  const spans: Span[] = [];
  let start = 0;
  for (let index = 0; index < count; index++) {
    const size = base + (index < covered % count ? 1 : 0);
    spans.push({ start, end: start + size });
    start += size - overlap;
  }
  return spans;
}
