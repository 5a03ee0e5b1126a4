import { describe, expect, it } from 'vitest';
import type { ImportedProject } from '../src/contract/imports.js';
import type { Problem } from '../src/contract/problem.js';
import { useTestServer } from './support/harness.js';
import { legendEntry, patternDocument } from './support/pattern-fixtures.js';
import { importChart, readPattern, savePattern } from './support/stitch-requests.js';

/**
 * Marks are bounded by the chart's size (the core's `markLimits`): a 100 × 100 chart takes a French knot per
 * corner of its stitches, 101 × 101 = 10,201. An export or a save past that is refused with a sentence naming
 * the limit; an import keeps the first that fit and counts the rest.
 */

/** `count` knots on different points of a 100 × 100 chart's lattice, row by row. */
const knots = (count: number) => Array.from({ length: count }, (_, i) => ({ x: i % 201, y: Math.floor(i / 201), thread: 0 }));

/** A 100 × 100 chart of DMC 310 in its first row, with `knotCount` knots. */
const documentWith = (knotCount: number) =>
  patternDocument({
    width: 100,
    height: 100,
    legend: [legendEntry('310', 0, 100)],
    cells: Array.from({ length: 100 * 100 }, (_, cell) => (cell < 100 ? 0 : -1)),
    knots: knots(knotCount),
  });

const TOO_MANY = 'knots has 10,202 entries; a 100 × 100 chart may have at most 10,201 French knots';

describe('marks bounded by the chart size', () => {
  const suite = useTestServer({ users: ['marks'] });
  const user = suite.user('marks');
  const exportPng = (document: unknown): Promise<Response> => user.api('/stitch/patterns/export?format=png', { method: 'POST', json: document });

  async function expectRefused(response: Response, detail: string): Promise<void> {
    const text = await response.text();
    expect(response.status, text).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = JSON.parse(text) as Problem;
    expect(problem).toMatchObject({ code: 'invalid_pattern', detail, errors: [{ field: 'knots', message: TOO_MANY }] });
  }

  it('refuses to export a 100 × 100 chart with a knot past the limit, and exports one at it', async () => {
    await expectRefused(await exportPng(documentWith(10_202)), `The pattern cannot be exported: ${TOO_MANY}.`);
    expect((await exportPng(documentWith(10_201))).status).toBe(200);
  });

  it('imports the knots that fit, counting the rest, and refuses to save more', async () => {
    const objects = knots(10_300).map(({ x, y }) => `<object x1="${x / 2}" y1="${y / 2}" palindex="1" objecttype="knot"/>`);
    const oxs =
      '<chart><properties chartwidth="100" chartheight="100"/><palette><palette_item index="1" number="DMC 310" color="000000"/></palette>' +
      `<fullstitches><stitch x="0" y="0" palindex="1"/></fullstitches><ornaments_inc_knots_and_beads>${objects.join('')}</ornaments_inc_knots_and_beads></chart>`;
    const response = await importChart(user, oxs, 'knots.oxs');
    expect(response.status, await response.clone().text()).toBe(201);
    const project = (await response.json()) as ImportedProject;
    expect(project.import_report.marks.knots).toBe(10_201);
    expect(project.import_report.not_imported.knots).toBe(99);

    const { etag } = await readPattern(user, project.id);
    await expectRefused(await savePattern(user, project.id, documentWith(10_202), etag), `The pattern cannot be saved: ${TOO_MANY}.`);
  }, 60_000);
});
