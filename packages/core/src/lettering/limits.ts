/** What a lettering request may ask for. On their own, so a form can check them without loading the alphabets. */

export type LetteringAlign = 'left' | 'center' | 'right';
export const LETTERING_ALIGNS: readonly LetteringAlign[] = ['left', 'center', 'right'];

/** Stitches between letters and rows between lines, beyond the alphabet's own: at least and at most. */
export const LETTER_SPACING_RANGE = { min: -3, max: 20 } as const;
export const LINE_SPACING_RANGE = { min: -8, max: 40 } as const;
/** A text is at most this many characters (line breaks included) on this many lines. */
export const MAX_LETTERING_CHARACTERS = 200;
export const MAX_LETTERING_LINES = 10;
/** Empty stitches around lettering made into a chart, at most. */
export const MAX_LETTERING_MARGIN = 50;
