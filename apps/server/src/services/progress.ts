import {
  applyProgressChanges,
  carryProgress,
  countDone,
  daysBetween,
  emptyProgress,
  encodeProgress,
  keepMarkable,
  markableCells,
  progressBytes,
  progressChanges,
  recentDaily,
  recordDay,
  utcDay,
  type Pattern,
  type ProgressChanges,
} from '@stitchwise/core';
import { DAY_LEEWAY, type ProgressBody, type StitchingProgress } from '../contract/progress.js';
import { nowIso } from '../db/database.js';
import type { PatternVersionRow, StitchingProgressRow, UserRow } from '../db/schema.js';
import { HttpProblem } from '../http/problem.js';
import { KEPT_LATEST_VERSIONS, type PatternVersionsRepository } from '../repositories/pattern-versions.js';
import type { ProgressRepository } from '../repositories/progress.js';
import type { CurrentVersions } from './shared/current-versions.js';
import { progressStateOf, storedBits, storedDaily } from './shared/progress-state.js';

/** Times a write is tried again when a save makes another version current meanwhile. */
const WRITE_ATTEMPTS = 3;

/** The calendar day a write's change is counted on (the stitcher's), and the server's date in UTC (which ages the record). */
interface WriteDay {
  on: string;
  today: string;
}

/**
 * Which stitches of a project's chart are done, one bit a cell, for the current chart version. A write is a
 * three-way merge: the client sends its bits and the server bits it last had (`base`), and only the cells it
 * changed since are changed in what is stored, so two devices never undo each other's marks. Changes made
 * on an older version (offline, before an edit elsewhere) are carried over to the current one where the
 * stitch did not change; a save does the same for the stored marks (`PatternVersionsService.save`). A
 * version's row is made from its chart when first needed. Each write adds the change it made to the done
 * count to the stitcher's day in the row's record of stitches marked per day (`daily`, for the statistics).
 */
export class ProgressService {
  constructor(
    private readonly versions: CurrentVersions,
    private readonly versionRows: PatternVersionsRepository,
    private readonly progress: ProgressRepository,
    /** The server's clock: its date in UTC is the day of a write that names none. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(user: UserRow, projectId: string): Promise<StitchingProgress> {
    const current = await this.versions.currentOf(user, projectId);
    return view(await this.rowOf(current), utcDay(this.now()));
  }

  /**
   * Stores a client's marks on its version: what changed against `base` is changed in the stored bits
   * (carried over first for an older version). Without a base, `done` replaces the current version's bits
   * (the later of two writes wins) and an older version's marks are added. The change to the done count is
   * counted on `day`, or on the server's date in UTC without it or when it is more than DAY_LEEWAY days off (a
   * device whose clock is wrong still stores its marks). 409 for a version the project does not have.
   */
  async put(user: UserRow, projectId: string, { version, done, base, day }: ProgressBody): Promise<StitchingProgress> {
    const today = utcDay(this.now());
    const plausible = day !== undefined && Math.abs(daysBetween(today, day)) <= DAY_LEEWAY;
    const when: WriteDay = { on: plausible ? day : today, today };
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const current = await this.versions.currentOf(user, projectId);
      if (version > current.version) throw unknownVersion(version);
      const written =
        version === current.version ? await this.writeCurrent(current, when, done, base) : await this.writeOlder(current, version, when, done, base);
      if (written) return view(written, today);
    }
    throw new HttpProblem(409, 'chart_changed', 'The chart was saved again and again while these marks were stored. Please try again.');
  }

  private async writeCurrent(
    current: PatternVersionRow,
    when: WriteDay,
    done: Uint8Array,
    base: Uint8Array | undefined,
  ): Promise<StitchingProgressRow | undefined> {
    const row = await this.rowOf(current);
    checkSizes(row, done, base);
    const changes = base && progressChanges(base, done);
    return this.write(current, when, (stored) => (changes ? applyProgressChanges(stored, changes) : done));
  }

  private async writeOlder(
    current: PatternVersionRow,
    version: number,
    when: WriteDay,
    done: Uint8Array,
    base: Uint8Array | undefined,
  ): Promise<StitchingProgressRow | undefined> {
    const older = await this.versionRows.find(current.project_id, version);
    if (!older) throw unknownVersion(version);
    const before = await this.versions.patternOf(older).catch(() => {
      throw unknownVersion(version); // dropped by a save a moment ago
    });
    checkSizes(before, done, base);
    const after = await this.versions.patternOf(current);
    await this.rowOf(current, after);
    // Without a base, nothing is known to be unmarked: the marks are only added.
    const changes = base ? progressChanges(base, done) : { set: done, clear: emptyProgress(before.width, before.height) };
    const markable = markableCells(before);
    const carried: ProgressChanges = {
      set: carryProgress(before, after, keepMarkable(changes.set, markable)),
      clear: carryProgress(before, after, keepMarkable(changes.clear, markable)),
    };
    return this.write(current, when, (stored) => applyProgressChanges(stored, carried));
  }

  /**
   * Writes the current version's marks made by `change` from the stored ones, limited to the cells that can
   * be marked, and counts the change in done stitches on the write's day.
   */
  private write(current: PatternVersionRow, when: WriteDay, change: (stored: Uint8Array) => Uint8Array): Promise<StitchingProgressRow | undefined> {
    const updatedAt = nowIso();
    return this.progress.write(current.project_id, current.version, (stored) => {
      const bits = keepMarkable(change(storedBits(stored.done)), storedBits(stored.markable));
      const doneCount = countDone(bits);
      const daily = recordDay(storedDaily(stored.daily), when.on, doneCount - stored.done_count, when.today);
      return { done: encodeProgress(bits), done_count: doneCount, updated_at: updatedAt, daily: JSON.stringify(daily) };
    });
  }

  /** The version's row, recorded from its chart (read now unless given) when it has none yet. */
  private async rowOf(version: PatternVersionRow, pattern?: Pattern): Promise<StitchingProgressRow> {
    const stored = await this.progress.find(version.project_id, version.version);
    if (stored) return stored;
    const row = { project_id: version.project_id, version: version.version, ...progressStateOf(pattern ?? (await this.versions.patternOf(version))) };
    await this.progress.addIfMissing(row);
    return (await this.progress.find(version.project_id, version.version)) ?? { ...row, updated_at: null, daily: '{}' };
  }
}

/** The row as answered, with the record of the last days up to `today` (the server's date in UTC). */
function view({ version, width, height, done, done_count, total, updated_at, daily }: StitchingProgressRow, today: string): StitchingProgress {
  return { version, width, height, done, done_count, total, updated_at, daily: recentDaily(storedDaily(daily), today) };
}

/** 400 unless each bitset has exactly one bit a cell of the chart it was made on. */
function checkSizes({ width, height }: { width: number; height: number }, done: Uint8Array, base: Uint8Array | undefined): void {
  const expected = progressBytes(width, height);
  const errors = Object.entries({ done, base })
    .filter(([, bits]) => bits !== undefined && bits.length !== expected)
    .map(([field, bits]) => ({
      field,
      message: `${field} must be ${expected} bytes in base64, one bit for each of the ${width} × ${height} stitches of this chart version; it is ${bits!.length}`,
    }));
  if (errors.length > 0) throw HttpProblem.invalidFields(errors);
}

function unknownVersion(version: number): HttpProblem {
  return new HttpProblem(
    409,
    'unknown_version',
    `This chart has no version ${version} (only the original and the last ${KEPT_LATEST_VERSIONS} versions are kept): reload the chart and mark the stitches again.`,
  );
}
