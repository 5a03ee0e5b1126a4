/**
 * Part stitches, backstitch and French knots on the PDF's chart pages and in its legend, as vector
 * graphics: backstitch lines are real strokes (on the lattice, crisp at any zoom, and readable by chart
 * apps), symbols real text. Colour charts draw each in its thread's colour; black-and-white ones tell
 * backstitch threads apart by line style and knots by their thread's symbol.
 */
import {
  BACKSTITCH_CASING,
  BACKSTITCH_LINE_STYLES,
  backstitchWidthFor,
  CASING_RGB,
  formatHex,
  groupByThread,
  KNOT_RADIUS,
  KNOT_RING,
  marksCrossing,
  needsCasing,
  partShape,
  partSymbolPlace,
  polylines,
  type LegendEntry,
  type Pattern,
  type StitchRange,
} from '@stitchwise/core';

export type MarksVariant = 'color' | 'bw';

/** Part stitches in black-and-white: a light grey that still shows on the shaded repeated rows. */
const PRINT_PART_FILL = '#c8c8c8';

/** The chart pages' grid lines, in points: thin between stitches, heavy every 10 and round the edge (pdf.ts). */
export const PDF_GRID_LINE = { thin: 0.25, heavy: 1.2 } as const;

/** The casing under a light thread's backstitch (the core's colour). */
const CASING = formatHex(CASING_RGB);

/** Where a chart page puts its grid: its first stitch's corner, the stitch side, in points. */
export interface PageGrid {
  left: number;
  top: number;
  cell: number;
  range: StitchRange;
}

/** Black or white, whichever reads better on a thread colour. */
export function inkOn(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const luminance = 0.299 * (value >> 16) + 0.587 * ((value >> 8) & 255) + 0.114 * (value & 255);
  return luminance > 140 ? '#000000' : '#ffffff';
}

/** `symbol` as text, centred on (x, y) at `size` points. */
export function centredSymbol(doc: PDFKit.PDFDocument, symbol: string, x: number, y: number, size: number, colour: string): void {
  doc
    .font('Bold')
    .fontSize(size)
    .fillColor(colour)
    .text(symbol, x - size, y - size / 2 - size * 0.08, { width: 2 * size, align: 'center', lineBreak: false });
}

/** The page's part stitches: drawn after the full stitches and before the grid, which stays on top of them. */
export function drawParts(doc: PDFKit.PDFDocument, pattern: Pattern, variant: MarksVariant, grid: PageGrid): void {
  const { left, top, cell, range } = grid;
  for (const part of marksCrossing(pattern.marks, range).parts) {
    const entry = pattern.legend[part.thread]!;
    const x = left + (part.x - range.x0) * cell;
    const y = top + (part.y - range.y0) * cell;
    const [first, ...rest] = partShape(part.kind).map(([u, v]) => [x + u * cell, y + v * cell] as [number, number]);
    doc.polygon(first!, ...rest).fill(variant === 'color' ? entry.hex : PRINT_PART_FILL);
    const place = partSymbolPlace(part.kind);
    centredSymbol(doc, entry.symbol, x + place.x * cell, y + place.y * cell, place.size * cell * 1.1, variant === 'color' ? inkOn(entry.hex) : '#000000');
  }
}

/** How a thread's backstitch is stroked, in points: its width, dash pattern, and how far its casing reaches beyond each side (0: none). */
interface LineLook {
  width: number;
  dash: readonly number[];
  casing: number;
}

/**
 * A thread's backstitch look on a page of stitches `cell` points wide: the core's width beside the thin grid
 * line (a fifth of a stitch, at least 2.5 thin lines), at least 0.8 pt; in black and white 1.4 × that, wider
 * than a heavy grid line (1.2 pt), so a solid line along the grid still stands out. In colour a light thread's
 * line lies on a dark casing the core's share of its width beyond each side, at least a thin grid line.
 */
function lineLook(cell: number, variant: MarksVariant, style: number, entry?: Pick<LegendEntry, 'rgb'>): LineLook {
  const width = Math.max(0.8, backstitchWidthFor(cell, PDF_GRID_LINE.thin) * (variant === 'bw' ? 1.4 : 1));
  const inWidths = variant === 'bw' ? (BACKSTITCH_LINE_STYLES[Math.max(0, style)] ?? []) : [];
  const casing = variant === 'color' && entry && needsCasing(entry.rgb) ? Math.max(PDF_GRID_LINE.thin, width * BACKSTITCH_CASING) : 0;
  return { width, dash: inWidths.map((length) => length * width), casing };
}

/** PDFKit takes a whole dash pattern as an array (one `d` operator), which its type definitions leave out. */
type DashPattern = (pattern: readonly number[], options: object) => PDFKit.PDFDocument;

/** Strokes the path `trace` makes in the thread's look: first its casing, if any, then the line over it. */
function strokeStyled(doc: PDFKit.PDFDocument, entry: LegendEntry, look: LineLook, variant: MarksVariant, trace: () => void): void {
  if (look.casing > 0) {
    trace();
    doc
      .lineWidth(look.width + 2 * look.casing)
      .lineCap('round')
      .lineJoin('round')
      .undash()
      .stroke(CASING);
  }
  trace();
  doc.lineWidth(look.width).lineCap('round').lineJoin('round');
  if (look.dash.length) (doc.dash as unknown as DashPattern).call(doc, look.dash, {});
  else doc.undash();
  doc.stroke(variant === 'color' ? entry.hex : '#000000');
}

/**
 * The page's backstitch, clipped to its grid, then its knots: after the grid, on top of everything. `styles`
 * is each thread's line style (`backstitchStyles`).
 */
export function drawLinesAndKnots(doc: PDFKit.PDFDocument, pattern: Pattern, variant: MarksVariant, grid: PageGrid, styles: readonly number[]): void {
  const { left, top, cell, range } = grid;
  const shown = marksCrossing(pattern.marks, range);
  const at = (x: number, y: number): [number, number] => [left + (x / 2 - range.x0) * cell, top + (y / 2 - range.y0) * cell];
  // Clipped to the grid and half a line (and a casing) beyond, so a line along the chart's edge is whole.
  const threads = groupByThread(shown.backstitches);
  const casing = Math.max(0, ...[...threads.keys()].map((thread) => lineLook(cell, variant, 0, pattern.legend[thread]).casing));
  const edge = lineLook(cell, variant, 0).width / 2 + casing;
  doc.save();
  doc.rect(left - edge, top - edge, (range.x1 - range.x0) * cell + 2 * edge, (range.y1 - range.y0) * cell + 2 * edge).clip();
  for (const [thread, lines] of threads) {
    // One path a thread, one polyline for lines that join, so dashes carry on round its corners.
    const joined = polylines(lines);
    const trace = () => {
      for (const polyline of joined) polyline.forEach(([x, y], index) => (index === 0 ? doc.moveTo(...at(x, y)) : doc.lineTo(...at(x, y))));
    };
    const entry = pattern.legend[thread]!;
    strokeStyled(doc, entry, lineLook(cell, variant, styles[thread] ?? 0, entry), variant, trace);
  }
  doc.restore();
  // Knots are not clipped: one on the page's edge is whole, as on the neighbouring page.
  for (const knot of [...groupByThread(shown.knots).values()].flat()) drawKnot(doc, pattern.legend[knot.thread]!, ...at(knot.x, knot.y), cell, variant);
}

/**
 * A French knot centred on (x, y): in colour a dot of the thread's colour in a ring of its ink; in black
 * and white a white dot in a black ring holding the thread's symbol.
 */
export function drawKnot(doc: PDFKit.PDFDocument, entry: LegendEntry, x: number, y: number, cell: number, variant: MarksVariant): void {
  // Larger in black and white, to hold the symbol; the ring centred on the radius, as the viewer strokes it.
  const radius = cell * KNOT_RADIUS * (variant === 'bw' ? 1.15 : 1);
  const ring = Math.max(0.4, cell * KNOT_RING);
  const [fill, stroke] = variant === 'color' ? [entry.hex, inkOn(entry.hex)] : ['#ffffff', '#000000'];
  doc.save();
  doc.undash().lineWidth(ring).circle(x, y, radius).fillAndStroke(fill, stroke);
  doc.restore();
  if (variant === 'bw') centredSymbol(doc, entry.symbol, x, y, (radius + ring / 2) * 1.25, '#000000');
}

/** A thread's backstitch as the legend shows it: a short line from (x, y), `length` long, as on the chart. */
export function drawLineSample(
  doc: PDFKit.PDFDocument,
  entry: LegendEntry,
  x: number,
  y: number,
  length: number,
  cell: number,
  variant: MarksVariant,
  style: number,
): void {
  doc.save();
  strokeStyled(doc, entry, lineLook(cell, variant, style, entry), variant, () => doc.moveTo(x, y).lineTo(x + length, y));
  doc.restore();
}
