/**
 * The PDF's thread list: per thread its symbol, colour, DMC code and name, full and part stitches, its
 * backstitch (a sample of the line as the chart draws it, and its length) and French knots (the mark and
 * how many), and skeins to buy for all of them; a thread used only for backstitch says so. Under the
 * list, the footnote saying how skeins are estimated.
 */
import {
  threadLabel,
  CHART_PAGE_FRAME,
  backstitchOnly,
  defaultStrands,
  legendUse,
  skeinFootnote,
  skeinsOfBrands,
  stitchesPerInch,
  threadNeedOfUse,
  type Fabric,
  type Pattern,
} from '@stitchwise/core';
import { drawKnot, drawLineSample, type MarksVariant } from './pdf-marks.js';

const { margin: MARGIN } = CHART_PAGE_FRAME;
const ROW_HEIGHT = 16;
/** Room under the last row for the footnote (five lines at most). */
const FOOTNOTE_ROOM = 50;
const LINE_SAMPLE = 24;

const COLUMNS = {
  symbol: 0,
  colour: 38,
  thread: 72,
  name: 138,
  stitches: 256,
  part: 302,
  backstitch: 334,
  knots: 446,
  skeins: 488,
} as const;
const HEADS: readonly [keyof typeof COLUMNS, string][] = [
  ['symbol', 'Symbol'],
  ['colour', 'Colour'],
  ['thread', 'DMC'],
  ['name', 'Name'],
  ['stitches', 'Stitches'],
  ['part', 'Part'],
  ['backstitch', 'Backstitch'],
  ['knots', 'Knots'],
  ['skeins', 'Skeins'],
];

export interface LegendLook {
  fabric: Fabric;
  variant: MarksVariant;
  /** Stitch side on the chart pages, in points: samples are drawn as the chart draws them. */
  cell: number;
  /** Each thread's backstitch line style (`backstitchStyles`). */
  styles: readonly number[];
}

/** Threads that fit on one thread-list page, below its title and column heads and above the footnote. */
function threadsPerPage(doc: PDFKit.PDFDocument): number {
  return Math.floor((doc.page.height - 2 * MARGIN - 60 - FOOTNOTE_ROOM) / ROW_HEIGHT);
}

export function threadListPages(doc: PDFKit.PDFDocument, pattern: Pattern): number {
  return Math.max(1, Math.ceil(pattern.legend.length / threadsPerPage(doc)));
}

const decimal = (value: number): string => value.toLocaleString('en', { maximumFractionDigits: 1 });

export function threadList(doc: PDFKit.PDFDocument, pattern: Pattern, look: LegendLook): void {
  const { fabric, variant, cell, styles } = look;
  const perPage = threadsPerPage(doc);
  const use = legendUse(pattern);
  // A DMC chart's list is as it always was (a 'DMC' column of codes); any other names each thread: 'Anchor 403'.
  const allDmc = pattern.legend.every((entry) => entry.brand === 'dmc');
  const width = doc.page.width - 2 * MARGIN;
  const at = (column: keyof typeof COLUMNS): number => MARGIN + COLUMNS[column];
  let y = MARGIN;
  for (let first = 0; first < Math.max(1, use.length); first += perPage) {
    doc.addPage();
    doc
      .font('Bold')
      .fontSize(14)
      .fillColor('#000000')
      .text(`Threads — ${fabric.label}, ${defaultStrands(fabric)} strands, ${skeinsOfBrands(pattern.legend)}`, MARGIN, MARGIN);
    y = MARGIN + 30;
    doc.fontSize(8);
    for (const [column, title] of HEADS) doc.text(column === 'thread' && !allDmc ? 'Thread' : title, at(column), y, { lineBreak: false });
    y += ROW_HEIGHT;
    for (const entry of use.slice(first, first + perPage)) {
      doc
        .font('Bold')
        .fontSize(11)
        .fillColor('#000000')
        .text(entry.symbol, at('symbol') + 8, y - 1, { lineBreak: false });
      doc.rect(at('colour'), y, 26, ROW_HEIGHT - 5).fillAndStroke(entry.hex, '#555555');
      doc.font('Text').fontSize(9).fillColor('#000000');
      doc.text(allDmc ? entry.code : threadLabel(entry), at('thread'), y + 1, { lineBreak: false });
      doc.text(entry.name, at('name'), y + 1, { lineBreak: false, width: COLUMNS.stitches - COLUMNS.name - 4 });
      if (backstitchOnly(entry)) doc.text('backstitch only', at('stitches'), y + 1, { lineBreak: false });
      else doc.text(entry.stitch_count.toLocaleString('en'), at('stitches'), y + 1, { lineBreak: false });
      if (entry.partStitches) doc.text(entry.partStitches.toLocaleString('en'), at('part'), y + 1, { lineBreak: false });
      const middle = y + (ROW_HEIGHT - 5) / 2;
      if (entry.backstitchLength > 0) {
        drawLineSample(doc, entry, at('backstitch'), middle, LINE_SAMPLE, cell, variant, styles[entry.index] ?? 0);
        const centimetres = (entry.backstitchLength * 2.54) / stitchesPerInch(fabric);
        doc
          .font('Text')
          .fontSize(8)
          .fillColor('#000000')
          .text(`${decimal(entry.backstitchLength)} st (${decimal(centimetres)} cm)`, at('backstitch') + LINE_SAMPLE + 4, y + 2, { lineBreak: false });
      }
      if (entry.knots) {
        drawKnot(doc, entry, at('knots') + 5, middle, Math.max(cell, 12), variant);
        doc
          .font('Text')
          .fontSize(9)
          .fillColor('#000000')
          .text(entry.knots.toLocaleString('en'), at('knots') + 12, y + 1, { lineBreak: false });
      }
      doc
        .font('Text')
        .fontSize(9)
        .fillColor('#000000')
        .text(String(threadNeedOfUse(entry, fabric).skeinsToBuy), at('skeins'), y + 1, { lineBreak: false });
      y += ROW_HEIGHT;
    }
  }
  const lengths = use.some((entry) => entry.backstitchLength > 0) ? ' Backstitch lengths in stitch widths (st) and in centimetres on this fabric.' : '';
  doc
    .font('Text')
    .fontSize(7.5)
    .fillColor('#444444')
    .text(skeinFootnote(fabric, pattern.legend) + lengths, MARGIN, y + 6, { width });
  doc.fillColor('#000000');
}
