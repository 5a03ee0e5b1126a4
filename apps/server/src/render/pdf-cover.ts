/**
 * The PDF's cover page: what the chart is (title, size, stitch and mark counts, colours, variant), a
 * preview, its finished sizes, and the page map that says which chart page holds which part of the chart
 * and on which PDF page it is printed.
 */
import {
  brandNameOf,
  CHART_PAGE_FRAME,
  describePages,
  finishedSizes,
  spanLength,
  threadAndBlendCounts,
  type Fabric,
  type Pattern,
  type PrintLayout,
} from '@stitchwise/core';
import sharp from 'sharp';
import { threadListPages } from './pdf-legend.js';
import type { MarksVariant } from './pdf-marks.js';

const { margin: MARGIN } = CHART_PAGE_FRAME;

/** What the cover says of the PDF besides the chart itself. */
export interface CoverOptions {
  title: string;
  variant: MarksVariant;
  /** The fabric the chart is for, marked among the finished sizes. */
  fabric: Fabric;
}

/**
 * The cover: the title, a line of counts, a preview of the chart's colours, its finished size on each fabric,
 * and the page map; `printed` are the chart pages this PDF holds.
 */
export async function drawCover(
  doc: PDFKit.PDFDocument,
  pattern: Pattern,
  options: CoverOptions,
  layout: PrintLayout,
  printed: ReadonlySet<number>,
): Promise<void> {
  doc.addPage();
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Bold').fontSize(22).text(options.title, { width });
  doc.moveDown(0.3);
  const stitches = pattern.legend.reduce((sum, entry) => sum + entry.stitch_count, 0);
  doc.font('Text').fontSize(10).fillColor('#444444');
  doc.text(
    `${pattern.width} × ${pattern.height} stitches · ${stitches.toLocaleString('en')} stitches${marksSummary(pattern)} · ${coloursSummary(pattern)} · ${options.variant === 'bw' ? 'black-and-white' : 'colour'} chart`,
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

  pageMap(doc, layout, printed, width, 2 + threadListPages(doc, pattern, options.fabric)); // after the cover and the thread list
}

/** The chart's colours: '12 DMC colours', and with blends what they are made of: '14 DMC colours (10 threads, 4 blends)'. */
function coloursSummary({ legend }: Pattern): string {
  const colours = `${legend.length} ${brandNameOf(legend)} colours`;
  const { threads, blends } = threadAndBlendCounts(legend);
  return blends === 0 ? colours : `${colours} (${threads} threads, ${blends} blend${blends === 1 ? '' : 's'})`;
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
 * number them; pages left out of this PDF are shaded, and each printed one names its PDF page (the first
 * chart page's is `firstPdfPage`).
 */
function pageMap(doc: PDFKit.PDFDocument, layout: PrintLayout, printed: ReadonlySet<number>, width: number, firstPdfPage: number): void {
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
  let pdfPage = firstPdfPage;
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
