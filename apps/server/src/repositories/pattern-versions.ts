import type { Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database, NewPatternVersionRow, PatternVersionRow } from '../db/schema.js';
import { projectColumns, type StoredProject } from './stored-project.js';
import type { StoredFileRef } from './storage-usage.js';

/** The original and this many of the latest versions are kept; older ones go with their files. */
export const KEPT_LATEST_VERSIONS = 20;

/** A save lost its race: the version it replaces is no longer the current one (or the project is gone). */
export class VersionConflict extends Error {
  override readonly name = 'VersionConflict';
}

export interface PatternSave {
  projectId: string;
  userId: string;
  /** The version the client edited; the save succeeds only while it is still the current one. */
  replaces: number;
  /** Version 1 for a project that has no versions yet, written in the same transaction. */
  original?: NewPatternVersionRow | undefined;
  saved: Omit<NewPatternVersionRow, 'project_id' | 'version' | 'replaced_at'>;
  /** The saved version's files with their sizes, recorded among the project's files. */
  files: readonly StoredFileRef[];
  project: Pick<StoredProject, 'outputs' | 'metadata' | 'color_legend' | 'updated_at'>;
  /** Carries the stitching progress over to the new version, in the same transaction. */
  carryProgress?: ((trx: Transaction<Database>, version: number) => Promise<void>) | undefined;
}

/**
 * The saved versions of projects' charts. Callers have checked that the user owns the project; a save
 * names the owner again in its update of the project, in the same transaction.
 */
export class PatternVersionsRepository {
  constructor(private readonly db: Db) {}

  /** Newest first. */
  list(projectId: string): Promise<PatternVersionRow[]> {
    return this.db.selectFrom('pattern_versions').selectAll().where('project_id', '=', projectId).orderBy('version', 'desc').execute();
  }

  find(projectId: string, version: number): Promise<PatternVersionRow | undefined> {
    return this.db.selectFrom('pattern_versions').selectAll().where('project_id', '=', projectId).where('version', '=', version).executeTakeFirst();
  }

  current(projectId: string): Promise<PatternVersionRow | undefined> {
    return this.db.selectFrom('pattern_versions').selectAll().where('project_id', '=', projectId).where('replaced_at', 'is', null).executeTakeFirst();
  }

  /** Records a project's chart as version 1 unless it has one already (two first readers may race). */
  async addOriginal(original: NewPatternVersionRow): Promise<void> {
    await this.db
      .insertInto('pattern_versions')
      .values(original)
      .onConflict((conflict) => conflict.columns(['project_id', 'version']).doNothing())
      .execute();
  }

  /**
   * Stores a save as the next version, or throws VersionConflict when `replaces` is no longer current.
   * The compare-and-swap is the UPDATE of the replaced version's row: of two saves replacing the same
   * version, the database lets exactly one update it (SQLite runs one transaction at a time; PostgreSQL
   * makes the second wait for the first and then finds the row replaced). Returns the files of versions
   * dropped past the kept number, to be deleted once this has committed.
   */
  async save(save: PatternSave): Promise<{ version: number; droppedFiles: string[] }> {
    const version = save.replaces + 1;
    return this.db.transaction().execute(async (trx) => {
      if (save.original) {
        await trx
          .insertInto('pattern_versions')
          .values(save.original)
          .onConflict((conflict) => conflict.columns(['project_id', 'version']).doNothing())
          .execute();
      }
      const replaced = await trx
        .updateTable('pattern_versions')
        .set({ replaced_at: save.saved.created_at })
        .where('project_id', '=', save.projectId)
        .where('version', '=', save.replaces)
        .where('replaced_at', 'is', null)
        .executeTakeFirst();
      if (replaced.numUpdatedRows === 0n) throw new VersionConflict();
      const updated = await trx
        .updateTable('projects')
        .set(projectColumns(save.project))
        .where('id', '=', save.projectId)
        .where('user_id', '=', save.userId)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) throw new VersionConflict(); // deleted meanwhile
      await trx
        .insertInto('pattern_versions')
        .values({ ...save.saved, project_id: save.projectId, version, replaced_at: null })
        .execute();
      await trx
        .insertInto('project_files')
        .values(save.files.map(({ id, size }) => ({ project_id: save.projectId, file_id: id, size })))
        .execute();
      await save.carryProgress?.(trx, version);

      const dropped = await trx
        .selectFrom('pattern_versions')
        .select(['pattern_file', 'chart_file'])
        .where('project_id', '=', save.projectId)
        .where('version', '>', 1)
        .where('version', '<=', version - KEPT_LATEST_VERSIONS)
        .execute();
      const droppedFiles = dropped.flatMap((row) => [row.pattern_file, ...(row.chart_file ? [row.chart_file] : [])]);
      if (dropped.length > 0) {
        await trx
          .deleteFrom('pattern_versions')
          .where('project_id', '=', save.projectId)
          .where('version', '>', 1)
          .where('version', '<=', version - KEPT_LATEST_VERSIONS)
          .execute();
        // No longer stored, so no longer counted against the owner's storage.
        await trx.deleteFrom('project_files').where('project_id', '=', save.projectId).where('file_id', 'in', droppedFiles).execute();
      }
      return { version, droppedFiles };
    });
  }
}
