/**
 * Part stitches, backstitch and French knots on the PDF's chart pages and in its legend, as vector
 * graphics: backstitch lines are real strokes (on the lattice, crisp at any zoom, and readable by chart
 * apps), symbols real text. Colour charts draw each in its thread's colour; black-and-white ones tell
 * backstitch threads apart by line style and knots by their thread's symbol.
 */
import {
  BACKSTITCH_LINE_STYLES,
  BACKSTITCH_WIDTH,
  groupByThread,
  KNOT_RADIUS,
  KNOT_RING,
  marksCrossing,
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

/**
 * The line width, and dash pattern in points, of a thread's backstitch: in black and white wider than a
 * heavy grid line (1.2 pt), so a solid line along the grid still stands out.
 */
function lineLook(cell: number, variant: MarksVariant, style: number): { width: number; dash: readonly number[] } {
  const width = Math.max(0.8, cell * BACKSTITCH_WIDTH * (variant === 'bw' ? 1.4 : 1));
  const inWidths = variant === 'bw' ? (BACKSTITCH_LINE_STYLES[Math.max(0, style)] ?? []) : [];
  return { width, dash: inWidths.map((length) => length * width) };
}

/** PDFKit takes a whole dash pattern as an array (one `d` operator), which its type definitions leave out. */
type DashPattern = (pattern: readonly number[], options: object) => PDFKit.PDFDocument;

function strokeStyled(doc: PDFKit.PDFDocument, entry: LegendEntry, look: { width: number; dash: readonly number[] }, variant: MarksVariant): void {
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
  // Clipped to the grid and half a line beyond, so a line along the chart's edge is whole.
  const edge = lineLook(cell, variant, 0).width / 2;
  doc.save();
  doc.rect(left - edge, top - edge, (range.x1 - range.x0) * cell + 2 * edge, (range.y1 - range.y0) * cell + 2 * edge).clip();
  for (const [thread, lines] of groupByThread(shown.backstitches)) {
    // One path a thread, one polyline for lines that join, so dashes carry on round its corners.
    for (const polyline of polylines(lines)) {
      polyline.forEach(([x, y], index) => (index === 0 ? doc.moveTo(...at(x, y)) : doc.lineTo(...at(x, y))));
    }
    strokeStyled(doc, pattern.legend[thread]!, lineLook(cell, variant, styles[thread] ?? 0), variant);
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
  doc.moveTo(x, y).lineTo(x + length, y);
  strokeStyled(doc, entry, lineLook(cell, variant, style), variant);
  doc.restore();
}
