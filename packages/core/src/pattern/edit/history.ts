import type { EditableChart } from './chart.js';
import { applyEdit, isEmptyEdit, type Edit } from './edit.js';

/** Bytes an edit keeps alive: 8 per changed cell (index, before, after) and a little per thread change and resize. */
export function editBytes(edit: Edit): number {
  const marks = (edit.marks ?? []).reduce(
    (sum, { remove, add }) => sum + [remove, add].reduce((n, m) => n + m.parts.length + m.backstitches.length + m.knots.length, 0),
    0,
  );
  return (edit.cells?.indices.length ?? 0) * 8 + (edit.threads?.length ?? 0) * 200 + marks * 64 + (edit.resize ? 32 : 0);
}

/**
 * Undo and redo as stacks of inverse edits (changes, never whole charts). Each undo applies the newest
 * inverse and keeps the inverse of that for redo. Past `limit` steps, or past `maxBytes` of changes, the
 * oldest steps are dropped (the newest step is always kept).
 */
export class EditHistory {
  private readonly undoStack: Edit[] = [];
  private readonly redoStack: Edit[] = [];
  private storedBytes = 0;

  constructor(
    readonly limit = 500,
    readonly maxBytes = Infinity,
  ) {
    if (!(limit >= 1)) throw new RangeError('An edit history keeps at least one step');
  }

  /** Records the inverse of an operation just done, and forgets what could be redone. An empty edit is no step. */
  record(inverse: Edit): void {
    if (isEmptyEdit(inverse)) return;
    this.redoStack.forEach((edit) => (this.storedBytes -= editBytes(edit)));
    this.redoStack.length = 0;
    this.push(this.undoStack, inverse);
    while (this.undoStack.length > 1 && (this.undoStack.length > this.limit || this.storedBytes > this.maxBytes)) {
      this.storedBytes -= editBytes(this.undoStack.shift()!);
    }
  }

  /** The chart before the last step, or undefined when there is nothing to undo. */
  undo(chart: EditableChart): EditableChart | undefined {
    return this.move(chart, this.undoStack, this.redoStack);
  }

  /** The chart again after the last undone step, or undefined when there is nothing to redo. */
  redo(chart: EditableChart): EditableChart | undefined {
    return this.move(chart, this.redoStack, this.undoStack);
  }

  /** Forgets every step (a newly loaded chart). */
  clear(): void {
    this.undoStack.length = 0;
    this.redoStack.length = 0;
    this.storedBytes = 0;
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  get undoLabel(): string | undefined {
    return this.undoStack.at(-1)?.label;
  }

  get redoLabel(): string | undefined {
    return this.redoStack.at(-1)?.label;
  }

  get undoSteps(): number {
    return this.undoStack.length;
  }

  get redoSteps(): number {
    return this.redoStack.length;
  }

  /** Memory held by the stored changes, about. */
  get bytes(): number {
    return this.storedBytes;
  }

  private move(chart: EditableChart, from: Edit[], to: Edit[]): EditableChart | undefined {
    const edit = from.at(-1);
    if (!edit) return undefined;
    const result = applyEdit(chart, edit); // throws, leaving both stacks as they were, if the chart is not the one recorded
    from.pop();
    this.storedBytes -= editBytes(edit);
    this.push(to, result.inverse);
    return result.chart;
  }

  private push(stack: Edit[], edit: Edit): void {
    stack.push(edit);
    this.storedBytes += editBytes(edit);
  }
}
