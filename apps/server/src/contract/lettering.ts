import {
  ALPHABETS,
  LETTER_SPACING_RANGE,
  LETTERING_ALIGNS,
  letteringLines,
  LINE_SPACING_RANGE,
  MAX_LETTERING_CHARACTERS,
  MAX_LETTERING_LINES,
  MAX_LETTERING_MARGIN,
  PATTERN_LIMITS,
} from '@stitchwise/core';
import { z } from 'zod';
import { BRAND_LIST, brandField, textField } from './fields.js';
import { ANONYMOUS_LIMITS, patternDocumentSchema } from './patterns.js';
import { problemSchema } from './problem.js';

const ALPHABET_IDS = ALPHABETS.map((alphabet) => alphabet.id) as [string, ...string[]];

/** The longest side a lettering chart may have without an account: the largest size a visitor may generate. */
export const VISITOR_LETTERING_SIDE = Math.max(...ANONYMOUS_LIMITS.maxSides);

export const alphabetSchema = z
  .object({
    id: z.string().meta({ description: 'What `alphabet` names in POST /api/stitch/lettering.', example: 'bold-10' }),
    name: z.string().meta({ example: 'Bold' }),
    kind: z.enum(['cross', 'backstitch']).meta({
      description: 'cross: letters of full stitches; backstitch: single-line letters of backstitch, with French knots for dots.',
    }),
    height: z.number().int().min(1).meta({ description: 'Rows of the line box, in stitches: every letter, accents and descenders included, fits in it.' }),
    cap_height: z.number().int().min(1).meta({ description: 'Stitches from the baseline to the top of a capital H.' }),
    characters: z.string().meta({ description: 'Every character the alphabet can stitch, in code point order.' }),
    style: z.string().meta({ example: 'bold condensed letters 10 stitches tall' }),
    font: z.string().meta({ description: 'The font the letters were converted from.' }),
    licence: z.string().meta({ description: "The font's licence.", example: 'SIL Open Font License 1.1' }),
    credit: z.string().meta({ description: 'The credit the licence asks for.' }),
  })
  .meta({ id: 'Alphabet', description: 'A stitch alphabet for lettering.' });

export const alphabetListSchema = z.object({ alphabets: z.array(alphabetSchema) }).meta({ id: 'AlphabetList' });

/** A whole number of a JSON body, named in its message as clients read it back from `errors[]`. */
function wholeNumber(name: string, { min, max }: { min: number; max: number }, fallback: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .default(fallback)
    .meta({ default: fallback });
}

/** Characters of a text as the layout reads them (code points, after NFC), a line break one whether sent as LF, CR or CRLF. */
const characterCount = (text: string): number => Array.from(letteringLines(text).join('\n')).length;

/** The words to stitch: the rule of every text field, with line breaks (but not tabs) allowed, and the core's limits. */
const letteringText = textField('text', { multiline: true, error: 'text is required: the words to stitch' })
  .superRefine((text, context) => {
    const refuse = (message: string) => context.issues.push({ code: 'custom', input: text, message });
    if (text.includes('\t')) refuse('text must not contain tabs: separate words with spaces (found U+0009)');
    if (text.trim() === '') refuse('text has nothing to stitch: it is empty or only spaces');
    if (characterCount(text) > MAX_LETTERING_CHARACTERS) refuse(`text must be at most ${MAX_LETTERING_CHARACTERS} characters, line breaks included`);
    if (letteringLines(text).length > MAX_LETTERING_LINES) refuse(`text must be at most ${MAX_LETTERING_LINES} lines`);
  })
  .meta({
    description: `The words to stitch, at most ${MAX_LETTERING_CHARACTERS} characters on at most ${MAX_LETTERING_LINES} lines (LF, CR or CRLF between them). Every character must be one of the alphabet's \`characters\`.`,
    example: 'Emma\n2026',
  });

export const letteringBody = z
  .object({
    text: letteringText,
    alphabet: z.enum(ALPHABET_IDS, { error: `alphabet must be one of ${ALPHABET_IDS.join(', ')}` }).meta({
      description: 'The id of an alphabet of GET /api/stitch/lettering/alphabets.',
      example: 'bold-10',
    }),
    brand: brandField('brand')
      .default('dmc')
      .meta({ default: 'dmc', description: `The thread's maker: ${BRAND_LIST} (default dmc).` }),
    code: textField('code', { error: 'code is required: the thread to stitch in, such as 310' })
      .trim()
      .min(1, { error: 'code is required: the thread to stitch in, such as 310' })
      .max(20, { error: 'code must be at most 20 characters' })
      .meta({ description: "One thread of the brand's catalogue (not a blend), case-insensitive.", example: '310' }),
    letter_spacing: wholeNumber('letter_spacing', LETTER_SPACING_RANGE, 0).meta({
      description: `Stitches added between letters, ${LETTER_SPACING_RANGE.min} to ${LETTER_SPACING_RANGE.max} (0: the font's spacing).`,
    }),
    line_spacing: wholeNumber('line_spacing', LINE_SPACING_RANGE, 0).meta({
      description: `Rows added between lines, ${LINE_SPACING_RANGE.min} to ${LINE_SPACING_RANGE.max} (0: line boxes stacked).`,
    }),
    align: z
      .enum(LETTERING_ALIGNS as ['left', 'center', 'right'], { error: `align must be one of ${LETTERING_ALIGNS.join(', ')}` })
      .default('center')
      .meta({ default: 'center', description: 'How lines shorter than the longest sit: left, center (default) or right.' }),
    margin: wholeNumber('margin', { min: 0, max: MAX_LETTERING_MARGIN }, 5).meta({
      description: `Empty stitches around the lettering on every side, 0 to ${MAX_LETTERING_MARGIN} (5).`,
    }),
  })
  .meta({ id: 'LetteringRequest' });

/** Whole JSON body limit: 200 characters, each written as two \u escapes at worst, are under 3 KB. */
export const LETTERING_BODY_LIMIT = 16 * 1024;

export const LETTERING_DESCRIPTION =
  'A chart of text in one thread, as a pattern document: full stitches for a cross-stitch alphabet, backstitch and French knots for a backstitch one; ' +
  '`margin` empty stitches around the lettering. The document is also kept 24 hours as a file, named by the `Location` header ' +
  '(the web app opens it in the editor at /stitch/edit/{file name}). Open to visitors: without an account a chart is at most ' +
  `${VISITOR_LETTERING_SIDE} stitches a side, signed in ${PATTERN_LIMITS.maxSide}; a larger one is 400 naming \`text\` with its size. ` +
  'Characters the alphabet lacks are 400 naming `text` and listing them.';

/** 201: the chart, with the address of the file it is kept in. */
export const letteringCreatedResponse = {
  description: 'The lettering chart (a PatternDocument), also stored as the file the `Location` header names.',
  // Kept in the OpenAPI document by registerOpenApi (http/openapi.ts), which the zod transform alone would drop.
  headers: {
    Location: {
      type: 'string',
      format: 'uri',
      description: 'The stored document, `…/files/{id}.json`: the same JSON as this body, kept 24 hours.',
    },
  },
  content: { 'application/json': { schema: patternDocumentSchema } },
};

/** 413 past LETTERING_BODY_LIMIT (the shared description speaks of 10 MB uploads). */
export const letteringTooLargeResponse = {
  description: 'The body is larger than 16 KB.',
  content: { 'application/problem+json': { schema: problemSchema } },
};

export type AlphabetView = z.infer<typeof alphabetSchema>;
export type LetteringRequest = z.output<typeof letteringBody>;
