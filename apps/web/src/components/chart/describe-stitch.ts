import { threadLabel } from '@stitchwise/core';
import { partCorner, type PartKind } from '@stitchwise/core';
import type { CellPoint, ViewerChart, ViewerThread } from './types';

const CORNER_NAMES = { tl: 'top left', tr: 'top right', bl: 'bottom left', br: 'bottom right' } as const;

/** A part stitch in words: "½ stitch (/)", "¼ stitch (top left)", "¾ stitch (bottom right)". */
export function partName(kind: PartKind): string {
  const corner = partCorner(kind);
  if (!corner) return `½ stitch (${kind === 'half-slash' ? '/' : '\\'})`;
  return `${kind.startsWith('quarter') ? '¼' : '¾'} stitch (${CORNER_NAMES[corner]})`;
}

const threadName = (thread: ViewerThread) => `${thread.symbol} ${threadLabel(thread)} ${thread.name}`;

/**
 * The info line: the stitch's row and column (from 1), then its full stitch's or part stitches' symbol,
 * brand, code and name ("Row 3, column 4: ¾ stitch (top left) ◆ DMC 310 Black").
 */
export function describeStitch(chart: ViewerChart, cell: CellPoint | undefined): string {
  if (!cell) return 'Point at a stitch, or tap it, to see its thread.';
  const where = `Row ${cell.y + 1}, column ${cell.x + 1}`;
  const stitches: string[] = [];
  const full = chart.threads[chart.cells[cell.y * chart.width + cell.x] ?? -1];
  if (full && !full.removed) stitches.push(threadName(full));
  for (const part of chart.marks?.parts ?? []) {
    if (part.x !== cell.x || part.y !== cell.y) continue;
    const thread = chart.threads[part.thread];
    if (thread && !thread.removed) stitches.push(`${partName(part.kind)} ${threadName(thread)}`);
  }
  return `${where}: ${stitches.length > 0 ? stitches.join('; ') : 'no stitch'}`;
}
