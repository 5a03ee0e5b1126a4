import { createRequire } from 'node:module';
import {
  backstitchStyles,
  CHART_PAGE_FRAME,
  choosePages,
  gridArea,
  printableText,
  printLayout,
  type ChartPageBlock,
  type Fabric,
  type OrientationChoice,
  type PaperSize,
  type Pattern,
  type PrintLayout,
  type PrintPreset,
} from '@stitchwise/core';
import PDFDocument from 'pdfkit';
import { drawCover } from './pdf-cover.js';
import { threadList } from './pdf-legend.js';
import { centredSymbol, drawLinesAndKnots, drawParts, inkOn, PDF_GRID_LINE, type PageGrid } from './pdf-marks.js';

export type Paper = PaperSize;
export type PdfVariant = 'color' | 'bw';

/** How the chart pages are printed, and which of them. */
export interface PrintChoice {
  orientation: OrientationChoice;
  preset: PrintPreset;
  /** Chart pages as the cover's page map numbers them: `all`, or numbers and ranges such as `1-3, 6`. */
  pages: string;
}

export const DEFAULT_PRINT: PrintChoice = { orientation: 'auto', preset: 'pattern-keeper', pages: 'all' };

export interface PdfOptions {
  title: string;
  paper: Paper;
  variant: PdfVariant;
  fabric: Fabric;
  /** DEFAULT_PRINT unless given. */
  print?: PrintChoice;
}

/**
 * A page range naming pages the chart does not have. Marked in its message, because an error thrown in a
 * worker thread reaches the caller as a plain Error with the same message.
 */
export class PageRangeError extends Error {
  static readonly MARK = 'Page range: ';
  override readonly name = 'PageRangeError';
  constructor(reason: string) {
    super(`${PageRangeError.MARK}${reason}`);
  }

  /** What is wrong with the range, when `error` is one, from whatever thread. */
  static reasonOf(error: unknown): string | undefined {
    return error instanceof Error && error.message.startsWith(PageRangeError.MARK) ? error.message.slice(PageRangeError.MARK.length) : undefined;
  }
}

const { margin: MARGIN, heading: HEADER, gutter: GUTTER } = CHART_PAGE_FRAME;
const PDFKIT_PAPER: Readonly<Record<Paper, string>> = { a4: 'A4', letter: 'LETTER' };

const fontPath = (file: string): string => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`);

/**
 * The printable chart: a cover (title, preview, finished sizes, counts, page map: pdf-cover.ts), the thread
 * list (pdf-legend.ts), then the chosen chart pages as `printLayout` cuts them, in their orientation, with
 * heavy lines every 10, stitch numbers on every edge, the rows repeated from neighbouring pages shaded,
 * centre marks, and part stitches, backstitch and knots (pdf-marks.ts). Every symbol is real text in an embedded
 * DejaVu Sans (with its Unicode map), so tracking apps can read the chart. A range naming pages the
 * chart does not have throws PageRangeError before anything is drawn.
 */
export async function renderPdf(stored: Pattern, storedOptions: PdfOptions): Promise<Buffer> {
  // Texts as they can be drawn: names stored before text fields were checked may hold anything, and
  // the font would draw a control character as an empty box, PDFKit would break the line at LF, VT
  // or FF, and a lone surrogate would corrupt the document's Title. `printableText` makes each one
  // line: white-space controls and U+2028/U+2029 as spaces, the rest as U+FFFD, which DejaVu Sans draws.
  const options: PdfOptions = { ...storedOptions, title: printableText(storedOptions.title) };
  const print = options.print ?? DEFAULT_PRINT;
  const layout = printLayout({ width: stored.width, height: stored.height, paper: options.paper, orientation: print.orientation, preset: print.preset });
  const selection = choosePages(print.pages, layout.pages.length);
  if (!selection.ok) throw new PageRangeError(selection.message);
  const chosen = new Set(selection.pages);
  const printed = layout.pages.filter((block) => chosen.has(block.page));
  const pattern: Pattern = {
    ...stored,
    legend: stored.legend.map((entry) => ({
      ...entry,
      symbol: printableText(entry.symbol),
      code: printableText(entry.code),
      name: printableText(entry.name),
      dmc_code: printableText(entry.dmc_code),
      dmc_name: printableText(entry.dmc_name),
      threads: entry.threads.map((thread) => ({ ...thread, code: printableText(thread.code), name: printableText(thread.name) })),
    })),
  };
  const doc = new PDFDocument({
    size: PDFKIT_PAPER[options.paper],
    margin: MARGIN,
    info: { Title: options.title, Creator: 'Stitchwise' },
    autoFirstPage: false,
  });
  doc.registerFont('Text', fontPath('DejaVuSans.ttf'));
  doc.registerFont('Bold', fontPath('DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    doc.on('error', reject);
  });

  // The cover and thread list stay portrait; chart pages take the layout's orientation.
  await drawCover(doc, pattern, options, layout, chosen);
  // One line style a backstitch thread, the same in the legend and on every page.
  const styles = backstitchStyles(pattern.marks, pattern.legend.length);
  threadList(doc, pattern, { fabric: options.fabric, variant: options.variant, cell: layout.cellSize, styles });
  for (const block of printed) chartPage(doc, pattern, options, layout, block, styles);
  doc.end();
  return finished;
}

function chartPage(doc: PDFKit.PDFDocument, pattern: Pattern, options: PdfOptions, layout: PrintLayout, page: ChartPageBlock, styles: readonly number[]): void {
  doc.addPage({ size: PDFKIT_PAPER[options.paper], layout: layout.orientation, margin: MARGIN });
  // `block` keeps the names the drawing below uses: the first stitch across and down.
  const block = { x0: page.across.start, y0: page.down.start };
  const { end: x1 } = page.across;
  const { end: y1 } = page.down;
  const cols = x1 - block.x0;
  const rows = y1 - block.y0;
  const cell = layout.cellSize;
  // The grid sits centred across the page, below the heading.
  const left = MARGIN + GUTTER + (gridArea(layout.sheet).width - cols * cell) / 2;
  const top = MARGIN + HEADER + GUTTER;
  const grid: PageGrid = { left, top, cell, range: { x0: block.x0, x1, y0: block.y0, y1 } };

  doc.font('Bold').fontSize(10).fillColor('#000000');
  doc.text(
    `${options.title} — chart page ${page.page} of ${layout.pages.length}: stitches ${block.x0 + 1}–${x1} across, ${block.y0 + 1}–${y1} down`,
    MARGIN,
    MARGIN,
    { lineBreak: false },
  );

  // Stitches repeated from the neighbouring pages are shaded, so pages line up.
  doc.save();
  if (block.x0 > 0) doc.rect(left, top, layout.overlap * cell, rows * cell).fill('#e6e6e6');
  if (block.y0 > 0) doc.rect(left, top, cols * cell, layout.overlap * cell).fill('#e6e6e6');
  doc.restore();

  const fontSize = cell * 0.72;
  for (let y = block.y0; y < y1; y++) {
    for (let x = block.x0; x < x1; x++) {
      const index = pattern.cells[y * pattern.width + x]!;
      if (index < 0) continue;
      const entry = pattern.legend[index]!;
      const cx = left + (x - block.x0) * cell;
      const cy = top + (y - block.y0) * cell;
      let ink = '#000000';
      if (options.variant === 'color') {
        doc.rect(cx, cy, cell, cell).fill(entry.hex);
        ink = inkOn(entry.hex);
      }
      centredSymbol(doc, entry.symbol, cx + cell / 2, cy + cell / 2, fontSize, ink);
    }
  }
  drawParts(doc, pattern, options.variant, grid);

  // Grid: thin every stitch, heavy every 10 counted from the chart's own origin.
  for (let x = block.x0; x <= x1; x++) {
    const px = left + (x - block.x0) * cell;
    doc
      .moveTo(px, top)
      .lineTo(px, top + rows * cell)
      .lineWidth(x % 10 === 0 || x === x1 ? PDF_GRID_LINE.heavy : PDF_GRID_LINE.thin)
      .stroke('#000000');
  }
  for (let y = block.y0; y <= y1; y++) {
    const py = top + (y - block.y0) * cell;
    doc
      .moveTo(left, py)
      .lineTo(left + cols * cell, py)
      .lineWidth(y % 10 === 0 || y === y1 ? PDF_GRID_LINE.heavy : PDF_GRID_LINE.thin)
      .stroke('#000000');
  }
  // Backstitch and knots over the grid, so lines on it are seen.
  drawLinesAndKnots(doc, pattern, options.variant, grid, styles);

  // Stitch numbers every 10 on all four edges.
  doc.font('Text').fontSize(6).fillColor('#000000');
  for (let x = Math.ceil(block.x0 / 10) * 10; x <= x1; x += 10) {
    if (x === 0) continue;
    const px = left + (x - block.x0) * cell - 10;
    doc.text(String(x), px, top - 9, { width: 20, align: 'center', lineBreak: false });
    doc.text(String(x), px, top + rows * cell + 3, { width: 20, align: 'center', lineBreak: false });
  }
  for (let y = Math.ceil(block.y0 / 10) * 10; y <= y1; y += 10) {
    if (y === 0) continue;
    const py = top + (y - block.y0) * cell - 3;
    doc.text(String(y), left - GUTTER, py, { width: GUTTER - 2, align: 'right', lineBreak: false });
    doc.text(String(y), left + cols * cell + 2, py, { width: GUTTER, lineBreak: false });
  }

  // Centre marks: arrows on the edges where the chart's middle column and row fall on this page.
  const centreX = pattern.width / 2;
  const centreY = pattern.height / 2;
  doc.fillColor('#cc0000');
  if (centreX >= block.x0 && centreX <= x1) {
    const px = left + (centreX - block.x0) * cell;
    doc.polygon([px - 4, top - 12], [px + 4, top - 12], [px, top - 6]).fill();
    doc.polygon([px - 4, top + rows * cell + 12], [px + 4, top + rows * cell + 12], [px, top + rows * cell + 6]).fill();
  }
  if (centreY >= block.y0 && centreY <= y1) {
    const py = top + (centreY - block.y0) * cell;
    doc.polygon([left - 14, py - 4], [left - 14, py + 4], [left - 8, py]).fill();
    doc.polygon([left + cols * cell + 14, py - 4], [left + cols * cell + 14, py + 4], [left + cols * cell + 8, py]).fill();
  }
}
