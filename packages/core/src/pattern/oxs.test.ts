import { findBrandThread, threadsOf } from '../threads/brands.js';
import { threadLabel } from '../threads/brand-names.js';
// @vitest-environment jsdom
// jsdom's DOMParser is a strict XML 1.0 parser (saxes): the charts written here must pass it.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.js';
import { generatePattern } from './generate.js';
import { legendEntryOf, namedThread, PatternFormatError, type Pattern } from './model.js';
import { readOxsChart } from './oxs-read.js';
import { symbolFor } from './symbols.js';
import { parseOxs, toOxs } from './oxs.js';

/** The parts of a DOM XML document the tests read; the root tsconfig has no DOM types. */
interface XmlElement {
  getAttribute(name: string): string | null;
}
interface XmlDocument {
  documentElement: { nodeName: string; textContent: string | null };
  getElementsByTagName(name: string): ArrayLike<XmlElement>;
}

/** Parses with the environment's DOMParser; throws with the parser's message when the XML is not well-formed. */
function parseXml(xml: string): XmlDocument {
  const { DOMParser } = globalThis as unknown as { DOMParser: new () => { parseFromString(text: string, type: string): XmlDocument } };
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  if (document.documentElement.nodeName === 'parsererror' || document.getElementsByTagName('parsererror').length > 0) {
    throw new Error(`not well-formed XML: ${document.documentElement.textContent ?? ''}`);
  }
  return document;
}

/** XML 1.0's Char production, less the discouraged C1 controls and non-characters. */
const XML_TEXT = /^[\t\n\r\u0020-\u007E\u00A0-\uD7FF\uE000-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
const DISCOURAGED_PLANE_ENDS = /[\u{1FFFE}\u{1FFFF}\u{2FFFE}\u{2FFFF}\u{10FFFE}\u{10FFFF}]/u;

/**
 * Characters a stored name may hold from before text fields were checked, and XML 1.0 cannot carry
 * (or discourages). The low surrogate comes before the high one, so the two stay unpaired when joined.
 */
const BAD_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u001b',
  '\u000b',
  '\u000c',
  '\u007f',
  '\u0085',
  '\u009f',
  '\udfff',
  '\ud800',
  '\ufdd0',
  '\ufffe',
  '\uffff',
  '\u{1fffe}',
  '\u{10ffff}',
];

function noisyPattern() {
  const random = seededRandom(8);
  const width = 60;
  const height = 40;
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    data.set([(x * 4 + random() * 60) | 0, (i / width) * 5 + random() * 40, 120, x > 50 ? 0 : 255], i * 4); // a transparent strip: empty cells
  }
  return generatePattern({ width, height, data }, { maxSide: 60, colors: 12, useKmeans: true, mergeThreads: false });
}

describe('OXS', () => {
  it('writes a chart that reads back as the same pattern', () => {
    const pattern = noisyPattern();
    expect(pattern.cells.includes(-1)).toBe(true);
    const xml = toOxs(pattern, { title: 'Roses <& thorns>' });
    const back = parseOxs(xml);
    expect(back.width).toBe(pattern.width);
    expect(back.height).toBe(pattern.height);
    expect(back.legend).toEqual(pattern.legend);
    expect(Array.from(back.cells)).toEqual(Array.from(pattern.cells));
  });

  it('has the parts other programs expect', () => {
    const pattern = noisyPattern();
    const xml = toOxs(pattern, { title: 'Roses <& thorns>', stitchesPerInch: 16 });
    expect(xml).toContain('charttitle="Roses &lt;&amp; thorns&gt;"');
    expect(xml).toMatch(
      /<properties oxsversion="1.0" software="Stitchwise"[^>]* chartheight="40" chartwidth="60"[^>]* stitchesperinch="16"[^>]* palettecount="12"\/>/,
    );
    expect(xml).toContain('<palette_item index="0" number="cloth"');
    const first = pattern.legend[0]!;
    expect(xml).toContain(`<palette_item index="1" number="DMC ${first.dmc_code}" name="${first.dmc_name}" color="${first.hex.slice(1).toUpperCase()}"`);
    const stitched = Array.from(pattern.cells).filter((cell) => cell >= 0).length;
    expect(xml.match(/<stitch x=/g)).toHaveLength(stitched);
    expect(xml).toContain('<backstitches>\n</backstitches>');
  });

  it('reads charts from other programs, keeping Anchor threads as Anchor threads', () => {
    const xml = `<?xml version="1.0"?><chart><properties oxsversion="1.0" chartwidth="3" chartheight="2" charttitle="x"/>
      <palette><palette_item index="0" number="cloth" name="cloth" color="FFFFFF"/>
      <palette_item index="1" number="DMC 310" name="Black" color="000000" symbol="X"/>
      <palette_item index="2" number="Anchor 403" name="Black &amp; Co" color="1E1E1E"/></palette>
      <fullstitches><stitch x="0" y="0" palindex="1"/><stitch x="1" y="0" palindex="2"/><stitch x="2" y="1" palindex="1"/><stitch x="1" y="1" palindex="0"/></fullstitches></chart>`;
    const pattern = parseOxs(xml);
    expect(Array.from(pattern.cells)).toEqual([0, 1, -1, -1, -1, 0]);
    const anchor = findBrandThread('anchor', '403')!;
    expect(pattern.legend.map((e) => [e.brand, e.code, e.name, e.hex, e.symbol, e.stitch_count])).toEqual([
      ['dmc', '310', 'Black', '#000000', 'X', 2],
      ['anchor', '403', anchor.name, anchor.hex, expect.any(String), 1],
    ]);
  });

  it('refuses files that are not charts or do not add up', () => {
    expect(() => parseOxs('<html></html>')).toThrow(PatternFormatError);
    expect(() => parseOxs('<chart><properties chartwidth="0" chartheight="2"/></chart>')).toThrow(/bad chart size/);
    expect(() => parseOxs('<chart><properties chartwidth="2" chartheight="2"/><stitch x="5" y="0" palindex="1"/></chart>')).toThrow(/outside the chart/);
    expect(() => parseOxs('<chart><properties chartwidth="2" chartheight="2"/><stitch x="1" y="0" palindex="4"/></chart>')).toThrow(/does not exist/);
  });

  it('writes well-formed XML 1.0 whatever the title and thread names hold', () => {
    const pattern = noisyPattern();
    const bad = BAD_CHARACTERS.join('');
    const first = pattern.legend[0]!;
    const tainted = { ...pattern, legend: [{ ...first, name: `Black${bad}`, code: `3${bad}10`, symbol: bad }, ...pattern.legend.slice(1)] };
    const title = `Roses${bad} & <thorns>\tin\r\nrows`;
    const xml = toOxs(tainted, { title, software: `Stitchwise${bad}` });

    for (const character of BAD_CHARACTERS) expect(xml.includes(character), `U+${character.codePointAt(0)!.toString(16)} left in`).toBe(false);
    expect(XML_TEXT.test(xml)).toBe(true);
    expect(DISCOURAGED_PLANE_ENDS.test(xml)).toBe(false);

    const document = parseXml(xml);
    // VT, FF and NEL are white space: spaces, like TAB, CR and LF; the rest are U+FFFD.
    const replaced = '\uFFFD\uFFFD\uFFFD  \uFFFD \uFFFD' + '\uFFFD'.repeat(7);
    expect(document.getElementsByTagName('properties')[0]!.getAttribute('charttitle')).toBe(`Roses${replaced} & <thorns> in  rows`);
    expect(document.getElementsByTagName('properties')[0]!.getAttribute('software')).toBe(`Stitchwise${replaced}`);
    const item = document.getElementsByTagName('palette_item')[1]!;
    expect(item.getAttribute('name')).toBe(`Black${replaced}`);
    expect(item.getAttribute('number')).toBe(`DMC 3${replaced}10`);
    expect(item.getAttribute('symbol')).toBe(replaced);
    // The chart itself is untouched, and still reads back.
    const back = parseOxs(xml);
    expect(Array.from(back.cells)).toEqual(Array.from(pattern.cells));
  });

  it('keeps ordinary text exactly: accents, CJK, emoji, quotes', () => {
    const title = 'Café crème — 刺繍の花 🌸🧵 "quoted" it\'s <b>&amp;';
    const xml = toOxs(noisyPattern(), { title });
    expect(XML_TEXT.test(xml)).toBe(true);
    expect(parseXml(xml).getElementsByTagName('properties')[0]!.getAttribute('charttitle')).toBe(title);
  });

  it('reads character references past U+10FFFF as U+FFFD instead of failing', () => {
    const xml = `<chart><properties chartwidth="1" chartheight="1"/><palette_item index="1" number="Anchor 1" symbol="A&#x110000;&#99999999999;B" color="102030"/><stitch x="0" y="0" palindex="1"/></chart>`;
    expect(parseOxs(xml).legend[0]!.symbol).toBe('A\uFFFD\uFFFDB');
  });
});

describe('OXS in every brand', () => {
  it.each(['dmc', 'anchor', 'madeira'] as const)('writes %s threads with their brand in `number`, and reads the chart back identical', (brand) => {
    const threads = threadsOf(brand).slice(40, 46);
    const legend = threads.map((thread, index) => legendEntryOf(namedThread(thread), index, symbolFor(index), 2));
    const cells = Int16Array.from({ length: 12 }, (_, cell) => cell % threads.length);
    const chart: Pattern = {
      width: 4,
      height: 3,
      legend,
      cells,
      marks: { parts: [], backstitches: [], knots: [] },
      stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 0 },
    };
    const xml = toOxs(chart, { title: 'Brands' });
    for (const thread of threads) expect(xml).toContain(`number="${threadLabel(thread)}"`);
    const read = readOxsChart(xml);
    expect(read.pattern.legend).toEqual(legend);
    expect(Array.from(read.pattern.cells)).toEqual(Array.from(cells));
    expect(read.thread_mappings.every((mapping) => mapping.matched_by === 'code' && mapping.brand === brand)).toBe(true);
  });
});
