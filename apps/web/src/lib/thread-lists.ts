import {
  aBrandName,
  BRANDS,
  brandNamed,
  compareBrandThreads,
  csvText,
  findBrandThread,
  MAX_OWNED_SKEINS as MAX_SKEINS,
  parseCsv,
  readWrittenThread,
  threadKey,
  threadLabel,
  type ThreadBrand,
} from '@stitchwise/core';

export { MAX_SKEINS };

/** A thread on the list of threads owned, as the page keeps and sends it (the server adds the name). */
export interface StashThread {
  brand: ThreadBrand;
  code: string;
  skeins: number;
}

/** A thread of a brand's catalogue, named by brand and code. */
export interface BrandCode {
  brand: ThreadBrand;
  code: string;
}

/** "a DMC", "an Anchor", "a Madeira". */

/** "Anchor 403 Black": how the page names a thread in what it says. */
export const threadName = (thread: BrandCode): string => `${threadLabel(thread)} ${findBrandThread(thread.brand, thread.code)?.name ?? ''}`.trim();

/** Whole skeins 0–999 from what a person typed or a file held; undefined for anything else. */
export function skeinsFrom(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** What a pasted list of codes holds: the catalogue's threads, once each, and what is not a code of its brand. */
export interface CodeList {
  threads: BrandCode[];
  /** As written back into the box: the code alone in the list's brand, `Anchor 99999` in another. */
  unknown: string[];
  /** The brand each unknown code was read in. */
  unknownBrands: ThreadBrand[];
}

/**
 * Codes as stitchers write them down — `310, 321, 3865`, one a line, or separated by spaces or semicolons;
 * `#310` too — as codes of `brand`. A brand's name applies to the codes after it, until the next one:
 * `Anchor 403, 9046, DMC 310` is two Anchor threads and a DMC thread; `anchor:403` names one thread's brand.
 * Each as its catalogue spells it (DMC `1` → `01`, Anchor `0403` → `403`), once.
 */
export function readCodeList(text: string, brand: ThreadBrand = 'dmc'): CodeList {
  const threads = new Map<string, BrandCode>();
  const unknown = new Map<string, ThreadBrand>();
  let current = brand;
  for (const token of text.split(/[\s,;]+/)) {
    if (token === '') continue;
    const named = brandNamed(token);
    if (named) {
      current = named;
      continue;
    }
    const written = readWrittenThread(token, current);
    if (written.thread) threads.set(threadKey(written.thread), { brand: written.thread.brand, code: written.thread.code });
    else unknown.set(written.brand === brand ? written.code : threadLabel(written), written.brand);
  }
  return { threads: [...threads.values()], unknown: [...unknown.keys()], unknownBrands: [...unknown.values()] };
}

/** A CSV file read as threads with skeins, and the lines that could not be (numbered as a spreadsheet shows them). */
export interface CsvImport {
  threads: StashThread[];
  skipped: string[];
}

const SKEINS_HEADER = /^(skeins|owned|quantity|qty|count|amount)$/i;
const BRAND_HEADER = /^(brand|make|maker|manufacturer)$/i;
const CODE_HEADER = /^(code|number|no\.?|#|thread|floss)$/i;

/**
 * Threads from a CSV file: this page's own export (`Brand,Code,Name,Skeins`), the earlier one of DMC threads
 * (`DMC,Name,Skeins`), `DMC,Skeins` or `Anchor,Skeins` (with any header, or none), or a first column of codes
 * alone (1 skein each). A header row is recognised by a first cell that is not a DMC code. The brand is a
 * column headed brand, else the code column's header when it is a brand's name (`Anchor`), else DMC (what
 * every earlier file holds); a code cell may name its brand itself (`Anchor 403`). The code column is the
 * one headed code (or number …), else the first that is not the brand's; the skeins column the one headed
 * skeins (or owned, quantity …), else the one after the code.
 */
export function readThreadsCsv(text: string): CsvImport {
  const rows = parseCsv(text);
  const headed = rows.length > 0 && !readWrittenThread(rows[0]![0] ?? '').thread;
  const header = headed ? rows[0]!.map((cell) => cell.trim()) : [];
  const brandColumn = header.findIndex((cell) => BRAND_HEADER.test(cell));
  const headedCode = header.findIndex((cell) => CODE_HEADER.test(cell));
  const codeColumn = headedCode >= 0 ? headedCode : brandColumn === 0 ? 1 : 0;
  const columnBrand = brandNamed(header[codeColumn] ?? '') ?? 'dmc';
  const named = [header.findIndex((cell) => SKEINS_HEADER.test(cell)), header.findIndex((cell) => /skein/i.test(cell))];
  const skeinsColumn = named.find((column) => column >= 0) ?? (brandColumn === codeColumn + 1 ? codeColumn + 2 : codeColumn + 1);
  const byThread = new Map<string, StashThread>();
  const skipped: string[] = [];
  rows.slice(headed ? 1 : 0).forEach((row, index) => {
    const line = index + (headed ? 2 : 1);
    const brandCell = brandColumn >= 0 ? (row[brandColumn] ?? '').trim() : '';
    const brand = brandCell === '' ? columnBrand : brandNamed(brandCell);
    const codeCell = (row[codeColumn] ?? '').trim();
    const cell = (row[skeinsColumn] ?? '').trim();
    const skeins = cell === '' ? 1 : skeinsFrom(cell);
    const written = brand && readWrittenThread(codeCell, brand);
    if (!brand)
      skipped.push(
        `line ${line}: "${brandCell}" is not a thread brand (${Object.values(BRANDS)
          .map((known) => known.name)
          .join(', ')})`,
      );
    else if (!written?.thread) skipped.push(`line ${line}: "${codeCell}" is not ${aBrandName(written?.brand ?? brand)} code`);
    else if (skeins === undefined) skipped.push(`line ${line}: "${cell}" is not a number of skeins from 0 to ${MAX_SKEINS}`);
    else {
      const { brand: threadBrand, code } = written.thread;
      byThread.set(`${threadBrand}:${code}`, { brand: threadBrand, code, skeins });
    }
  });
  return { threads: sortedThreads([...byThread.values()]), skipped };
}

/** The list as a CSV file: `Brand,Code,Name,Skeins`, the brand by its name, which `readThreadsCsv` reads back. */
export function threadsCsv(threads: readonly StashThread[]): string {
  return csvText([
    ['Brand', 'Code', 'Name', 'Skeins'],
    ...threads.map(({ brand, code, skeins }) => [BRANDS[brand].name, code, findBrandThread(brand, code)?.name ?? '', skeins]),
  ]);
}

/** By brand (DMC, Anchor, Madeira), each in number order, as the server answers. */
export function sortedThreads<T extends BrandCode>(threads: T[]): T[] {
  return threads.sort(compareBrandThreads);
}
