import { formatHex } from '../color/hex.js';
import { printableText } from '../text.js';
import { threadLabel } from '../threads/brand-names.js';
import { confettiShare } from './confetti.js';
import { isBlendEntry, legendEntryOf, namedThread, PatternFormatError, type LegendEntry, type Pattern } from './model.js';
import { OXS_BLEND_MARK, oxsBrand, paletteEntryOf, threadFor } from './oxs-read-palette.js';
import { fitOxsMarks, marksByLegend, OxsMarkList, oxsMarkElements, type OxsMarkSection } from './oxs-marks.js';
import { MAX_PARTS_PER_CELL } from './stitches.js';
import { symbolFor } from './symbols.js';

// The reader for charts from other programs (and from here): streaming, strict, every colour a known thread.
export * from './oxs-read.js';

/**
 * The Open Cross Stitch format (.oxs), read and written by KG-Chart, WinStitch, FlossCross and
 * others: `<chart>` with `<properties>`, a `<palette>` whose item 0 is the cloth, one
 * `<stitch x y palindex>` per full stitch, then the part stitches, backstitches and knots (see oxs-marks.ts).
 * A blend is one palette item as WinStitch writes it (see blendItem).
 */
export interface OxsOptions {
  title: string;
  /** Fabric stitches per inch, for the chart's printed scale. */
  stitchesPerInch?: number;
  strands?: number;
  software?: string;
}

/**
 * Text as an XML 1.0 attribute value, whatever it holds: `printableText` keeps only characters of
 * XML 1.0's Char production (#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF])
 * minus the discouraged C1 controls and non-characters, on one line — white-space controls become
 * spaces, as a parser would turn TAB, LF and CR into anyway, the rest U+FFFD — and the markup
 * characters are escaped.
 */
function escape(text: string): string {
  return printableText(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export function toOxs(pattern: Pattern, { title, stitchesPerInch = 14, strands = 2, software = 'Stitchwise' }: OxsOptions): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<chart>',
    '<format comments01="Open Cross Stitch format (oxs), written by Stitchwise"/>',
    `<properties oxsversion="1.0" software="${escape(software)}" software_version="1" chartheight="${pattern.height}" chartwidth="${pattern.width}" charttitle="${escape(title)}" author="" copyright="" instructions="" stitchesperinch="${stitchesPerInch}" stitchesperinch_y="${stitchesPerInch}" palettecount="${pattern.legend.length}"/>`,
    '<palette>',
    '<palette_item index="0" number="cloth" name="cloth" color="FFFFFF" printcolor="FFFFFF" blendcolor="nil" comments="aida" strands="2" symbol="0" dashpattern="" bsstrands="2" bscolor="000000"/>',
    ...pattern.legend.map((entry) => {
      const colour = entry.hex.replace('#', '').toUpperCase();
      const item = isBlendEntry(entry)
        ? blendItem(entry)
        : { number: threadLabel(entry), name: entry.name, color: colour, blendcolor: 'nil', comments: '', strands };
      return `<palette_item index="${entry.index + 1}" number="${escape(item.number)}" name="${escape(item.name)}" color="${item.color}" printcolor="${colour}" blendcolor="${item.blendcolor}" comments="${escape(item.comments)}" strands="${item.strands}" symbol="${escape(entry.symbol)}" dashpattern="" bsstrands="1" bscolor="${colour}"/>`;
    }),
    '</palette>',
    '<fullstitches>',
  ];
  for (let y = 0; y < pattern.height; y++) {
    for (let x = 0; x < pattern.width; x++) {
      const index = pattern.cells[y * pattern.width + x]!;
      if (index >= 0) lines.push(`<stitch x="${x}" y="${y}" palindex="${index + 1}"/>`);
    }
  }
  const marks = oxsMarkElements(pattern.marks);
  lines.push(
    '</fullstitches>',
    '<partstitches>',
    ...marks.parts,
    '</partstitches>',
    '<backstitches>',
    ...marks.backstitches,
    '</backstitches>',
    '<ornaments_inc_knots_and_beads>',
    ...marks.ornaments,
    '</ornaments_inc_knots_and_beads>',
    '<commentboxes>',
    '</commentboxes>',
    '</chart>',
    '',
  );
  return lines.join('\n');
}

/**
 * A blend's palette item as WinStitch writes one, the form OXS readers know: the first thread's number marked
 * `[+]` and its colour, the second thread's colour in `blendcolor`, both threads named in `name` ('DMC 310 [+]
 * DMC 413'), and what the eye sees, the mix, as the colour to print. The threads' names go in `comments`, and
 * `strands` is each thread's.
 */
function blendItem(entry: LegendEntry): { number: string; name: string; color: string; blendcolor: string; comments: string; strands: number } {
  const [first, second] = entry.threads as [LegendEntry['threads'][number], LegendEntry['threads'][number]];
  const hexDigits = (rgb: { r: number; g: number; b: number }): string => formatHex(rgb).slice(1);
  return {
    number: `${threadLabel(first)} ${OXS_BLEND_MARK}`,
    name: `${threadLabel(first)} ${OXS_BLEND_MARK} ${threadLabel(second)}`,
    color: hexDigits(first.rgb),
    blendcolor: hexDigits(second.rgb),
    comments: entry.name,
    strands: first.strands,
  };
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** A character reference's character; U+FFFD for a number past U+10FFFF, which has none. */
const referenced = (codePoint: number): string => (codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : '\uFFFD');
const unescape = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return referenced(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return referenced(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });

/** Every element named `tag` with its attributes (the format keeps all its data in attributes). */
function elements(xml: string, tag: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  for (const match of xml.matchAll(new RegExp(`<${tag}\\b([^>]*?)/?>`, 'g'))) {
    const attributes: Record<string, string> = {};
    for (const [, name, value] of match[1]!.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)) attributes[name!.toLowerCase()] = unescape(value!);
    found.push(attributes);
  }
  return found;
}

/**
 * Reads an OXS chart back into a pattern: its full stitches, part stitches, backstitches, knots and
 * palette. DMC, Anchor and Madeira numbers are looked up in their catalogues; other threads become the
 * nearest DMC thread to the file's colour.
 * Beads and other ornaments are ignored; a mark that does not fit is an error. A quick reader for
 * checking our own exports; files from users and other programs go through `OxsChartReader` / `readOxsChart`.
 */
export function parseOxs(xml: string): Pattern {
  const fail = (why: string): never => {
    throw new PatternFormatError(`Not a readable OXS chart: ${why}`);
  };
  if (!/<chart\b/.test(xml)) fail('no <chart> element');
  const properties = elements(xml, 'properties')[0] ?? fail('no <properties>');
  const width = Number(properties.chartwidth);
  const height = Number(properties.chartheight);
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width * height > 1_000_000) fail('bad chart size');

  const palette = new Map<number, Omit<LegendEntry, 'index' | 'stitch_count' | 'symbol'> & { symbol?: string }>();
  for (const item of elements(xml, 'palette_item')) {
    const index = Number(item.index);
    if (!Number.isInteger(index) || index <= 0) continue; // index 0 is the cloth
    const entry = paletteEntryOf(item, index);
    if (!entry.rgb && !oxsBrand(entry.brand)) fail(`palette item ${index} has no colour`);
    const thread = threadFor(entry).thread;
    const { index: _index, symbol: _symbol, stitch_count: _count, ...named } = legendEntryOf(namedThread(thread), 0, '', 0);
    palette.set(index, { ...named, ...(item.symbol ? { symbol: item.symbol } : {}) });
  }

  const byPaletteIndex = new Int32Array(width * height).fill(-1);
  for (const stitch of elements(xml, 'stitch')) {
    const x = Number(stitch.x);
    const y = Number(stitch.y);
    const index = Number(stitch.palindex);
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= width || y >= height)
      fail(`stitch outside the chart at ${stitch.x}, ${stitch.y}`);
    if (index === 0) continue; // cloth: no stitch
    if (!palette.has(index)) fail(`stitch at ${x}, ${y} names palette item ${stitch.palindex} that does not exist`);
    byPaletteIndex[y * width + x] = index;
  }

  const read = new OxsMarkList(width * height * MAX_PARTS_PER_CELL);
  const sections: [string, OxsMarkSection][] = [
    ['partstitch', 'part'],
    ['backstitch', 'back'],
    ['object', 'ornament'],
  ];
  for (const [tag, section] of sections) for (const attributes of elements(xml, tag)) read.read(section, (name) => attributes[name]);
  const { marks, notImported } = fitOxsMarks(read, { width, height, cells: byPaletteIndex }, (index) => palette.has(index));
  if (notImported.part_stitches + notImported.backstitches + notImported.knots > 0) fail('a part stitch, backstitch or knot does not fit the chart');
  const markThreads = new Set([...marks.parts, ...marks.backstitches, ...marks.knots].map((mark) => mark.thread));

  // Legend: palette items that have stitches of any kind, in the file's order; symbols kept when present.
  const used = [...palette.keys()].sort((a, b) => a - b).filter((index) => markThreads.has(index) || byPaletteIndex.includes(index));
  const legendIndex = new Map(used.map((paletteIndex, position) => [paletteIndex, position]));
  const cells = new Int16Array(width * height).fill(-1);
  const counts = new Int32Array(used.length);
  byPaletteIndex.forEach((paletteIndex, cell) => {
    if (paletteIndex < 0) return;
    const position = legendIndex.get(paletteIndex)!;
    cells[cell] = position;
    counts[position]!++;
  });
  const legend: LegendEntry[] = used.map((paletteIndex, position) => {
    const { symbol, ...entry } = palette.get(paletteIndex)!;
    return { index: position, symbol: symbol ?? symbolFor(position), stitch_count: counts[position]!, ...entry };
  });
  const confetti = confettiShare(cells, width, height);
  // An imported chart has no source image, so there is no colour error to report.
  return {
    width,
    height,
    legend,
    cells,
    marks: marksByLegend(marks, legendIndex),
    stats: { confetti_before: confetti, confetti_after: confetti, mean_delta_e: 0 },
  };
}
