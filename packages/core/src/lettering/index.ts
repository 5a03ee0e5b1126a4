// The list on its own, without the glyphs: the About page names the alphabets' fonts without loading them.
export { ALPHABET_LIST as ALPHABETS } from './alphabet-list.data.js';
export { alphabetById, type Alphabet, type BackstitchGlyph, type CrossGlyph } from './alphabets.js';
export type { AlphabetInfo } from './alphabet-types.js';
export { layOutText, letteringInk, letteringLines, type Lettering, type LetteringOptions } from './layout.js';
export {
  LETTER_SPACING_RANGE,
  LETTERING_ALIGNS,
  LINE_SPACING_RANGE,
  MAX_LETTERING_CHARACTERS,
  MAX_LETTERING_LINES,
  MAX_LETTERING_MARGIN,
  type LetteringAlign,
} from './limits.js';
export { letteringPattern } from './chart.js';
export { missingCharacters } from './missing.js';
