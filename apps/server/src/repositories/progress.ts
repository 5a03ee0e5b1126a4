import type { Insertable, Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database, StitchingProgressRow, StitchingProgressTable } from '../db/schema.js';

export type NewStitchingProgressRow = Insertable<StitchingProgressTable>;
/** A row's contents apart from its key. */
export type ProgressState = Omit<NewStitchingProgressRow, 'project_id' | 'version'>;
export type ProgressMarks = Pick<StitchingProgressRow, 'done' | 'done_count' | 'updated_at' | 'daily'>;

/** Done and markable cells of a project's current chart, for the projects list. */
export interface ProgressSummary {
  done_count: number;
  total: number;
}

/**
 * Stitches marked done, per project and chart version. Callers have checked that the user owns the project
 * (as for pattern versions). Writes take the lock of the chart version's row first, as a save does, so a
 * write and a save of the same project happen one after the other: the save carries over what was written.
 */
export class ProgressRepository {
  constructor(private readonly db: Db) {}

  find(projectId: string, version: number): Promise<StitchingProgressRow | undefined> {
    return this.db.selectFrom('stitching_progress').selectAll().where('project_id', '=', projectId).where('version', '=', version).executeTakeFirst();
  }

  /** Records a version's row unless it has one already (two first readers may race). */
  async addIfMissing(row: NewStitchingProgressRow): Promise<void> {
    await this.db
      .insertInto('stitching_progress')
      .values(row)
      .onConflict((conflict) => conflict.columns(['project_id', 'version']).doNothing())
      .execute();
  }

  /**
   * Changes the marks of a version's row while that version is the project's current one: `change` gets
   * the stored row and gives the new marks. Undefined when the version is no longer current (a save came
   * first, or the project is gone) or has no row yet: the caller looks again.
   */
  async write(projectId: string, version: number, change: (stored: StitchingProgressRow) => ProgressMarks): Promise<StitchingProgressRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      // A no-op update of the version's row: PostgreSQL makes a save of this version wait (SQLite runs one writer at a time).
      const locked = await trx
        .updateTable('pattern_versions')
        .set((eb) => ({ replaced_at: eb.ref('replaced_at') }))
        .where('project_id', '=', projectId)
        .where('version', '=', version)
        .where('replaced_at', 'is', null)
        .executeTakeFirst();
      if (locked.numUpdatedRows === 0n) return undefined;
      const stored = await trx
        .selectFrom('stitching_progress')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('version', '=', version)
        .executeTakeFirst();
      if (!stored) return undefined;
      const marks = change(stored);
      await trx.updateTable('stitching_progress').set(marks).where('project_id', '=', projectId).where('version', '=', version).execute();
      return { ...stored, ...marks };
    });
  }

  /**
   * In a save's transaction, after the new version's row is written: the new version's progress, made by
   * `carry` from the replaced version's row (or none), replaces the project's older rows.
   */
  async carryOver(
    trx: Transaction<Database>,
    projectId: string,
    from: number,
    to: number,
    carry: (replaced: StitchingProgressRow | undefined) => Promise<ProgressState>,
  ): Promise<void> {
    const replaced = await trx.selectFrom('stitching_progress').selectAll().where('project_id', '=', projectId).where('version', '=', from).executeTakeFirst();
    const state = await carry(replaced);
    await trx.deleteFrom('stitching_progress').where('project_id', '=', projectId).execute();
    await trx
      .insertInto('stitching_progress')
      .values({ ...state, project_id: projectId, version: to })
      .execute();
  }

  /** Each project's row of its current chart version. */
  async summaries(projectIds: readonly string[]): Promise<Map<string, ProgressSummary>> {
    if (projectIds.length === 0) return new Map();
    const rows = await this.ofCurrentVersions()
      .select(['progress.project_id', 'progress.done_count', 'progress.total'])
      .where('progress.project_id', 'in', projectIds)
      .execute();
    return new Map(rows.map(({ project_id, done_count, total }) => [project_id, { done_count, total }]));
  }

  /** The row of a project's current chart version, for a copy of the chart to start from. */
  current(projectId: string): Promise<StitchingProgressRow | undefined> {
    return this.ofCurrentVersions().selectAll('progress').where('progress.project_id', '=', projectId).executeTakeFirst();
  }

  /** Rows of current chart versions: version 1 for projects whose versions are not recorded yet. */
  private ofCurrentVersions() {
    return this.db
      .selectFrom('stitching_progress as progress')
      .where((eb) =>
        eb(
          'progress.version',
          '=',
          eb.fn.coalesce(
            eb
              .selectFrom('pattern_versions as current')
              .select('current.version')
              .whereRef('current.project_id', '=', 'progress.project_id')
              .where('current.replaced_at', 'is', null),
            eb.lit(1),
          ),
        ),
      );
  }
}
