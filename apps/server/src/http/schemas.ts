import { parseColor } from '@stitchwise/core';
import { z } from 'zod';
import { problemSchema } from './problem.js';

/**
 * A whole number from a query string or form field, with a message that names the field and its range,
 * because clients read it back from the problem's `errors[]`.
 */
export function integerField(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  // Only plain decimal integers: an empty field, `1.5`, `1e3` or `0x10` is an error, not a number.
  const parse = (value: unknown): unknown =>
    typeof value === 'string' ? (/^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : Number.NaN) : value;
  return z.preprocess(parse, z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }));
}

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

export const threadSchema = z
  .object({
    code: z.string().meta({ example: '310' }),
    name: z.string().meta({ example: 'Black' }),
    r: z.number().int().min(0).max(255),
    g: z.number().int().min(0).max(255),
    b: z.number().int().min(0).max(255),
    hex: z.string().meta({ example: '#000000' }),
  })
  .meta({ id: 'Thread', description: 'A DMC six-strand floss colour.' });

export const threadMatchSchema = threadSchema
  .extend({ distance: z.number().min(0).meta({ description: 'CIEDE2000 distance from the query colour.' }) })
  .meta({ id: 'ThreadMatch' });

export const rgbHexSchema = z.object({
  r: z.number().int(),
  g: z.number().int(),
  b: z.number().int(),
  hex: z.string(),
});

/** Problem responses to document beside a route's success answer. */
export function problemResponses<const Status extends number>(...statuses: Status[]): Record<Status, typeof problemSchema> {
  return Object.fromEntries(statuses.map((status) => [status, problemSchema])) as Record<Status, typeof problemSchema>;
}
