/**
 * Which chart pages to print, as a stitcher writes it in a print dialog: `all` (or nothing), or page
 * numbers and ranges such as `1-3, 6`. Pages are the chart pages as the cover's page map numbers them.
 */

/** Every chart page. */
export const ALL_PAGES = 'all';

/** The message for a range that cannot be read, naming the field as the API's problems do. */
export const PAGE_RANGE_FORMAT = 'pages must be all, or page numbers and ranges such as 1-3, 6';

export type PageRangeReading = { ok: true; ranges: Array<[first: number, last: number]> | 'all' } | { ok: false; message: string };

/** Reads a range without knowing the chart: its syntax, numbers from 1, ranges running upwards. */
export function readPageRange(text: string): PageRangeReading {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.toLowerCase() === ALL_PAGES) return { ok: true, ranges: 'all' };
  const ranges: Array<[number, number]> = [];
  for (const part of trimmed.split(',')) {
    // A hyphen or an en dash, as people type and copy ranges.
    const match = /^\s*(\d{1,6})\s*(?:[-–]\s*(\d{1,6})\s*)?$/.exec(part);
    if (!match) return { ok: false, message: PAGE_RANGE_FORMAT };
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    if (first < 1) return { ok: false, message: 'pages are numbered from 1' };
    if (last < first) return { ok: false, message: `pages must give each range from low to high (${first}-${last})` };
    ranges.push([first, last]);
  }
  return { ok: true, ranges };
}

export type PageSelection = { ok: true; pages: number[] } | { ok: false; message: string };

/** The chart pages a range chooses from `pageCount`, in order, each once; a range reaching past the last page is refused. */
export function choosePages(text: string, pageCount: number): PageSelection {
  const reading = readPageRange(text);
  if (!reading.ok) return reading;
  if (reading.ranges === 'all') return { ok: true, pages: Array.from({ length: pageCount }, (_, index) => index + 1) };
  if (reading.ranges.some(([, last]) => last > pageCount)) {
    const within = pageCount === 1 ? 'pages must be 1' : `pages must be from 1 to ${pageCount}`;
    return { ok: false, message: `${within}: this chart has ${pageCount} chart page${pageCount === 1 ? '' : 's'}` };
  }
  const chosen = new Set<number>();
  for (const [first, last] of reading.ranges) for (let page = first; page <= last; page++) chosen.add(page);
  return { ok: true, pages: [...chosen].sort((a, b) => a - b) };
}

/** Page numbers as a reader writes them: runs shortened, `1–3, 6`. */
export function describePages(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let index = 0; index < sorted.length; index++) {
    const first = sorted[index]!;
    while (sorted[index + 1] === sorted[index]! + 1) index++;
    runs.push(first === sorted[index] ? String(first) : `${first}–${sorted[index]}`);
  }
  return runs.join(', ');
}
