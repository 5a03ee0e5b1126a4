import { ALL_PAGES, ORIENTATION_CHOICES, PRINT_PRESET_NAMES, readPageRange, type OrientationChoice, type PrintPreset } from '@stitchwise/core';
import { z } from 'zod';
import { textField } from './fields.js';

const orientations = ORIENTATION_CHOICES as [OrientationChoice, ...OrientationChoice[]];
const presets = PRINT_PRESET_NAMES as [PrintPreset, ...PrintPreset[]];

/**
 * How the PDF chart is printed: the chart pages' orientation, how many stitches a page holds, and which
 * chart pages to include. Read by every export (the other formats ignore them), defined once here.
 */
export const printQueryFields = {
  orientation: z
    .enum(orientations, { error: `orientation must be ${orientations.join(', ')}` })
    .default('auto')
    .meta({ description: 'PDF chart pages: auto takes whichever of portrait and landscape prints fewer pages (portrait on a tie).' }),
  stitches_per_page: z
    .enum(presets, { error: `stitches_per_page must be ${presets.join(' or ')}` })
    .default('pattern-keeper')
    .meta({
      description:
        'PDF chart pages: pattern-keeper holds at least 60 × 70 stitches a portrait page, large-print at least 40 × 50 in larger squares ' +
        '(landscape swaps the shape; more where the paper has room); neighbouring pages repeat 2 rows or columns.',
    }),
  pages: textField('pages')
    .max(200, { error: 'pages must be at most 200 characters' })
    .superRefine((text, context) => {
      const reading = readPageRange(text);
      if (!reading.ok) context.issues.push({ code: 'custom', input: text, message: reading.message });
    })
    .default(ALL_PAGES)
    .meta({
      description:
        'PDF chart pages to print, numbered as on the cover’s page map: all, or page numbers and ranges such as 1-3, 6. ' +
        'The cover and thread list are always printed; a page the chart does not have is 400 naming `pages`.',
    }),
};
