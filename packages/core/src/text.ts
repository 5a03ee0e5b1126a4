/**
 * The one rule for characters a text may not hold, and the one way to make any text safe to print
 * (PDF) or serialise (XML 1.0, HTML). Pure: no Node or browser API beyond Unicode regular expressions.
 */

/** Why a text was refused: the first character it may not contain, and what kind of character that is. */
export interface DisallowedCharacter {
  /** The code point, as `U+0001`. */
  codePoint: string;
  /** `line-break`: TAB, LF or CR in a single-line field; `control`: any other control character; `surrogate`: half of a UTF-16 pair; `noncharacter`: a Unicode non-character. */
  kind: 'line-break' | 'control' | 'surrogate' | 'noncharacter';
}

// Controls (C0 U+0000–U+001F, DEL U+007F, C1 U+0080–U+009F), lone surrogates (a pair is one code point
// under the `u` flag, so only unpaired halves match) and non-characters (U+FDD0–U+FDEF, U+xFFFE, U+xFFFF).
const DISALLOWED = /[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/gu;
// The same, plus the line and paragraph separators U+2028/U+2029: what a one-line printed text may not hold.
const UNPRINTABLE = /[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}\u2028\u2029]/gu;
const WHITE_SPACE = /^\p{White_Space}$/u;
const LINE_BREAKS = new Set([0x09, 0x0a, 0x0d]);

/**
 * The rule for every text a client sends:
 *
 * - never: NUL and the other C0 controls U+0000–U+001F, DEL U+007F, the C1 controls U+0080–U+009F,
 *   lone (unpaired) surrogates U+D800–U+DFFF, and the Unicode non-characters U+FDD0–U+FDEF and
 *   U+xFFFE/U+xFFFF of every plane (U+FFFE, U+FFFF, U+1FFFE, U+1FFFF … U+10FFFF);
 * - single-line texts (names, e-mail addresses, passwords, search text, URLs, ids) refuse TAB
 *   U+0009, LF U+000A and CR U+000D too;
 * - multi-line texts (a description, a prompt) accept TAB, LF and CR.
 *
 * Everything else — accents, CJK, emoji, other scripts, spaces, U+2028/U+2029 — is accepted.
 * Returns the first character refused, or undefined when the text is fine.
 */
export function disallowedCharacter(text: string, { multiline = false }: { multiline?: boolean } = {}): DisallowedCharacter | undefined {
  for (const [character] of text.matchAll(DISALLOWED)) {
    const value = character.codePointAt(0)!;
    if (multiline && LINE_BREAKS.has(value)) continue;
    const codePoint = `U+${value.toString(16).toUpperCase().padStart(4, '0')}`;
    if (LINE_BREAKS.has(value)) return { codePoint, kind: 'line-break' };
    if (value >= 0xd800 && value <= 0xdfff) return { codePoint, kind: 'surrogate' };
    if (value <= 0x9f) return { codePoint, kind: 'control' };
    return { codePoint, kind: 'noncharacter' };
  }
  return undefined;
}

/**
 * A text as one printable line, whatever it holds (names stored before text fields were checked may
 * carry anything): white-space controls (TAB, LF, VT, FF, CR, NEL) and the line and paragraph
 * separators U+2028/U+2029 become spaces; every other control, lone surrogate and non-character
 * becomes U+FFFD. The result holds only characters of XML 1.0's Char production (minus the
 * discouraged C1 controls and non-characters), draws in a PDF without empty boxes or line breaks,
 * and passes `disallowedCharacter`. Other characters, surrogate pairs included, are kept as they are.
 */
export function printableText(text: string): string {
  return text.replace(UNPRINTABLE, (character) => (WHITE_SPACE.test(character) ? ' ' : '\uFFFD'));
}
