/**
 * The sync engine's record of what it keeps in the browser (progress-store.ts holds the format): one
 * project's unsent marks per chart version, found on the first read and rewritten as they change. A version
 * with nothing left to send is forgotten, but only while storage still holds what this engine kept there:
 * another tab, or a newer page of this one, may have kept its own since.
 */
import { forgetKept, readKept, writeKept, type KeptMarks } from './progress-store';

export class ProgressKeeper {
  /** What this engine has kept in storage (or found there), by version. */
  private kept = new Map<number, string>();

  constructor(
    private readonly storage: Storage | undefined,
    private readonly projectId: string,
  ) {}

  /** The project's kept marks, oldest version first; from now on they are this engine's to replace or forget. */
  read(): KeptMarks[] {
    return readKept(this.storage, this.projectId).map(({ text, ...marks }) => {
      this.kept.set(marks.version, text);
      return marks;
    });
  }

  /** Keeps each version's unsent marks (one entry a version), and forgets the versions kept before that have none left. */
  keep(unsent: readonly KeptMarks[]): void {
    const keep = new Map<number, string>();
    for (const marks of unsent) {
      const text = writeKept(this.storage, this.projectId, marks);
      if (text) keep.set(marks.version, text);
    }
    for (const [version, text] of this.kept) if (!keep.has(version)) forgetKept(this.storage, this.projectId, version, text);
    this.kept = keep;
  }
}
