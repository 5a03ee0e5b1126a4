import { isThreadBrand } from '@stitchwise/core';

/** Codes converted at once: a chart's threads fit easily; each asks the server once per other brand. */
export const MAX_CODES = 100;

/** A pasted list read as codes: each once, in the order given, and how many past MAX_CODES were left out. */
export interface PastedCodes {
  codes: string[];
  leftOut: number;
}

/**
 * Codes as stitchers write them down — `403, 9046 310`, one a line, or separated by spaces or semicolons;
 * `Anchor 403` and `#403` too (brand words are skipped). Each once, case aside; whether a code exists is the
 * server's to say, as it reads codes (leading zeros, case) for every brand alike.
 */
export function readCodes(text: string): PastedCodes {
  const seen = new Set<string>();
  const codes: string[] = [];
  for (const token of text.split(/[\s,;]+/)) {
    const code = token.replace(/^#/, '');
    const key = code.toLowerCase();
    if (code === '' || isThreadBrand(key) || seen.has(key)) continue;
    seen.add(key);
    codes.push(code);
  }
  return { codes: codes.slice(0, MAX_CODES), leftOut: Math.max(0, codes.length - MAX_CODES) };
}
