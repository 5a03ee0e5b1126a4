import { z } from 'zod';
import { textField } from './fields.js';

/** POST /api/stitch/projects/claim: a visitor's result, claimed by the user they became. */
export const claimRequestSchema = z
  .object({
    token: z.string().min(1).max(4096).meta({ description: 'The `claim.token` of the visitor generation.' }),
    name: textField('name').trim().min(1).max(100).optional().meta({ description: "The project's name (default: 'My pattern')." }),
  })
  .meta({ id: 'ClaimRequest' });
export type ClaimRequest = z.infer<typeof claimRequestSchema>;
