import { z } from 'zod';
import { problemSchema } from './problem.js';

export const storageUsageSchema = z
  .object({
    used: z.number().int().min(0).meta({ description: "Bytes stored for the user: every file of their projects' kept chart versions, and their uploads." }),
    limit: z.number().int().min(1).meta({ description: 'Bytes the user may store (the USER_STORAGE_MB setting).' }),
  })
  .meta({ id: 'StorageUsage' });

export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** The answer of an endpoint that stores for a signed-in user, when their storage is full. */
export const storageFullResponse = {
  507: {
    description: 'Storage quota used up (`storage_quota_exceeded`): the detail says how much is used and what to delete. Nothing was stored.',
    content: { 'application/problem+json': { schema: problemSchema } },
  },
} as const;
