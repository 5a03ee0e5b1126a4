import { z } from 'zod';
import { textField } from './fields.js';

export const creditsSchema = z
  .object({
    remaining: z.number().int().min(0).meta({ description: 'Ideas left today.' }),
    limit: z.number().int().meta({ description: 'Ideas per UTC day.' }),
    resets_at: z.string().meta({ description: 'The next UTC midnight (ISO 8601).' }),
  })
  .meta({ id: 'CreativeCredits' });

export const ideaSourceSchema = z.enum(['offline_sketch', 'openai']).meta({
  id: 'IdeaSource',
  description: 'What made the picture: offline_sketch is drawn on the server without a model; openai is an OpenAI-compatible images API.',
});

export const ideaRequestSchema = z.object({
  // A missing prompt is treated like an empty one, so it gets the same sentence.
  prompt: textField('prompt', { multiline: true }).default('').meta({ description: 'The idea, 1–1000 characters.' }),
});

export const ideaSchema = z
  .object({
    image_url: z.string(),
    credits: z.number().int().min(0).meta({ description: 'Ideas left today after this one.' }),
    source: ideaSourceSchema,
  })
  .meta({ id: 'CreativeIdea' });

export type Credits = z.infer<typeof creditsSchema>;
export type Idea = z.infer<typeof ideaSchema>;
export type IdeaSource = z.infer<typeof ideaSourceSchema>;
