import { disallowedCharacter, parseColor, THREAD_BRANDS, type DisallowedCharacter } from '@stitchwise/core';
import { z } from 'zod';
import { problemSchema } from './problem.js';

/** Largest upload, in bytes: the limit the multipart parser enforces (413 past it) unless a file field sets its own with `.max()`. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** A byte count in whole megabytes, as limits are stated to users: `10 MB`. */
export const megabytes = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * A whole number from a query string or form field, with a message that names the field and its range,
 * because clients read it back from the problem's `errors[]`.
 */
export function integerField(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  // Only plain decimal integers: an empty field, `1.5`, `1e3` or `0x10` is an error, not a number.
  const parse = (value: unknown): unknown => (typeof value === 'string' ? (/^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : Number.NaN) : value);
  return z.preprocess(parse, z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }));
}

/** An integer field that may be left out; the OpenAPI document shows its default too (zod leaves it out behind the parsing step). */
export function integerFieldOr(name: string, min: number, max: number, fallback: number) {
  return integerField(name, min, max).default(fallback).meta({ default: fallback });
}

/** A decimal number from a form field (`1.25`, `2`, `.5`), from `min` to `max`, with a message that names the field and its range. */
export function decimalField(name: string, min: number, max: number) {
  const message = `${name} must be a number from ${min} to ${max}`;
  // Plain decimals only: an empty field, `1e0` or `0x1` is an error, not a number.
  const parse = (value: unknown): unknown =>
    typeof value === 'string' ? (/^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(value) ? Number(value) : Number.NaN) : value;
  return z.preprocess(parse, z.number({ error: message }).min(min, { error: message }).max(max, { error: message }));
}

/** A decimal field that may be left out, its default shown in the OpenAPI document. */
export function decimalFieldOr(name: string, min: number, max: number, fallback: number) {
  return decimalField(name, min, max).default(fallback).meta({ default: fallback });
}

/** The problem message for a refused text, naming the field first, as clients read it back from `errors[]`. */
export function disallowedCharacterMessage(name: string, { codePoint, kind }: DisallowedCharacter): string {
  switch (kind) {
    case 'line-break':
      return `${name} must be a single line, without tabs or line breaks (found ${codePoint})`;
    case 'control':
      return `${name} must not contain control characters (found ${codePoint})`;
    case 'surrogate':
      return `${name} must not contain unpaired surrogates (found ${codePoint})`;
    case 'noncharacter':
      return `${name} must not contain Unicode non-characters (found ${codePoint})`;
    case 'bidi':
      return `${name} must not contain invisible text-direction controls (found ${codePoint})`;
    case 'zero-width':
      return `${name} must not contain invisible zero-width characters (found ${codePoint})`;
  }
}

export interface TextFieldOptions {
  /** Accept TAB, LF and CR (a description, a prompt); single-line fields refuse them. */
  multiline?: boolean;
  /** The message when the field is missing or not text. */
  error?: string;
}

/**
 * A text field of a request (body, query, path or form) under the rule of `disallowedCharacter`
 * (in `@stitchwise/core`; the same for JSON bodies, query strings, path parameters and multipart form
 * fields), with `invisible`: bidirectional controls and zero-width characters are refused too, but a
 * joiner inside an emoji or a word is kept. (The built-in provider's sign-in and sign-up forms apply the
 * rule without `invisible`: a password is compared as typed, and one set earlier must still work.)
 * Refused with a 400 naming the field. Chain `.trim()`, `.min()`, `.max()` … after it, so the text is
 * checked as sent.
 */
export function textField(name: string, { multiline = false, error }: TextFieldOptions = {}) {
  return z.string(error === undefined ? undefined : { error }).superRefine((text, context) => {
    const found = disallowedCharacter(text, { multiline, invisible: true });
    if (found) context.issues.push({ code: 'custom', input: text, message: disallowedCharacterMessage(name, found) });
  });
}

/** A yes/no form field, sent as the text `true` or `false`. */
export const flagField = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true'));

/** An uploaded image: PNG, JPEG, GIF, WebP or BMP, at most 10 MB and 40 megapixels. */
export const imageFileField = z
  .file()
  .max(MAX_UPLOAD_BYTES)
  .meta({ description: 'PNG, JPEG, GIF (first frame), WebP or BMP; at most 10 MB and 40 megapixels. The type is read from the bytes, not the name.' });

/** An image on the web, fetched by the server with SSRF protection. */
export const imageUrlField = textField('image_url').max(2048).meta({
  description: 'An http(s) URL of an image, fetched by the server (public addresses only, at most 3 redirects, 10 MB, 10 s). Used when no file is sent.',
});

/** A colour as `ff8800`, `#ff8800` (sent as `%23ff8800`) or `255,136,0`, parsed to RGB. */
export const colorField = z
  .string()
  .transform((text, context) => {
    const rgb = parseColor(text);
    if (!rgb) {
      context.issues.push({
        code: 'custom',
        input: text,
        message: 'color must be a hex colour such as ff8800 or #ff8800, or r,g,b such as 255,136,0',
      });
      return z.NEVER;
    }
    return rgb;
  })
  .meta({ description: 'Hex `ff8800`, `%23ff8800`, or `255,136,0`.', example: 'ff8800' });

export const sizeSchema = z
  .object({ width: z.number().int().min(0), height: z.number().int().min(0) })
  .meta({ id: 'Size', description: 'Width and height: pixels for images, stitches for grids.' });

export const rgbSchema = z
  .object({ r: z.number().int().min(0).max(255), g: z.number().int().min(0).max(255), b: z.number().int().min(0).max(255) })
  .meta({ id: 'Rgb' });

const PROBLEM_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'Bad input: `errors[]` names each bad field.',
  401: 'No valid access token.',
  403: 'Not allowed: the detail says why.',
  404: 'Not found (or not yours).',
  409: 'In conflict with what is stored: the detail says how.',
  410: 'Gone: it has expired.',
  412: 'The resource changed since it was read.',
  413: 'The upload is larger than 10 MB.',
  415: 'Not a supported image or content type.',
  422: 'Readable, but not usable: damaged, too many pixels, or nothing to work with.',
  428: 'A precondition header is required.',
  429: 'Too many requests: wait for Retry-After seconds.',
  502: 'An outside service failed.',
  503: 'Busy: try again after Retry-After seconds.',
};

interface ProblemResponse {
  description: string;
  content: { 'application/problem+json': { schema: typeof problemSchema } };
}

/** Problem responses to document beside a route's success answer, as application/problem+json. */
export function problemResponses<const Status extends number>(...statuses: Status[]): Record<Status, ProblemResponse> {
  const entries = statuses.map((status) => [
    status,
    { description: PROBLEM_DESCRIPTIONS[status] ?? 'A problem.', content: { 'application/problem+json': { schema: problemSchema } } },
  ]);
  return Object.fromEntries(entries) as Record<Status, ProblemResponse>;
}

/** The thread brands, as messages and descriptions list them. */
export const BRAND_LIST = THREAD_BRANDS.join(', ');

/** A thread brand named in `field`: dmc, anchor or madeira, case and surrounding space aside; else 400 naming the field. */
export const brandField = (field: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(THREAD_BRANDS, { error: `${field} must be one of ${BRAND_LIST}` }),
  );
