import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { OxsAttributes, OxsMarkSection } from './oxs-marks.js';
import { ChartImportError } from './oxs-read-error.js';

/** What the XML scan hands on, element by element; a handler may throw a ChartImportError to stop the scan. */
export interface OxsElementSink {
  properties(attributes: Readonly<Record<string, string>>): void;
  paletteItem(attributes: Readonly<Record<string, string>>): void;
  /** A `<blend>` inside the last palette item: one thread of a blend, as Embroiderly writes them. */
  paletteBlend(attributes: Readonly<Record<string, string>>): void;
  /** The end of a `<palette>`: every entry stitches may name is known from here on. */
  paletteEnd(): void;
  fullStitch(x: number, y: number, paletteIndex: number): void;
  /** A part stitch, backstitch or ornament (knots, quarters, beads), by its section. */
  mark(section: OxsMarkSection, attribute: OxsAttributes): void;
}

/**
 * The section an element sits in decides what a `stitch` or an `object` in it is: `chart` for the root's
 * own children, `other` inside anything the format does not define (a program's own settings), where
 * nothing is read.
 */
type Section = 'chart' | 'palette' | 'item' | 'full' | 'part' | 'back' | 'ornaments' | 'other';

const SECTIONS: Readonly<Record<string, Section>> = {
  palette: 'palette',
  fullstitches: 'full',
  partstitches: 'part',
  backstitches: 'back',
  ornaments_inc_knots_and_beads: 'ornaments',
};

/** The sections whose elements, whatever their name, are marks of one kind. */
const MARK_SECTIONS: Partial<Readonly<Record<Section, OxsMarkSection>>> = { part: 'part', back: 'back', ornaments: 'ornament' };

/** Root elements of an OXS chart: `chart` as the format defines it; `oxs` as some programs write it. */
const ROOTS: ReadonlySet<string> = new Set(['chart', 'oxs']);
/** Open elements at most: OXS needs three. */
const MAX_DEPTH = 16;
/** Attributes of one element at most: an OXS stitch or palette item has about ten. */
const MAX_ATTRIBUTES = 64;

/**
 * A number as OXS writers write it: `12`, `12.0`, or with a decimal comma (`12,5`), which some
 * programs write in countries that use one. Undefined for anything else.
 */
export function oxsNumber(text: string | undefined): number | undefined {
  if (text === undefined || !/^\s*[+-]?\d{1,9}(?:[.,]\d+)?\s*$/.test(text)) return undefined;
  return Number(text.trim().replace(',', '.'));
}

/** An attribute by its name in any case (`chartTitle`, `charttitle`): the format says lower case, and programs do not all listen. */
export function lowerCaseAttributes(attributes: Readonly<Record<string, string>>): Record<string, string> {
  const lowered: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    const key = name.toLowerCase();
    if (!Object.hasOwn(lowered, key)) lowered[key] = value;
  }
  return lowered;
}

/**
 * Reads OXS XML as it streams, with saxes (a strict, non-validating XML 1.0 parser), and hands each
 * element the product uses to a sink; everything else (format notes, comment boxes, print settings,
 * programs' own sections) passes by. Nothing is kept but the sink's state, so a large file costs its
 * text and the stitches, never a document tree. A document type declaration is refused as soon as it
 * is read, before anything in it is used, and saxes itself expands no entity but the five XML defines.
 */
export class OxsXmlScanner {
  private readonly parser = new SaxesParser({ xmlns: false, position: true });
  /** The section of each open element, innermost last. */
  private readonly sections: Section[] = [];
  private started = false;
  private rootSeen = false;

  constructor(private readonly sink: OxsElementSink) {
    this.parser.on('doctype', () => {
      throw new ChartImportError(
        'doctype',
        'The file declares a document type (<!DOCTYPE …>), where entities can be defined; OXS charts have none, so it is refused.',
      );
    });
    // Counted as they are read: saxes keeps an element's attributes in a list and checks each new one against it.
    let attributes = 0;
    this.parser.on('opentagstart', () => {
      attributes = 0;
    });
    this.parser.on('attribute', () => {
      if (++attributes > MAX_ATTRIBUTES)
        throw new ChartImportError('not_oxs', `An element of the file has more than ${MAX_ATTRIBUTES} attributes, which no OXS chart has.`);
    });
    this.parser.on('opentag', (tag) => {
      this.open(tag);
    });
    this.parser.on('closetag', (tag) => {
      const section = this.sections.pop();
      if (section === 'palette' && this.sections.at(-1) === 'chart' && tag.name.toLowerCase() === 'palette') this.sink.paletteEnd();
    });
  }

  write(text: string): void {
    let chunk = text;
    if (!this.started) {
      // A byte-order mark or blank lines before the XML declaration are harmless; saxes would refuse them.
      chunk = chunk.replace(/^[\uFEFF\s]+/, '');
      if (chunk === '') return;
      this.started = true;
      if (!chunk.startsWith('<')) throw new ChartImportError('not_xml', 'The file is not XML: an OXS chart starts with "<".');
    }
    this.guard(() => this.parser.write(chunk));
  }

  close(): void {
    if (!this.started) throw new ChartImportError('not_xml', 'The file is empty.');
    this.guard(() => this.parser.close());
    if (!this.rootSeen) throw new ChartImportError('not_oxs', 'The file is not an OXS chart: it has no <chart> element.');
  }

  /** Runs the parser, turning its well-formedness errors into a sentence with the line and column. */
  private guard(step: () => unknown): void {
    try {
      step();
    } catch (error) {
      if (error instanceof ChartImportError) throw error;
      const text = error instanceof Error ? error.message : String(error);
      const match = /^(\d+):(\d+): (.*?)\.?$/.exec(text);
      const where = match ? ` (line ${match[1]}, column ${Number(match[2]) + 1})` : '';
      const why = match ? match[3]! : text;
      if (/entity/.test(why)) {
        throw new ChartImportError(
          'not_xml',
          `The file uses an entity or character reference that is not allowed${where}: only &amp; &lt; &gt; &quot; &apos; and character codes are.`,
        );
      }
      throw new ChartImportError('not_xml', `The file is not well-formed XML${where}: ${why}.`);
    }
  }

  private open(tag: SaxesTagPlain): void {
    const name = tag.name.toLowerCase();
    const parent = this.sections.at(-1);
    // OXS nests three deep (chart, section, item); thousands of open elements only hold memory.
    if (this.sections.length >= MAX_DEPTH)
      throw new ChartImportError('not_oxs', `The file nests its elements more than ${MAX_DEPTH} deep, which no OXS chart does.`);
    if (parent === undefined) {
      if (!ROOTS.has(name))
        throw new ChartImportError('not_oxs', `The file is XML but not an OXS chart: its root element is <${tag.name.slice(0, 40)}>, not <chart>.`);
      this.rootSeen = true;
      this.sections.push('chart');
      return;
    }
    const paletteItem = name === 'palette_item' && (parent === 'palette' || parent === 'chart');
    this.sections.push(paletteItem ? 'item' : parent === 'chart' ? (SECTIONS[name] ?? 'other') : parent);
    if (parent === 'other') return;
    switch (name) {
      case 'properties':
        if (parent === 'chart') this.sink.properties(lowerCaseAttributes(tag.attributes));
        return;
      case 'palette_item':
        if (paletteItem) this.sink.paletteItem(lowerCaseAttributes(tag.attributes));
        return;
      case 'blend':
        if (parent === 'item') this.sink.paletteBlend(lowerCaseAttributes(tag.attributes));
        return;
      case 'stitch':
        this.stitch(tag, parent);
        return;
      case 'partstitch':
        this.sink.mark('part', attributesOf(tag));
        return;
      case 'backstitch':
        this.sink.mark('back', attributesOf(tag));
        return;
      case 'object':
        if (parent === 'ornaments') this.sink.mark('ornament', attributesOf(tag));
        return;
    }
  }

  /** A `stitch` is a full stitch in `<fullstitches>` (or right under the root); other sections list other kinds under that name. */
  private stitch(tag: SaxesTagPlain, section: Section): void {
    const mark = MARK_SECTIONS[section];
    if (mark) this.sink.mark(mark, attributesOf(tag));
    else if (section === 'full' || section === 'chart') this.sink.fullStitch(this.whole(tag, 'x'), this.whole(tag, 'y'), this.whole(tag, 'palindex'));
  }

  /** A whole-number attribute of a stitch (`3`, `3.0`, `3,0`); a clear refusal for anything else. */
  private whole(tag: SaxesTagPlain, name: string): number {
    const text = attribute(tag, name);
    const value = oxsNumber(text);
    if (value === undefined || !Number.isInteger(value)) {
      const shown = text === undefined ? 'no' : `"${text.slice(0, 20)}" as its`;
      throw new ChartImportError('stitch', `A stitch on line ${this.parser.line} has ${shown} ${name}; it must be a whole number.`);
    }
    return value;
  }
}

/** Looked up by name as they are needed: marks can be most of a large file, and each needs a few attributes only. */
const attributesOf =
  (tag: SaxesTagPlain): OxsAttributes =>
  (name) =>
    attribute(tag, name);

/** An attribute by its lower-case name, however the file spelt it. */
function attribute(tag: SaxesTagPlain, name: string): string | undefined {
  const exact = tag.attributes[name];
  if (exact !== undefined) return exact;
  for (const [key, value] of Object.entries(tag.attributes)) if (key.toLowerCase() === name) return value;
  return undefined;
}
