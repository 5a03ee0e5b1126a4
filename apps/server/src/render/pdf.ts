import { createRequire } from 'node:module';
import {
  backstitchStyles,
  CHART_PAGE_FRAME,
  choosePages,
  describePages,
  finishedSizes,
  gridArea,
  printableText,
  printLayout,
  spanLength,
  type ChartPageBlock,
  type Fabric,
  type OrientationChoice,
  type PaperSize,
  type Pattern,
  type PrintLayout,
  type PrintPreset,
} from '@stitchwise/core';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { threadList, threadListPages } from './pdf-legend.js';
import { centredSymbol, drawLinesAndKnots, drawParts, inkOn, type PageGrid } from './pdf-marks.js';

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
 * The printable chart: a cover (title, preview, finished sizes, counts, page map), the thread list
 * (pdf-legend.ts), then the chosen chart pages as `printLayout` cuts them, in their orientation, with
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
      dmc_code: printableText(entry.dmc_code),
      dmc_name: printableText(entry.dmc_name),
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
  await cover(doc, pattern, options, layout, chosen);
  // One line style a backstitch thread, the same in the legend and on every page.
  const styles = backstitchStyles(pattern.marks, pattern.legend.length);
  threadList(doc, pattern, { fabric: options.fabric, variant: options.variant, cell: layout.cellSize, styles });
  for (const block of printed) chartPage(doc, pattern, options, layout, block, styles);
  doc.end();
  return finished;
}

async function cover(doc: PDFKit.PDFDocument, pattern: Pattern, options: PdfOptions, layout: PrintLayout, printed: ReadonlySet<number>): Promise<void> {
  doc.addPage();
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Bold').fontSize(22).text(options.title, { width });
  doc.moveDown(0.3);
  const stitches = pattern.legend.reduce((sum, entry) => sum + entry.stitch_count, 0);
  doc.font('Text').fontSize(10).fillColor('#444444');
  doc.text(
    `${pattern.width} × ${pattern.height} stitches · ${stitches.toLocaleString('en')} stitches${marksSummary(pattern)} · ${pattern.legend.length} DMC colours · ${options.variant === 'bw' ? 'black-and-white' : 'colour'} chart`,
  );
  doc.moveDown(0.8);

  // Preview: the chart's colours, one pixel per stitch, scaled up without smoothing.
  const rgba = new Uint8Array(pattern.width * pattern.height * 4);
  pattern.cells.forEach((index, cell) => {
    const entry = index >= 0 ? pattern.legend[index] : undefined;
    rgba.set(entry ? [entry.rgb.r, entry.rgb.g, entry.rgb.b, 255] : [255, 255, 255, 255], cell * 4);
  });
  const scale = Math.max(1, Math.floor(600 / Math.max(pattern.width, pattern.height)));
  const preview = await sharp(rgba, { raw: { width: pattern.width, height: pattern.height, channels: 4 } })
    .resize(pattern.width * scale, pattern.height * scale, { kernel: 'nearest' })
    .png()
    .toBuffer();
  const top = doc.y;
  doc.image(preview, MARGIN, top, { fit: [width, 300], align: 'center' });
  doc.y = top + 310;

  doc.fillColor('#000000').font('Bold').fontSize(12).text('Finished size');
  doc.font('Text').fontSize(9);
  for (const size of finishedSizes(pattern.width, pattern.height)) {
    const chosen = size.fabric.count === options.fabric.count ? '  ← this chart' : '';
    doc.text(
      `${size.fabric.label}: ${size.inches.width} × ${size.inches.height} in (${size.centimetres.width} × ${size.centimetres.height} cm); fabric with 3 in margins ${size.withMargin.inches.width} × ${size.withMargin.inches.height} in${chosen}`,
    );
  }
  doc.moveDown(0.8);

  pageMap(doc, pattern, layout, printed, width);
}

/** The part stitches, backstitches and knots a chart has, for the cover's summary: ' · 3 part stitches · …'. */
function marksSummary({ marks }: Pattern): string {
  const counted = (count: number, one: string, many: string): string => (count ? ` · ${count.toLocaleString('en')} ${count === 1 ? one : many}` : '');
  return (
    counted(marks.parts.length, 'part stitch', 'part stitches') +
    counted(marks.backstitches.length, 'backstitch line', 'backstitch lines') +
    counted(marks.knots.length, 'French knot', 'French knots')
  );
}

/**
 * Which chart page holds which part of the chart, numbered as the pages' headings and the page range
 * number them; pages left out of this PDF are shaded, and each printed one names its PDF page.
 */
function pageMap(doc: PDFKit.PDFDocument, pattern: Pattern, layout: PrintLayout, printed: ReadonlySet<number>, width: number): void {
  const { columns, rows, pages } = layout;
  const widest = Math.max(...columns.map(spanLength));
  const tallest = Math.max(...rows.map(spanLength));
  const count = pages.length;
  doc.font('Bold').fontSize(12).text('Page map');
  doc.font('Text').fontSize(9);
  doc.text(
    `${count} chart page${count === 1 ? '' : 's'}, ${layout.orientation}, at most ${widest} × ${tallest} stitches each; ` +
      `neighbouring pages repeat ${layout.overlap} rows or columns (shaded on the page).` +
      (printed.size < count ? ` This PDF holds chart page${printed.size === 1 ? '' : 's'} ${describePages([...printed])}; the others are greyed out.` : ''),
    { width },
  );
  const mapTop = doc.y + 4;
  const cellWidth = Math.min(60, width / columns.length);
  // The map takes at most the rest of the cover: PDFKit starts a new page for text below the bottom margin.
  const cellHeight = Math.min(40, (doc.page.height - MARGIN - mapTop - 1) / rows.length);
  let pdfPage = 2 + threadListPages(doc, pattern); // after the cover and the thread list
  // In each cell the chart page, its PDF page and, when there is room, its first stitch.
  const lineCount = cellHeight >= 24 ? 3 : 2;
  const fontSize = Math.min(8, (cellHeight - 2) / (lineCount * 1.2), cellWidth / 7);
  doc.fontSize(fontSize);
  for (const block of pages) {
    const x = MARGIN + block.column * cellWidth;
    const y = mapTop + block.row * cellHeight;
    const inThisPdf = printed.has(block.page);
    if (inThisPdf) doc.rect(x, y, cellWidth, cellHeight).stroke('#666666');
    else doc.rect(x, y, cellWidth, cellHeight).fillAndStroke('#dddddd', '#666666');
    doc.fillColor(inThisPdf ? '#000000' : '#555555');
    const lines = [`Page ${block.page}`, inThisPdf ? `p. ${pdfPage++}` : 'not printed', `${block.across.start + 1}, ${block.down.start + 1}`];
    lines.slice(0, lineCount).forEach((line, index) => doc.text(line, x + 2, y + 1 + index * fontSize * 1.15, { width: cellWidth - 4, lineBreak: false }));
  }
  doc.fillColor('#000000');
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
      .lineWidth(x % 10 === 0 || x === x1 ? 1.2 : 0.25)
      .stroke('#000000');
  }
  for (let y = block.y0; y <= y1; y++) {
    const py = top + (y - block.y0) * cell;
    doc
      .moveTo(left, py)
      .lineTo(left + cols * cell, py)
      .lineWidth(y % 10 === 0 || y === y1 ? 1.2 : 0.25)
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
