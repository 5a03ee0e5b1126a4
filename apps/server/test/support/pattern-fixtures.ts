import { CHART_SYMBOLS, DMC_THREADS, findThread, type LegendEntry, type PatternDocument, legendEntryOf, namedThread } from '@stitchwise/core';
import { expect } from 'vitest';
import type { PatternVersionList } from '../../src/contract/pattern-versions.js';
import type { ApiClient } from './harness.js';
import { pdfPageTexts } from './pdf-text.js';

/** Charts built in a test, and the edits a stitcher makes to one, as pattern documents. */

/** The legend entry of catalogue thread `code` at `index`, as the server writes one. */
export function legendEntry(code: string, index: number, stitchCount = 0, symbol: string = CHART_SYMBOLS[index]!): LegendEntry {
  return legendEntryOf(namedThread(findThread(code)!), index, symbol, stitchCount);
}

/** A version 3 pattern document of these cells and legend, with the marks given (none else) and no statistics. */
export function patternDocument(
  chart: Pick<PatternDocument, 'width' | 'height' | 'legend' | 'cells'> & Partial<Pick<PatternDocument, 'part_stitches' | 'backstitches' | 'knots'>>,
): PatternDocument {
  return {
    format: 'stitchwise-pattern',
    version: 3,
    part_stitches: [],
    backstitches: [],
    knots: [],
    stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 0 },
    ...chart,
  };
}

/** Colours, names and counts as a careless or hostile client might send them. */
export const LIES = { hex: '#00ff00', name: 'Lime (trust me)', dmc_name: 'Lime (trust me)', stitch_count: 1, rgb: { r: 0, g: 255, b: 0 } };

/** The first chart symbol that `document`'s legend does not use. */
const freeSymbol = (document: PatternDocument): string => CHART_SYMBOLS.find((candidate) => !document.legend.some((entry) => entry.symbol === candidate))!;

/** A catalogue thread that `document` does not use, different for each `nth`. */
export const freeThread = (document: PatternDocument, nth = 0): string =>
  DMC_THREADS.filter((t) => !document.legend.some((e) => e.dmc_code === t.code))[nth]!.code;

/**
 * A stitcher's edit: the top-left `size` × `size` stitches painted with `code` (a thread the chart did not
 * have, given the first free symbol), and every legend entry's colour, name and count lied about.
 */
export function paint(original: PatternDocument, code: string, size = 3): PatternDocument {
  const added = original.legend.length;
  const legend: LegendEntry[] = [...original.legend.map((entry) => ({ ...entry, ...LIES })), { ...legendEntry(code, added, 0, freeSymbol(original)), ...LIES }];
  const cells = original.cells.map((cell, position) => (position % original.width < size && position < original.width * size ? added : cell));
  return { ...original, legend, cells };
}

/**
 * Another edit: the first row repainted with a new thread, cell `erased` emptied and given a half stitch of the
 * first thread, and the legend's counts as a client would leave them (the server counts again).
 */
export function repaintFirstRow(original: PatternDocument, erased: number): PatternDocument {
  const added = original.legend.length;
  const legend = [...original.legend, legendEntry(freeThread(original), added, 0, freeSymbol(original))];
  const cells = original.cells.map((cell, index) => (index < original.width ? added : index === erased ? -1 : cell));
  const x = erased % original.width;
  const y = (erased - x) / original.width;
  return { ...original, legend, cells, part_stitches: [{ x, y, kind: 'half-slash', thread: 0 }] };
}

/** The legend must be the catalogue's, counted from the cells, whatever was sent. */
export function expectCatalogueLegend(document: PatternDocument): void {
  document.legend.forEach((entry, index) => {
    const thread = findThread(entry.dmc_code)!;
    expect(entry).toMatchObject({ index, hex: thread.hex, dmc_name: thread.name, rgb: { r: thread.r, g: thread.g, b: thread.b } });
    expect(entry.stitch_count).toBe(document.cells.filter((cell) => cell === index).length);
  });
}

/** Cells as the threads they name, so that documents with differently numbered legends compare. */
export const stitchedCodes = (document: Pick<PatternDocument, 'legend'> & { cells: ArrayLike<number> }): (string | null)[] =>
  Array.from(document.cells, (cell) => (cell < 0 ? null : document.legend[cell]!.dmc_code));

/** The text of every page of a PDF. */
export const pdfText = async (pdf: ArrayBuffer): Promise<string> => (await pdfPageTexts(pdf)).join('\n');

/** `GET /stitch/projects/:id/pattern/versions`, read as a list. */
export const versionsOf = async (client: ApiClient, projectId: string): Promise<PatternVersionList> =>
  (await (await client.api(`/stitch/projects/${projectId}/pattern/versions`)).json()) as PatternVersionList;
