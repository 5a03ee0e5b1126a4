import {
  carryProgress,
  countDone,
  decodeProgress,
  emptyProgress,
  encodeProgress,
  keepMarkable,
  markableCells,
  mergeProgress,
  progressBytes,
  type Pattern,
} from '@stitchwise/core';
import type { ProgressBody, StitchingProgress } from '../contract/progress.js';
import { nowIso } from '../db/database.js';
import type { PatternVersionRow, StitchingProgressRow, UserRow } from '../db/schema.js';
import { HttpProblem } from '../http/problem.js';
import { KEPT_LATEST_VERSIONS, type PatternVersionsRepository } from '../repositories/pattern-versions.js';
import type { ProgressMarks, ProgressRepository, ProgressState } from '../repositories/progress.js';
import type { PatternVersionsService } from './pattern-versions.js';

/** Times a write is tried again when a save makes another version current meanwhile. */
const WRITE_ATTEMPTS = 3;

/** A chart's progress row with these marks (limited to the cells that can be marked), or with none. */
export function progressStateOf(pattern: Pattern, done?: Uint8Array, updatedAt: string | null = null): ProgressState {
  const markable = markableCells(pattern);
  const bits = done ? keepMarkable(done, markable) : emptyProgress(pattern.width, pattern.height);
  return {
    width: pattern.width,
    height: pattern.height,
    markable: encodeProgress(markable),
    done: encodeProgress(bits),
    done_count: countDone(bits),
    total: countDone(markable),
    updated_at: updatedAt,
  };
}

/** A bitset this server stored. */
export function storedBits(text: string): Uint8Array {
  const bits = decodeProgress(text);
  if (!bits) throw new Error('A stored progress bitset is not base64');
  return bits;
}

/**
 * Which stitches of a project's chart are done, one bit a cell, for the current chart version. Marks made
 * on an older version (offline, before an edit elsewhere) are carried over to the current one where the
 * stitch did not change and merged with what is stored; a save does the same for the stored marks
 * (`PatternVersionsService.save`). A version's row is made from its chart when first needed.
 */
export class ProgressService {
  constructor(
    private readonly versions: PatternVersionsService,
    private readonly versionRows: PatternVersionsRepository,
    private readonly progress: ProgressRepository,
  ) {}

  async get(user: UserRow, projectId: string): Promise<StitchingProgress> {
    const current = await this.versions.currentOf(user, projectId);
    return view(await this.rowOf(current));
  }

  /**
   * Stores the client's whole bitset for its version: as it is for the current version (last writer
   * wins), carried over and merged for an older one. 409 for a version the project does not have.
   */
  async put(user: UserRow, projectId: string, { version, done }: ProgressBody): Promise<StitchingProgress> {
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const current = await this.versions.currentOf(user, projectId);
      if (version > current.version) throw unknownVersion(version);
      const written = version === current.version ? await this.replace(current, done) : await this.mergeOlder(current, version, done);
      if (written) return view(written);
    }
    throw new HttpProblem(409, 'chart_changed', 'The chart was saved again and again while these marks were stored. Please try again.');
  }

  private async replace(current: PatternVersionRow, done: Uint8Array): Promise<StitchingProgressRow | undefined> {
    const row = await this.rowOf(current);
    checkSize(done, row);
    const updatedAt = nowIso();
    return this.progress.write(current.project_id, current.version, (stored) => marksOf(keepMarkable(done, storedBits(stored.markable)), updatedAt));
  }

  private async mergeOlder(current: PatternVersionRow, version: number, done: Uint8Array): Promise<StitchingProgressRow | undefined> {
    const older = await this.versionRows.find(current.project_id, version);
    if (!older) throw unknownVersion(version);
    const before = await this.versions.patternOf(older).catch(() => {
      throw unknownVersion(version); // dropped by a save a moment ago
    });
    checkSize(done, before);
    const after = await this.versions.patternOf(current);
    await this.rowOf(current, after);
    const carried = carryProgress(before, after, keepMarkable(done, markableCells(before)));
    const updatedAt = nowIso();
    return this.progress.write(current.project_id, current.version, (stored) => {
      const merged = keepMarkable(mergeProgress(storedBits(stored.done), carried), storedBits(stored.markable));
      return marksOf(merged, updatedAt);
    });
  }

  /** The version's row, recorded from its chart (read now unless given) when it has none yet. */
  private async rowOf(version: PatternVersionRow, pattern?: Pattern): Promise<StitchingProgressRow> {
    const stored = await this.progress.find(version.project_id, version.version);
    if (stored) return stored;
    const row = { project_id: version.project_id, version: version.version, ...progressStateOf(pattern ?? (await this.versions.patternOf(version))) };
    await this.progress.addIfMissing(row);
    return (await this.progress.find(version.project_id, version.version)) ?? { ...row, updated_at: null };
  }
}

function marksOf(bits: Uint8Array, updatedAt: string): ProgressMarks {
  return { done: encodeProgress(bits), done_count: countDone(bits), updated_at: updatedAt };
}

function view({ version, width, height, done, done_count, total, updated_at }: StitchingProgressRow): StitchingProgress {
  return { version, width, height, done, done_count, total, updated_at };
}

/** 400 unless the bitset has exactly one bit a cell of the chart it was made on. */
function checkSize(done: Uint8Array, { width, height }: { width: number; height: number }): void {
  const expected = progressBytes(width, height);
  if (done.length === expected) return;
  throw HttpProblem.invalidFields([
    {
      field: 'done',
      message: `done must be ${expected} bytes in base64, one bit for each of the ${width} × ${height} stitches of this chart version; it is ${done.length}`,
    },
  ]);
}

function unknownVersion(version: number): HttpProblem {
  return new HttpProblem(
    409,
    'unknown_version',
    `This chart has no version ${version} (only the original and the last ${KEPT_LATEST_VERSIONS} versions are kept): reload the chart and mark the stitches again.`,
  );
}
