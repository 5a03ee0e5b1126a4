/**
 * The PDF's thread list: per thread its symbol, colour, DMC code and name, full and part stitches, its
 * backstitch (a sample of the line as the chart draws it, and its length) and French knots (the mark and
 * how many), and skeins to buy for all of them; a thread used only for backstitch says so. A blend shows
 * both its threads' colours, its codes with their strands ('310 + 413 (1 + 1 strands)') and no skeins of
 * its own: its use is in its threads' rows, and a thread stitched only in blends gets a row after the
 * legend's. Under the list, the footnote saying how skeins are estimated.
 */
import {
  codeLabel,
  formatHex,
  threadLabel,
  CHART_PAGE_FRAME,
  backstitchOnly,
  defaultStrands,
  isBlendEntry,
  legendUse,
  skeinFootnote,
  legendSkeins,
  skeinsOfBrands,
  stitchesPerInch,
  type Fabric,
  type LegendEntry,
  type MarkUse,
  type Pattern,
  type ThreadSkeins,
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

/** A list's rows: each legend entry, then each thread stitched only in blends. */
type Row = { entry: LegendEntry & MarkUse } | { blendThread: ThreadSkeins };

/** A blend's row is taller: its codes with their strands on one line, the threads' names under them. */
const BLEND_ROW_HEIGHT = ROW_HEIGHT + 10;
const heightOf = (row: Row): number => ('entry' in row && isBlendEntry(row.entry) ? BLEND_ROW_HEIGHT : ROW_HEIGHT);

function rowsOf(pattern: Pattern, fabric: Fabric): { rows: Row[]; skeinsOfEntry: ReadonlyMap<number, number> } {
  const uses = legendUse(pattern);
  const { skeinsOfEntry, inBlendsOnly } = legendSkeins(uses, fabric);
  return { rows: [...uses.map((entry) => ({ entry })), ...inBlendsOnly.map((blendThread) => ({ blendThread }))], skeinsOfEntry };
}

/** The rows as pages: as many as fit below a page's title and column heads and above the footnote. */
function pagesOf(doc: PDFKit.PDFDocument, rows: readonly Row[]): Row[][] {
  const room = doc.page.height - 2 * MARGIN - 60 - FOOTNOTE_ROOM;
  const pages: Row[][] = [[]];
  let used = 0;
  for (const row of rows) {
    if (used + heightOf(row) > room && pages.at(-1)!.length > 0) {
      pages.push([]);
      used = 0;
    }
    pages.at(-1)!.push(row);
    used += heightOf(row);
  }
  return pages;
}

export function threadListPages(doc: PDFKit.PDFDocument, pattern: Pattern, fabric: Fabric): number {
  return pagesOf(doc, rowsOf(pattern, fabric).rows).length;
}

const decimal = (value: number): string => value.toLocaleString('en', { maximumFractionDigits: 1 });

/** `text` cut to fit `width` at the current font, with an ellipsis where it was cut. */
function fitted(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  const characters = Array.from(text);
  while (characters.length > 0 && doc.widthOfString(`${characters.join('')}…`) > width) characters.pop();
  return `${characters.join('').trimEnd()}…`;
}

/** A swatch of a legend entry's colour; a blend's split in halves, its threads' colours side by side. */
function swatch(doc: PDFKit.PDFDocument, colours: readonly string[], x: number, y: number, height: number): void {
  const width = 26;
  const part = width / colours.length;
  colours.forEach((colour, i) => doc.rect(x + i * part, y, part, height).fill(colour));
  doc.rect(x, y, width, height).stroke('#555555');
}

export function threadList(doc: PDFKit.PDFDocument, pattern: Pattern, look: LegendLook): void {
  const { fabric, variant, cell, styles } = look;
  // A thread's skeins are on its own row, its use in blends included.
  const { rows, skeinsOfEntry } = rowsOf(pattern, fabric);
  // A DMC chart's list is as it always was (a 'DMC' column of codes); any other names each thread: 'Anchor 403'.
  const allDmc = pattern.legend.every((entry) => entry.brand === 'dmc');
  const label = (thread: { brand: LegendEntry['brand']; code: string }): string => (allDmc ? codeLabel(thread.code) : threadLabel(thread));
  const width = doc.page.width - 2 * MARGIN;
  const at = (column: keyof typeof COLUMNS): number => MARGIN + COLUMNS[column];
  const text = (value: string, column: keyof typeof COLUMNS, y: number): void => {
    doc
      .font('Text')
      .fontSize(9)
      .fillColor('#000000')
      .text(value, at(column), y + 1, { lineBreak: false });
  };
  const named = (code: string, name: string, y: number): void => {
    text(code, 'thread', y);
    doc.text(name, at('name'), y + 1, { lineBreak: false, width: COLUMNS.stitches - COLUMNS.name - 4 });
  };
  let y = MARGIN;
  for (const page of pagesOf(doc, rows)) {
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
    for (const row of page) {
      if ('blendThread' in row) {
        const thread = row.blendThread;
        swatch(doc, [thread.hex], at('colour'), y, ROW_HEIGHT - 5);
        named(label(thread), thread.name, y);
        text('in blends only', 'stitches', y);
        text(String(thread.need.skeinsToBuy), 'skeins', y);
        y += ROW_HEIGHT;
        continue;
      }
      const { entry } = row;
      const blend = isBlendEntry(entry);
      doc
        .font('Bold')
        .fontSize(11)
        .fillColor('#000000')
        .text(entry.symbol, at('symbol') + 8, y - 1, { lineBreak: false });
      if (blend) {
        swatch(
          doc,
          entry.threads.map((thread) => formatHex(thread.rgb)),
          at('colour'),
          y,
          BLEND_ROW_HEIGHT - 5,
        );
        text(`${label(entry)} (${entry.threads.map((thread) => thread.strands).join(' + ')} strands)`, 'thread', y);
        doc.fontSize(8).text(fitted(doc, entry.name, COLUMNS.stitches - COLUMNS.thread - 4), at('thread'), y + 12, { lineBreak: false });
      } else {
        swatch(doc, [entry.hex], at('colour'), y, ROW_HEIGHT - 5);
        named(label(entry), entry.name, y);
      }
      text(backstitchOnly(entry) ? 'backstitch only' : entry.stitch_count.toLocaleString('en'), 'stitches', y);
      if (entry.partStitches) text(entry.partStitches.toLocaleString('en'), 'part', y);
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
      const own = skeinsOfEntry.get(entry.index);
      if (own !== undefined) text(String(own), 'skeins', y);
      y += heightOf(row);
    }
  }
  const lengths = rows.some((row) => 'entry' in row && row.entry.backstitchLength > 0)
    ? ' Backstitch lengths in stitch widths (st) and in centimetres on this fabric.'
    : '';
  doc
    .font('Text')
    .fontSize(7.5)
    .fillColor('#444444')
    .text(skeinFootnote(fabric, pattern.legend) + lengths, MARGIN, y + 6, { width });
  doc.fillColor('#000000');
}
