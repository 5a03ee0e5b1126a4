/** Shown one after another, typed out, while an idea picture is being made (spec §4, §9: 30 messages). */
export const IDEA_MESSAGES = [
  'Threading the creative needle…',
  'Sorting the skeins by colour…',
  'Counting imaginary stitches…',
  'Mixing a palette of possibilities…',
  'Sketching the first outlines…',
  'Asking the muse for a second opinion…',
  'Untangling a knot of ideas…',
  'Stretching the canvas in the hoop…',
  'Choosing between 489 shades of inspiration…',
  'Warming up the paintbrushes…',
  'Finding the perfect shade of blush…',
  'Ironing out the wrinkles…',
  'Dreaming in cross-stitches…',
  'Consulting the colour wheel…',
  'Pinning the pattern in place…',
  'Adding a sprinkle of whimsy…',
  'Measuring twice, stitching once…',
  'Letting the colours settle…',
  'Polishing the tiny details…',
  'Brewing a pot of creativity…',
  'Gathering petals and pixels…',
  'Looking for the needle in the haystack…',
  'Teaching the threads to dance…',
  'Balancing lights and shadows…',
  'Squinting at it from across the room…',
  'Counting sheep, then stitching them…',
  'Arranging the floss box just so…',
  'Painting with a very fine brush…',
  'Humming while we work…',
  'Almost ready to stitch…',
] as const;

export const MESSAGE_ROTATION_MS = 4000;
export const TYPEWRITER_MS_PER_CHARACTER = 70;

export const DEFAULT_IDEA_PROMPT =
  'An impressionist floral painting of a sunlit garden: soft brushstrokes, roses, peonies and daisies in pink, lilac and cream';
