import {
  addBackstitch,
  centredAxes,
  chartFromPattern,
  parsePatternDocument,
  patternFromChart,
  placeKnot,
  placePart,
  rotateChart,
  stroke,
  toPatternDocument,
  drawMirrored,
  flipChart,
  type EditableChart,
  type PatternDocument,
} from '@stitchwise/core';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/harness.js';
import { generated, projectOf, readPattern, savePattern, saved } from './support/stitch-requests.js';
import { DATABASES } from './support/test-server.js';
import { bitsOf, doneCells, markableOf, progressOf, stored } from './support/progress-bits.js';

/**
 * Issue #34's edits reach the server as any edit does, as the chart they make: a chart turned a quarter (its size
 * swapped, every kind of mark turned with it) and one drawn with four-way mirror drawing save as new versions and
 * read back identical, the stitches marked done going with the chart; a turned chart whose document does not add
 * up is refused like any other.
 */
describe.each(DATABASES)('saving turned and mirrored charts on $name', (database) => {
  const suite = useTestServer({ database, users: ['alice'] });
  const alice = suite.user('alice');

  const chartOf = (document: PatternDocument): EditableChart => chartFromPattern(parsePatternDocument(JSON.stringify(document)));
  const documentOf = (chart: EditableChart) => JSON.parse(JSON.stringify(toPatternDocument(patternFromChart(chart)))) as PatternDocument;

  it('saves a chart turned a quarter clockwise, with its part stitches, backstitch and knots, and reads it back as saved', async () => {
    const plan = await generated(alice);
    const projectId = plan.project_id!;
    const { etag, document } = await readPattern(alice, projectId);
    expect(document.width).not.toBe(document.height); // so the turn swaps the size
    let chart = chartOf(document);
    chart = placePart(chart, 1, 0, 'three-quarter-tl', 0).chart;
    chart = addBackstitch(chart, { x: 0, y: 0 }, { x: 4, y: 2 }, 1).chart;
    chart = placeKnot(chart, { x: 3, y: 1 }, 0).chart;
    const turned = rotateChart(chart, 1).chart;
    expect({ width: turned.width, height: turned.height }).toEqual({ width: chart.height, height: chart.width });

    const response = await saved(alice, projectId, documentOf(turned), etag);
    expect(response.version).toBe(2);
    const current = await readPattern(alice, projectId);
    expect(current.document).toEqual(documentOf(turned));
    expect(current.document).toMatchObject({
      part_stitches: [{ x: turned.width - 1, y: 1, kind: 'three-quarter-tr' }],
      knots: [{ x: 2 * turned.width - 1, y: 3 }],
    });
    expect((await projectOf(alice, projectId)).metadata.grid_size).toEqual({ width: turned.width, height: turned.height });
  });

  it('saves a heart drawn with four-way mirror drawing, symmetric both ways', async () => {
    const plan = await generated(alice);
    const projectId = plan.project_id!;
    const { etag, document } = await readPattern(alice, projectId);
    const blank: EditableChart = { ...chartOf(document), cells: new Int16Array(document.width * document.height).fill(-1) };
    const axes = centredAxes(blank, 'both');
    const path = [
      { x: 10, y: 3 },
      { x: 4, y: 6 },
      { x: 10, y: 14 },
    ];
    const drawn = drawMirrored(
      blank,
      (chart, image) =>
        stroke(
          chart,
          path.map((point) => image.cell(point)),
          0,
        ),
      axes,
    ).chart;
    const response = await saved(alice, projectId, documentOf(drawn), etag);
    expect(response.stitches).toBeGreaterThan(4 * 10);
    const current = chartOf((await readPattern(alice, projectId)).document);
    const { width, height } = current;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const at = current.cells[y * width + x];
        expect(current.cells[y * width + width - 1 - x], `(${x}, ${y}) left-right`).toBe(at);
        expect(current.cells[(height - 1 - y) * width + x], `(${x}, ${y}) top-bottom`).toBe(at);
      }
    }
  });

  /** Cells (row by row, `width` a row) where `to` takes them, in a chart `newWidth` a row, in order. */
  const moved = (cells: number[], width: number, newWidth: number, to: (x: number, y: number) => [number, number]): number[] =>
    cells
      .map((cell) => {
        const [x, y] = to(cell % width, Math.floor(cell / width));
        return y * newWidth + x;
      })
      .sort((a, b) => a - b);

  it('moves the stitches marked done with the chart when it is turned, and when it is mirrored', async () => {
    const plan = await generated(alice);
    const projectId = plan.project_id!;
    const { etag, document } = await readPattern(alice, projectId);
    const marked = markableOf(document).filter((cell) => cell % 3 === 0);
    await stored(alice, projectId, { version: 1, done: bitsOf(document, marked) });
    const chart = chartOf(document);
    const turned = rotateChart(chart, 1).chart; // (x, y) goes to (height − 1 − y, x)
    await saved(alice, projectId, documentOf(turned), etag);
    const whereTurned = moved(marked, chart.width, turned.width, (x, y) => [chart.height - 1 - y, x]);
    const afterTurn = await progressOf(alice, projectId);
    expect(afterTurn).toMatchObject({ version: 2, done_count: marked.length });
    expect(doneCells(afterTurn)).toEqual(whereTurned);

    const current = await readPattern(alice, projectId);
    await saved(alice, projectId, documentOf(flipChart(turned, 'horizontal').chart), current.etag);
    const whereFlipped = moved(whereTurned, turned.width, turned.width, (x, y) => [turned.width - 1 - x, y]);
    const afterFlip = await progressOf(alice, projectId);
    expect(afterFlip).toMatchObject({ version: 3, done_count: marked.length });
    expect(doneCells(afterFlip)).toEqual(whereFlipped);
  });

  it('refuses a turned chart whose part stitch lies off it, naming the field, and keeps the version there was', async () => {
    const plan = await generated(alice);
    const projectId = plan.project_id!;
    const { etag, document } = await readPattern(alice, projectId);
    const turned = documentOf(rotateChart(placePart(chartOf(document), 0, 0, 'quarter-tl', 0).chart, 1).chart);
    const offChart = { ...turned, part_stitches: [{ ...turned.part_stitches[0]!, x: turned.width }] };
    const response = await savePattern(alice, projectId, offChart, etag);
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { code: string; errors: { field: string }[] };
    expect(problem.code).toBe('invalid_pattern');
    expect(problem.errors.map((e) => e.field).join(' ')).toMatch(/^part_stitches\.0/);
    expect((await readPattern(alice, projectId)).etag).toBe(etag);
  });
});
