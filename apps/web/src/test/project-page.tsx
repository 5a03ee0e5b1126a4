import { upgradeLegendEntry } from '@stitchwise/core';
/**
 * Test support for the project page's tests (not used by the app): a charted project (its chart,
 * pattern document, grid size and legend) and the page rendered against the stand-in server.
 */
import { emptyProgress, encodeProgress, NO_MARKS, toPatternDocument, type Pattern } from '@stitchwise/core';
import type { Project } from '../api/schemas';
import { installFakeCanvas } from '../components/chart/fake-canvas';
import { ProjectDetail } from '../pages/ProjectDetail';
import { PROJECT } from './fixtures';
import { renderScreen, type Answer, type Harness } from './harness';

/** The page's route, at project p1. */
export const PROJECT_ROUTE = { path: '/stitch/projects/:projectId', route: '/stitch/projects/p1' };

const legend = [
  upgradeLegendEntry({ index: 0, hex: '#000000', symbol: '■', dmc_code: '310', dmc_name: 'Black', stitch_count: 7500, rgb: { r: 0, g: 0, b: 0 } }),
  upgradeLegendEntry({ index: 1, hex: '#ffffff', symbol: '▲', dmc_code: 'B5200', dmc_name: 'Snow White', stitch_count: 1, rgb: { r: 255, g: 255, b: 255 } }),
];
// 7,500 black stitches, one white one, the rest of the 150 × 113 grid left empty.
const cells = new Int16Array(150 * 113).fill(-1).fill(0, 0, 7500);
cells[7500] = 1;
const pattern: Pattern = { width: 150, height: 113, legend, cells, marks: NO_MARKS, stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 1 } };

/** A generated project: its chart, pattern document, grid size and legend. */
export const CHARTED: Project = {
  ...PROJECT,
  outputs: {
    input_image_url: 'http://localhost/files/in.png',
    stitch_plan_url: 'http://localhost/files/plan.png',
    pattern_url: 'http://localhost/files/pattern.json',
  },
  metadata: { colors_count: 2, total_stitches: 7501, canvas_size: { width: 1800, height: 1356 }, grid_size: { width: 150, height: 113 } },
  color_legend: legend,
};

/** The charted project's stitching progress: nothing marked yet. */
export const UNMARKED = {
  version: 1,
  width: 150,
  height: 113,
  done: encodeProgress(emptyProgress(150, 113)),
  done_count: 0,
  total: 7501,
  updated_at: null,
  daily: {},
};

/** The page of `shown` (the plain project unless given), signed in, with the server's other answers (the charted project's progress unmarked unless given). */
export function showProject(answers: Record<string, Answer> = {}, shown: Project = PROJECT): Harness {
  installFakeCanvas({ width: 600, height: 420 });
  return renderScreen(<ProjectDetail />, {
    ...PROJECT_ROUTE,
    auth: { signedIn: true },
    answers: {
      'GET /api/stitch/projects/p1': { status: 200, data: shown },
      'GET /files/pattern.json': { status: 200, data: toPatternDocument(pattern) },
      'GET /api/stitch/projects/p1/progress': { status: 200, data: UNMARKED },
      ...answers,
    },
  });
}
