/**
 * The one rule for characters a text may not hold, and the one way to make any text safe to print
 * (PDF) or serialise (XML 1.0, HTML). Pure: no Node or browser API beyond Unicode regular expressions.
 */

/** Why a text was refused: the first character it may not contain, and what kind of character that is. */
export interface DisallowedCharacter {
  /** The code point, as `U+0001`. */
  codePoint: string;
  /**
   * `line-break`: TAB, LF or CR in a single-line field; `control`: any other control character; `surrogate`: half of a
   * UTF-16 pair; `noncharacter`: a Unicode non-character; with `invisible`, `bidi`: a bidirectional control and
   * `zero-width`: a zero-width character.
   */
  kind: 'line-break' | 'control' | 'surrogate' | 'noncharacter' | 'bidi' | 'zero-width';
}

// Controls (C0 U+0000–U+001F, DEL U+007F, C1 U+0080–U+009F), lone surrogates (a pair is one code point
// under the `u` flag, so only unpaired halves match) and non-characters (U+FDD0–U+FDEF, U+xFFFE, U+xFFFF).
const DISALLOWED = /[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/gu;
// The same, plus the line and paragraph separators U+2028/U+2029: what a one-line printed text may not hold.
const UNPRINTABLE = /[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}\u2028\u2029]/gu;
const WHITE_SPACE = /^\p{White_Space}$/u;
const LINE_BREAKS = new Set([0x09, 0x0a, 0x0d]);

// Invisible characters that change how a text reads without showing: the bidirectional embeddings, overrides
// and isolates (U+202A–U+202E, U+2066–U+2069; a name could display reversed, as in 'Trojan Source') and the
// marks LRM, RLM and ALM (U+200E, U+200F, U+061C); zero-width characters (U+200B space, U+200C non-joiner,
// U+200D joiner, U+2060 word joiner, U+FEFF byte-order mark), with which a name can look empty or like another.
const BIDI = '\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069';
const ZERO_WIDTH = '\u200B-\u200D\u2060\uFEFF';
const DISALLOWED_OR_INVISIBLE = new RegExp(`[\\p{Cc}\\p{Cs}\\p{Noncharacter_Code_Point}${BIDI}${ZERO_WIDTH}]`, 'gu');
const IS_BIDI = new RegExp(`^[${BIDI}]$`, 'u');
const IS_ZERO_WIDTH = new RegExp(`^[${ZERO_WIDTH}]$`, 'u');
/** Invisible characters that printableText removes: all but the joiners, which depend on their neighbours. */
const INVISIBLE_NOT_JOINER = new RegExp(`[${BIDI}\u200B\u2060\uFEFF]`, 'gu');
const JOINERS = /[\u200C\u200D]/g;
/** What a joiner may not stand beside: nothing visible to join. */
const NOT_JOINABLE = new RegExp(`[\\s\\p{Cc}${BIDI}${ZERO_WIDTH}]`, 'u');
/**
 * What a joiner joins in real text: emoji (with their variation selectors and skin-tone modifiers, which
 * end one member of a sequence) and the scripts whose spelling needs ZWJ or ZWNJ — Arabic and Persian,
 * Syriac, N'Ko, and the Brahmic scripts of South and South-East Asia.
 */
const JOINABLE = new RegExp(
  '[\\p{Extended_Pictographic}\\p{Emoji_Modifier}\\uFE0F\\p{Script=Arabic}\\p{Script=Syriac}\\p{Script=Nko}\\p{Script=Devanagari}' +
    '\\p{Script=Bengali}\\p{Script=Gurmukhi}\\p{Script=Gujarati}\\p{Script=Oriya}\\p{Script=Tamil}\\p{Script=Telugu}\\p{Script=Kannada}' +
    '\\p{Script=Malayalam}\\p{Script=Sinhala}\\p{Script=Myanmar}\\p{Script=Khmer}]',
  'u',
);

/**
 * Whether the joiner (ZWNJ U+200C or ZWJ U+200D) at `at` joins what real text joins: ZWJ builds emoji
 * sequences (👩‍👩‍👧, 🏳️‍🌈) and Indic conjuncts, ZWNJ is required in Persian spelling. Refusing them would
 * refuse those names, so a joiner between two characters of which one is such (JOINABLE) stays. Anywhere
 * else — between Latin letters ('Al‍ice', which looks like 'Alice' but is not), at an end, beside a space —
 * it only hides in the text, and is treated as any other zero-width character.
 */
function joins(text: string, at: number): boolean {
  const before = text.slice(0, at).match(/.$/su)?.[0]; // whole characters: an emoji is a surrogate pair
  const after = text.slice(at + 1).match(/^./su)?.[0];
  if (before === undefined || after === undefined || NOT_JOINABLE.test(before) || NOT_JOINABLE.test(after)) return false;
  return JOINABLE.test(before) || JOINABLE.test(after);
}

/**
 * The rule for every text a client sends:
 *
 * - never: NUL and the other C0 controls U+0000–U+001F, DEL U+007F, the C1 controls U+0080–U+009F,
 *   lone (unpaired) surrogates U+D800–U+DFFF, and the Unicode non-characters U+FDD0–U+FDEF and
 *   U+xFFFE/U+xFFFF of every plane (U+FFFE, U+FFFF, U+1FFFE, U+1FFFF … U+10FFFF);
 * - single-line texts (names, e-mail addresses, passwords, search text, URLs, ids) refuse TAB
 *   U+0009, LF U+000A and CR U+000D too;
 * - multi-line texts (a description, a prompt) accept TAB, LF and CR;
 * - with `invisible` (every text field of the API; not passwords, which are compared as typed, so an
 *   existing one must keep working): the bidirectional controls U+202A–U+202E and U+2066–U+2069, the
 *   marks U+200E, U+200F and U+061C, and the zero-width characters U+200B, U+2060 and U+FEFF; the joiners
 *   U+200C and U+200D too, unless they stand between two visible characters (see `joins`).
 *
 * Everything else — accents, CJK, emoji, other scripts, spaces, U+2028/U+2029 — is accepted.
 * Returns the first character refused, or undefined when the text is fine.
 */
export function disallowedCharacter(
  text: string,
  { multiline = false, invisible = false }: { multiline?: boolean; invisible?: boolean } = {},
): DisallowedCharacter | undefined {
  for (const match of text.matchAll(invisible ? DISALLOWED_OR_INVISIBLE : DISALLOWED)) {
    const value = match[0].codePointAt(0)!;
    if (multiline && LINE_BREAKS.has(value)) continue;
    if ((value === 0x200c || value === 0x200d) && joins(text, match.index)) continue;
    const codePoint = `U+${value.toString(16).toUpperCase().padStart(4, '0')}`;
    if (IS_BIDI.test(match[0])) return { codePoint, kind: 'bidi' };
    if (IS_ZERO_WIDTH.test(match[0])) return { codePoint, kind: 'zero-width' };
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
 * becomes U+FFFD; the invisible characters `disallowedCharacter` refuses with `invisible` are removed (a
 * mark would show where there was nothing to see). The result holds only characters of XML 1.0's Char
 * production (minus the discouraged C1 controls and non-characters), draws in a PDF without empty boxes,
 * line breaks or reordering, and passes `disallowedCharacter` with `invisible`. Other characters,
 * surrogate pairs and joiners inside emoji and words included, are kept as they are.
 */
export function printableText(text: string): string {
  const visible = text.replace(UNPRINTABLE, (character) => (WHITE_SPACE.test(character) ? ' ' : '\uFFFD')).replace(INVISIBLE_NOT_JOINER, '');
  // Only joiners go now, and a joiner that stays has visible neighbours that stay too.
  return visible.replace(JOINERS, (joiner, at: number) => (joins(visible, at) ? joiner : ''));
}
