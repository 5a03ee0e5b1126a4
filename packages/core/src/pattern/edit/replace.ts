import { toPatternDocument, type Pattern, type PatternDocument } from '../model.js';
import { threadKey } from '../../threads/brand-names.js';
import { renumberMarks, sameMarks } from '../stitches.js';
import { ChartEditError, chartFromPattern, legendThread, patternFromChart, type ChartThread, type EditableChart } from './chart.js';
import { applyEdit, diffMarks, sameThread, type EditResult, type ThreadChange } from './edit.js';

/**
 * An edit operation that turns the chart into `target` (a restored draft, an opened version), so that it
 * becomes one step on top of the chart being edited: it can be undone, it counts as unsaved, and Save makes
 * it a new version. Thread slots never move: each of the target's threads takes the slot of the same DMC
 * thread where there is one (a removed one comes back), others are added at the end, and threads the
 * target does not have are removed.
 */
export function replaceChart(target: Pattern, label: string): (chart: EditableChart) => EditResult {
  return (chart) => {
    if (chart.width !== target.width || chart.height !== target.height) {
      throw new ChartEditError(
        `That chart is ${target.width} × ${target.height} stitches, and this one ${chart.width} × ${chart.height}: it cannot be opened here.`,
      );
    }
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

    const indices: number[] = [];
    const before: number[] = [];
    const after: number[] = [];
    for (let at = 0; at < chart.cells.length; at++) {
      const wanted = target.cells[at]! < 0 ? -1 : slotOf[target.cells[at]!]!;
      if (chart.cells[at] === wanted) continue;
      indices.push(at);
      before.push(chart.cells[at]!);
      after.push(wanted);
    }
    // Thread changes that change nothing are left out, so that opening the same chart is no step at all.
    const threadChanges = changes.filter(({ before: was, after: now }) => !was || !now || !sameThread(was, now));
    const marks = diffMarks(chart.marks, renumberMarks(target.marks, slotOf));
    return applyEdit(chart, {
      label,
      threads: threadChanges,
      cells: { indices: Int32Array.from(indices), before: Int16Array.from(before), after: Int16Array.from(after) },
      ...(marks ? { marks: [marks] } : {}),
    });
  };
}

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
