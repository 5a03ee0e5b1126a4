import { z } from 'zod';

export const fieldErrorSchema = z
  .object({
    field: z.string().meta({ description: 'The request field, query parameter or form field, as the client sent it.' }),
    message: z.string(),
  })
  .meta({ id: 'FieldError' });

export const problemSchema = z
  .object({
    type: z.string().meta({ example: 'urn:stitchwise:problem:invalid_request' }),
    title: z.string().meta({ example: 'Bad Request' }),
    status: z.number().int().min(400).max(599),
    detail: z.string().meta({ description: 'A sentence a user can read.' }),
    code: z.string().meta({ description: 'A stable snake_case word for programs.', example: 'invalid_request' }),
    errors: z.array(fieldErrorSchema).optional().meta({ description: 'Each bad field, where the request had some.' }),
  })
  .meta({ id: 'Problem', description: 'An error, as application/problem+json (RFC 9457).' });

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type Problem = z.infer<typeof problemSchema>;
