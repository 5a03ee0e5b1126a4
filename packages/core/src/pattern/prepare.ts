import { exactOrBinnedHistogram, type ColorSample } from '../analysis/color-histogram.js';
import type { Thread } from '../threads/catalogue.js';
import { planAssignment, type AssignmentPlan } from './assign.js';
import { gridAsImage, type StitchGrid } from './grid.js';
import { threadsByNearestUse } from './threads.js';

/**
 * The part of making a pattern that depends only on the stitch grid, not on the colour count or
 * any other setting: a caller that makes several patterns from one grid (the wizard's live preview,
 * as settings change) prepares it once, keeps it beside the grid and passes it to
 * patternFromPrepared. The pattern is the same as from the grid alone. Read-only once made.
 */
export interface PreparedGrid {
  readonly grid: StitchGrid;
  /** The grid's colour histogram: what the palette is reduced from and thread sets are judged on. */
  readonly samples: readonly ColorSample[];
  /** Catalogue threads that are some sample's nearest, most sample weight first (see threadsByNearestUse). */
  readonly threadsByUse: readonly Thread[];
  /** How stitches find their nearest threads, whatever the threads (see planAssignment). */
  readonly assignment: AssignmentPlan;
}

/** Everything of the pipeline a grid alone determines; costs what the first pattern of it would spend on the same steps. */
export function prepareGrid(grid: StitchGrid): PreparedGrid {
  const samples = exactOrBinnedHistogram(gridAsImage(grid));
  return { grid, samples, threadsByUse: threadsByNearestUse(samples), assignment: planAssignment(grid) };
}
