import { clampByte, type Rgb } from './spaces.js';

const HEX_PATTERN = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
const TRIPLET_PATTERN = /^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*$/;

/** `#ff8800`, `ff8800` or the short `#f80` to RGB; null when the text is not a hex colour. */
export function parseHex(text: string): Rgb | null {
  const match = HEX_PATTERN.exec(text.trim());
  if (!match) return null;
  let digits = match[1] as string;
  if (digits.length === 3) digits = digits.replace(/./g, (d) => d + d);
  const value = Number.parseInt(digits, 16);
  return { r: (value >> 16) & 0xff, g: (value >> 8) & 0xff, b: value & 0xff };
}

/** RGB to `#RRGGBB` (upper case, the form the DMC table and the API use). */
export function formatHex({ r, g, b }: Rgb): string {
  const value = (clampByte(r) << 16) | (clampByte(g) << 8) | clampByte(b);
  return `#${value.toString(16).padStart(6, '0').toUpperCase()}`;
}

/**
 * A colour as users and URLs write it: hex with or without `#` (`ff8800`, `#ff8800`, `#f80`)
 * or a decimal triplet `255,136,0`. Returns null for anything else, including channels above 255.
 */
export function parseColor(text: string): Rgb | null {
  const triplet = TRIPLET_PATTERN.exec(text);
  if (triplet) {
    const [r, g, b] = [triplet[1], triplet[2], triplet[3]].map(Number) as [number, number, number];
    return r <= 255 && g <= 255 && b <= 255 ? { r, g, b } : null;
  }
  return parseHex(text);
}
