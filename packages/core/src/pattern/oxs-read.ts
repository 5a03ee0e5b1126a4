import { printableText } from '../text.js';
import { confettiShare } from './confetti.js';
import type { Pattern } from './model.js';
import { ChartImportError } from './oxs-read-error.js';
import { importedLegend, type ThreadMapping } from './oxs-read-legend.js';
import { blendPartOf, looksLikeCloth, threadFor, paletteEntryOf, type BlendPart, type PaletteEntry } from './oxs-read-palette.js';
import { fitOxsMarks, OxsMarkList, type NotImported, type OxsAttributes, type OxsMarkSection } from './oxs-marks.js';
import { OxsXmlScanner, oxsNumber, type OxsElementSink } from './oxs-read-xml.js';
import { MAX_PARTS_PER_CELL } from './stitches.js';
import { PATTERN_LIMITS, type PatternLimits } from './validate.js';
import { threadKey } from '../threads/brand-names.js';
import type { ThreadBrand } from '../threads/brand-names.js';

export { ChartImportError, type ChartImportProblem } from './oxs-read-error.js';
export type { NotImported } from './oxs-marks.js';
export type { ThreadMapping } from './oxs-read-legend.js';

/** An OXS chart read into a pattern, with what the stitcher should know about the reading. */
export interface OxsImport {
  pattern: Pattern;
  /** The chart's title, one printable line of at most 100 characters; null when it has none. */
  title: string | null;
  /** One per colour of the file that has stitches of any kind, in palette order; colours that became one thread each keep theirs. */
  thread_mappings: ThreadMapping[];
  not_imported: NotImported;
}

/** More palette entries than any chart uses: a file listing this many is refused before it costs more. */
export const MAX_OXS_PALETTE_ITEMS = 1000;
/** Threads of one blend kept: a blend of more than two is not one Stitchwise stitches, however many it has. */
const MAX_BLEND_PARTS = 3;
const MAX_TITLE_LENGTH = 100;

/**
 * Reads an OXS chart from any program, as its text streams in (`write` each piece, then `close`):
 * full stitches become the pattern's cells and part stitches, backstitches and knots its marks; every
 * colour stays the DMC, Anchor or Madeira thread it names, else becomes the nearest thread of `brand` by
 * ΔE00 (colours that land on one thread share one legend entry). A cell given more than one full stitch keeps the last in the file; the earlier ones
 * of another colour, marks that do not fit the chart (outside it, on a full stitch, over another part
 * stitch, of a colour the palette lacks, past the chart's `markLimits`) and other ornaments are counted
 * as not imported rather than refused. Symbols the file draws with are kept where they are chart symbols and
 * unique; the rest get chart symbols of their own. Sizes, full stitches' coordinates and palette
 * references, and the thread count are checked against `limits`: a ChartImportError otherwise.
 */
export class OxsChartReader {
  private readonly chart: ChartBuilder;
  private readonly scanner: OxsXmlScanner;

  constructor(limits: PatternLimits = PATTERN_LIMITS, brand: ThreadBrand = 'dmc') {
    this.chart = new ChartBuilder(limits, brand);
    this.scanner = new OxsXmlScanner(this.chart);
  }

  write(text: string): void {
    this.scanner.write(text);
  }

  close(): OxsImport {
    this.scanner.close();
    return this.chart.build();
  }
}

/** An OXS chart held whole as text. */
export function readOxsChart(xml: string, limits: PatternLimits = PATTERN_LIMITS, brand: ThreadBrand = 'dmc'): OxsImport {
  const reader = new OxsChartReader(limits, brand);
  reader.write(xml);
  return reader.close();
}

interface Size {
  width: number;
  height: number;
}

/** Collects what the scan finds, checking each stitch as soon as what it refers to is known. */
class ChartBuilder implements OxsElementSink {
  private width: number | undefined;
  private height: number | undefined;
  private title: string | null = null;
  private propertiesSeen = false;
  private readonly palette = new Map<number, PaletteEntry>();
  /** The `<blend>` threads of palette items that list them, by palette index: they name the blend over `number`. */
  private readonly blendParts = new Map<number, BlendPart[]>();
  private lastItem: number | undefined;
  private nextPosition = 0;
  private paletteComplete = false;
  /** x, y, palette index of each full stitch, in file order (a later one at the same place wins; the others are counted). */
  private stitches = new Int32Array(3 * 1024);
  private stitchCount = 0;
  private readonly maxStitches: number;
  private readonly marks: OxsMarkList;

  constructor(
    private readonly limits: PatternLimits,
    private readonly brand: ThreadBrand,
  ) {
    // Room for every cell four times over: more can only be a file made to exhaust memory.
    this.maxStitches = 4 * limits.maxSide * limits.maxSide;
    this.marks = new OxsMarkList(limits.maxSide * limits.maxSide * MAX_PARTS_PER_CELL);
  }

  properties(attributes: Readonly<Record<string, string>>): void {
    if (this.propertiesSeen) return;
    this.propertiesSeen = true;
    // A chart without a size is as large as its stitches reach (the format's own default, 100, would cut larger ones).
    this.width = this.side(attributes['chartwidth'], 'width');
    this.height = this.side(attributes['chartheight'], 'height');
    if (this.width !== undefined && this.height !== undefined) this.checkSize({ width: this.width, height: this.height });
    this.title = cleanTitle(attributes['charttitle'] ?? attributes['chattitle'] ?? attributes['title']);
  }

  paletteItem(attributes: Readonly<Record<string, string>>): void {
    if (this.palette.size >= MAX_OXS_PALETTE_ITEMS) {
      throw new ChartImportError(
        'palette',
        `The palette lists more than ${MAX_OXS_PALETTE_ITEMS} colours; a chart has at most ${this.limits.maxThreads} threads.`,
      );
    }
    // Items without an index count from the cloth, item 0 — or from 1 when the palette has no cloth item.
    if (this.palette.size === 0 && attributes['index'] === undefined && !looksLikeCloth(attributes)) this.nextPosition = 1;
    const entry = paletteEntryOf(attributes, this.nextPosition);
    if (this.palette.has(entry.index)) throw new ChartImportError('palette', `The palette lists index ${entry.index} twice.`);
    this.palette.set(entry.index, entry);
    this.lastItem = entry.index;
    this.nextPosition = entry.index + 1;
  }

  paletteBlend(attributes: Readonly<Record<string, string>>): void {
    if (this.lastItem === undefined) return;
    const parts = this.blendParts.get(this.lastItem) ?? [];
    if (parts.length < MAX_BLEND_PARTS) parts.push(blendPartOf(attributes));
    this.blendParts.set(this.lastItem, parts);
  }

  paletteEnd(): void {
    this.paletteComplete = true;
  }

  fullStitch(x: number, y: number, paletteIndex: number): void {
    this.checkStitch(x, y, paletteIndex);
    if (this.stitchCount >= this.maxStitches) {
      throw new ChartImportError('stitch', `The file lists more than ${this.maxStitches.toLocaleString('en')} stitches, more than any chart it may hold.`);
    }
    if (3 * this.stitchCount === this.stitches.length) {
      const grown = new Int32Array(this.stitches.length * 2);
      grown.set(this.stitches);
      this.stitches = grown;
    }
    const at = 3 * this.stitchCount++;
    this.stitches[at] = x;
    this.stitches[at + 1] = y;
    this.stitches[at + 2] = paletteIndex;
  }

  mark(section: OxsMarkSection, attribute: OxsAttributes): void {
    this.marks.read(section, attribute);
  }

  build(): OxsImport {
    const size = this.finalSize();
    this.paletteComplete = true;
    for (const [index, blend] of this.blendParts) this.palette.set(index, { ...this.palette.get(index)!, blend });
    const byPaletteIndex = new Int32Array(size.width * size.height).fill(-1);
    const threadOf = (paletteIndex: number) => (paletteIndex === 0 || this.palette.get(paletteIndex)!.cloth ? -1 : paletteIndex);
    for (let i = 0; i < this.stitchCount; i++) {
      const [x, y, paletteIndex] = [this.stitches[3 * i]!, this.stitches[3 * i + 1]!, this.stitches[3 * i + 2]!];
      this.checkStitch(x, y, paletteIndex, size);
      byPaletteIndex[y * size.width + x] = threadOf(paletteIndex);
    }
    // A cell given several full stitches keeps the last one in the file; the earlier ones of another thread are
    // lost, so counted. Threads are compared as they are imported: two palette entries matched to one
    // thread lose nothing when one replaces the other.
    const codes = new Map<number, string>();
    const importedAs = (paletteIndex: number): string | undefined => {
      if (paletteIndex < 0) return undefined;
      let code = codes.get(paletteIndex);
      if (code === undefined) codes.set(paletteIndex, (code = threadKey(threadFor(this.palette.get(paletteIndex)!, this.brand).thread)));
      return code;
    };
    let replaced = 0;
    for (let i = 0; i < this.stitchCount; i++) {
      const [x, y, paletteIndex] = [this.stitches[3 * i]!, this.stitches[3 * i + 1]!, this.stitches[3 * i + 2]!];
      const thread = threadOf(paletteIndex);
      if (thread >= 0 && importedAs(byPaletteIndex[y * size.width + x]!) !== importedAs(thread)) replaced++;
    }
    this.stitches = new Int32Array(0);
    const fitted = fitOxsMarks(this.marks, { ...size, cells: byPaletteIndex }, (paletteIndex) => this.palette.get(paletteIndex)?.cloth === false);
    const { legend, cells, marks, mappings } = importedLegend(byPaletteIndex, fitted.marks, this.palette, this.limits.maxThreads, this.brand);
    const confetti = confettiShare(cells, size.width, size.height);
    // An imported chart has no picture behind it: no clean-up to compare with, no colour error to measure.
    const stats = { confetti_before: confetti, confetti_after: confetti, mean_delta_e: 0 };
    return {
      pattern: { ...size, legend, cells, marks, stats },
      title: this.title,
      thread_mappings: mappings,
      not_imported: { ...fitted.notImported, full_stitches: replaced },
    };
  }

  private side(text: string | undefined, name: 'width' | 'height'): number | undefined {
    if (text === undefined) return undefined;
    const value = oxsNumber(text);
    if (value === undefined || !Number.isInteger(value) || value < 1) {
      throw new ChartImportError(
        'size',
        `The chart's ${name} is "${text.slice(0, 20)}"; it must be a whole number of stitches from 1 to ${this.limits.maxSide}.`,
      );
    }
    return value;
  }

  private checkSize({ width, height }: Size): void {
    const { maxSide } = this.limits;
    if (width > maxSide || height > maxSide) {
      throw new ChartImportError('size', `The chart is ${width} × ${height} stitches; at most ${maxSide} × ${maxSide} can be imported.`);
    }
  }

  /** The size the file gives, else the one its stitches reach; refused when that is nothing or too large. */
  private finalSize(): Size {
    let width = this.width ?? 0;
    let height = this.height ?? 0;
    for (let i = 0; i < this.stitchCount; i++) {
      if (this.width === undefined) width = Math.max(width, this.stitches[3 * i]! + 1);
      if (this.height === undefined) height = Math.max(height, this.stitches[3 * i + 1]! + 1);
    }
    if (width === 0 || height === 0) throw new ChartImportError('size', 'The chart has no size: the file gives none and has no stitches.');
    this.checkSize({ width, height });
    return { width, height };
  }

  /** A stitch within the chart (as far as its size is known yet) that names a palette entry (once the palette is complete). */
  private checkStitch(x: number, y: number, paletteIndex: number, size: Partial<Size> = { width: this.width, height: this.height }): void {
    const { width = this.limits.maxSide, height = this.limits.maxSide } = size;
    if (x < 0 || y < 0 || x >= width || y >= height) {
      const chart =
        size.width !== undefined && size.height !== undefined
          ? `the chart, which is ${width} × ${height} stitches`
          : `the largest chart, ${width} × ${height} stitches`;
      throw new ChartImportError('stitch', `A stitch at x=${x}, y=${y} is outside ${chart} (x from 0 to ${width - 1}, y from 0 to ${height - 1}).`);
    }
    if (paletteIndex !== 0 && this.paletteComplete && !this.palette.has(paletteIndex)) {
      throw new ChartImportError('palette', `A stitch at x=${x}, y=${y} uses palette index ${paletteIndex}, which the palette does not have.`);
    }
  }
}

/** A title as one printable line of at most 100 characters; null for none or a blank one. */
function cleanTitle(text: string | undefined): string | null {
  const line = printableText(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return line === '' ? null : Array.from(line).slice(0, MAX_TITLE_LENGTH).join('').trim();
}
