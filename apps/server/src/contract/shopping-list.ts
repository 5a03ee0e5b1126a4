import { z } from 'zod';
import { exportQuery } from './patterns.js';
import { brandIdSchema } from './thread-brands.js';

/**
 * The CSV's columns, in order: the brand by its name (`DMC`, `Anchor`, `Madeira`) and the code as that
 * brand prints it, so that `Anchor,403` is what a shop is asked for.
 */
export const SHOPPING_LIST_CSV_HEADER = ['Brand', 'Code', 'Name', 'Skeins needed', 'Owned', 'To buy'] as const;

export const shoppingListQuery = z.object({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
  // The same fabric choice as the exports, so the list and the PDF's thread page agree.
  fabric: exportQuery.shape.fabric,
});

const skeinsCount = z.number().int().min(0);

export const shoppingListEntrySchema = z
  .object({
    brand: brandIdSchema,
    code: z.string().meta({ description: 'The code as its brand prints it.', example: '403' }),
    name: z.string().meta({ example: 'Black' }),
    dmc_code: z.string().meta({ description: "A DMC thread's code; empty for a thread of another brand.", example: '310' }),
    dmc_name: z.string().meta({ description: "A DMC thread's name; empty for a thread of another brand.", example: 'Black' }),
    hex: z.string().meta({ example: '#000000' }),
    symbol: z.string().meta({ description: 'Its symbol on the chart; empty for a thread stitched only in blends.' }),
    blends: z
      .array(z.string().meta({ example: '310+413' }))
      .meta({ description: 'Codes of the blends it is stitched in (one strand of it with one of another thread); their use is counted here.' }),
    skeins_needed: skeinsCount.meta({
      description:
        'Whole skeins the chart takes of this thread on the fabric: full and part stitches, backstitch and knots (in blends, its one strand), 15 % spare; skeins of its brand (DMC and Anchor 8 m, Madeira 10 m).',
    }),
    owned: skeinsCount.meta({ description: "Skeins of this thread (the same brand and code) on the user's list of threads they own; 0 when it is not on it." }),
    to_buy: skeinsCount.meta({ description: 'Skeins needed beyond those owned: max(0, skeins_needed − owned).' }),
  })
  .meta({ id: 'ShoppingListEntry' });

export const shoppingListSchema = z
  .object({
    project_id: z.string(),
    project_name: z.string(),
    fabric: z
      .object({
        count: z.number().int().meta({ example: 14 }),
        label: z.string().meta({ example: '14-count Aida' }),
        strands: z.number().int().meta({ description: 'Strands a cross stitch is worked in on this fabric.' }),
      })
      .meta({ description: 'The fabric the skeins are counted for.' }),
    threads: z
      .array(shoppingListEntrySchema)
      .meta({ description: "The threads to buy, each once, in the legend's order (most stitches first); a blend's two threads where it is first." }),
    totals: z.object({
      skeins_needed: skeinsCount,
      owned: skeinsCount.meta({ description: "Skeins owned of the chart's threads." }),
      to_buy: skeinsCount,
      threads_to_buy: skeinsCount.meta({ description: 'Threads with at least one skein to buy.' }),
    }),
  })
  .meta({ id: 'ShoppingList' });

export const shoppingListResponse = {
  description: 'The shopping list as JSON, or with `format=csv` as a CSV attachment (Content-Disposition names it).',
  content: {
    'application/json': { schema: shoppingListSchema },
    'text/csv': { schema: z.string().meta({ description: `A header row \`${SHOPPING_LIST_CSV_HEADER.join(',')}\`, then one row per thread.` }) },
  },
};

export type ShoppingListQuery = z.output<typeof shoppingListQuery>;
export type ShoppingList = z.infer<typeof shoppingListSchema>;
export type ShoppingListEntry = z.infer<typeof shoppingListEntrySchema>;
