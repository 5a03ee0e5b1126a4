import { toPatternDocument, type Pattern, type PatternDocument } from '../model.js';
import { threadKey } from '../../threads/brand-names.js';
import { renumberMarks, sameMarks } from '../stitches.js';
import { chartFromPattern, legendThread, patternFromChart, type ChartThread, type EditableChart } from './chart.js';
import { applyEdit, diffMarks, resizeTo, sameThread, type ChartSize, type EditResult, type ThreadChange } from './edit.js';

/**
 * An edit operation that turns the chart into `target` (a restored draft, an opened version), so that it
 * becomes one step on top of the chart being edited: it can be undone, it counts as unsaved, and Save makes
 * it a new version. Thread slots never move: each of the target's threads takes the slot of the same DMC
 * thread where there is one (a removed one comes back), others are added at the end, and threads the
 * target does not have are removed. A target of another size resizes the chart in the same step (the chart
 * grows, or shrinks once the target's stitches have replaced its own).
 */
export function replaceChart(target: Pattern, label: string): (chart: EditableChart) => EditResult {
  return (chart) => {
    const threads: ChartThread[] = [];
    const changes: ThreadChange[] = [];
    const slotOf = target.legend.map((entry) => {
      const wanted = legendThread(entry);
      const candidates = chart.threads
        .map((thread, slot) => ({ thread, slot }))
        .filter(({ thread }) => thread.brand === entry.brand && thread.code === entry.code);
      const existing = candidates.find(({ thread }) => !thread.removed) ?? candidates[0];
      if (existing) {
        changes.push({ index: existing.slot, before: existing.thread, after: wanted });
        return existing.slot;
      }
      const slot = chart.threads.length + threads.length;
      threads.push(wanted);
      changes.push({ index: slot, before: undefined, after: wanted });
      return slot;
    });
    const kept = new Set(slotOf);
    chart.threads.forEach((thread, slot) => {
      if (!kept.has(slot) && !thread.removed) changes.push({ index: slot, before: thread, after: { ...thread, removed: true } });
    });

    // Cells index the larger of the two sizes, as a resizing edit's do.
    const span = { width: Math.max(chart.width, target.width), height: Math.max(chart.height, target.height) };
    const indices: number[] = [];
    const before: number[] = [];
    const after: number[] = [];
    for (let y = 0; y < span.height; y++) {
      for (let x = 0; x < span.width; x++) {
        const was = cellAt(chart, x, y);
        const cell = cellAt(target, x, y);
        const wanted = cell < 0 ? -1 : slotOf[cell]!;
        if (was === wanted) continue;
        indices.push(y * span.width + x);
        before.push(was);
        after.push(wanted);
      }
    }
    // Thread changes that change nothing are left out, so that opening the same chart is no step at all.
    const threadChanges = changes.filter(({ before: was, after: now }) => !was || !now || !sameThread(was, now));
    const marks = diffMarks(chart.marks, renumberMarks(target.marks, slotOf));
    const resize = resizeTo(chart, target);
    return applyEdit(chart, {
      label,
      threads: threadChanges,
      cells: { indices: Int32Array.from(indices), before: Int16Array.from(before), after: Int16Array.from(after) },
      ...(marks ? { marks: [marks] } : {}),
      ...(resize ? { resize } : {}),
    });
  };
}

/** The cell at (x, y), −1 outside the grid. */
const cellAt = (grid: ChartSize & { cells: Int16Array }, x: number, y: number): number =>
  x < grid.width && y < grid.height ? grid.cells[y * grid.width + x]! : -1;

/** The document of a chart as it is saved (legend of the threads with stitches, most first). */
export function documentOfChart(chart: EditableChart): PatternDocument {
  return toPatternDocument(patternFromChart(chart));
}

/** Whether two documents are the same chart: size, cells, marks, and each legend entry's thread and symbol. */
export function sameChart(a: PatternDocument, b: PatternDocument): boolean {
  if (a.width !== b.width || a.height !== b.height || a.cells.length !== b.cells.length || a.legend.length !== b.legend.length) return false;
  if (a.legend.some((entry, i) => threadKey(entry) !== threadKey(b.legend[i]!) || entry.symbol !== b.legend[i]!.symbol)) return false;
  const marksOf = (document: PatternDocument) => ({ parts: document.part_stitches, backstitches: document.backstitches, knots: document.knots });
  return a.cells.every((cell, i) => cell === b.cells[i]) && sameMarks(marksOf(a), marksOf(b));
}

/** A pattern as the editor saves it, for comparing with drafts (a stored document may list its legend otherwise). */
export function canonicalDocument(pattern: Pattern): PatternDocument {
  return documentOfChart(chartFromPattern(pattern));
}
