import { pdfPageTexts as pageTexts } from '../apps/server/test/support/pdf-text.js';

/**
 * Reading back what the editor's downloads hold, as another program would: a PDF's text through
 * PDF.js (as the server's export tests read it) and an OXS file's palette and stitches.
 */

/** Text of every page, runs of spaces squashed (PDF.js splits runs at spaces). */
export async function pdfPageTexts(pdf: Uint8Array): Promise<string[]> {
  return (await pageTexts(pdf)).map((text) => text.replace(/ +/g, ' '));
}

const attributes = (element: string): Record<string, string> =>
  Object.fromEntries([...element.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));

/** An OXS chart's full stitches: DMC code per stitch position ("x,y"), read from its palette and `<stitch>` elements. */
export function oxsStitches(xml: string): Map<string, string> {
  const codes = new Map<string, string>();
  for (const [item] of xml.matchAll(/<palette_item\b[^>]*>/g)) {
    const { index, number } = attributes(item);
    const code = /^DMC (.+)$/.exec(number ?? '')?.[1];
    if (index && code) codes.set(index, code);
  }
  const stitches = new Map<string, string>();
  for (const [element] of xml.matchAll(/<stitch\b[^>]*>/g)) {
    const { x, y, palindex } = attributes(element);
    const code = codes.get(palindex ?? '');
    if (!code) throw new Error(`An OXS stitch names no DMC palette item: ${element}`);
    stitches.set(`${x},${y}`, code);
  }
  return stitches;
}

/** Stitches per DMC code. */
export function countByCode(stitches: Map<string, string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const code of stitches.values()) counts.set(code, (counts.get(code) ?? 0) + 1);
  return counts;
}
