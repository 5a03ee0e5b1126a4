import { z } from 'zod';
import { colorField, integerFieldOr, rgbSchema, textField } from './fields.js';

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
  .extend({ distance: z.number().min(0).meta({ description: 'CIEDE2000 distance from the query colour, 4 decimals.' }) })
  .meta({ id: 'ThreadMatch', description: 'A thread and how far it is from the colour asked about.' });

export const colorSchema = rgbSchema.extend({ hex: z.string().meta({ example: '#ff8800' }) }).meta({ id: 'Color' });

export const threadListQuery = z.object({
  q: textField('q').max(100).optional().meta({ description: 'Matches code or name, case-insensitive.' }),
  limit: integerFieldOr('limit', 1, 500, 100),
  offset: integerFieldOr('offset', 0, 100_000, 0),
});

export const threadListSchema = z.object({ threads: z.array(threadSchema), total: z.number().int() }).meta({ id: 'ThreadList' });

export const closestParams = z.object({ color: colorField });

export const threadIdParams = z.object({ id: textField('id').min(1).max(20) });
export const closestQuery = z.object({ count: integerFieldOr('count', 1, 50, 5) });
export const closestThreadsSchema = z.object({ color: colorSchema, threads: z.array(threadMatchSchema) }).meta({ id: 'ClosestThreads' });

export type Thread = z.infer<typeof threadSchema>;
export type ThreadMatch = z.infer<typeof threadMatchSchema>;
export type Color = z.infer<typeof colorSchema>;
export type ThreadList = z.infer<typeof threadListSchema>;
