import { carryProgress, type Pattern } from '@stitchwise/core';
import { versionEtag, type PatternVersionList, type SavedPattern } from '../contract/pattern-versions.js';
import type { ProjectMetadata } from '../contract/projects.js';
import { nowIso } from '../db/database.js';
import type { NewPatternVersionRow, PatternVersionRow, StitchingProgressRow, UserRow } from '../db/schema.js';
import { HttpProblem } from '../http/problem.js';
import { VersionConflict, type PatternVersionsRepository } from '../repositories/pattern-versions.js';
import type { ProgressRepository, ProgressState } from '../repositories/progress.js';
import type { ProjectsRepository } from '../repositories/projects.js';
import type { FileStore, StoredFile } from '../storage/file-store.js';
import { chartImageSize, chartLookOf, estimatedImageBytes, type ChartStore } from './shared/chart-store.js';
import { originalVersion, versionNotFound, type CurrentVersions } from './shared/current-versions.js';
import { projectNotFound } from './shared/project-views.js';
import { progressStateOf, storedBits } from './shared/progress-state.js';
import type { StoredOutputs } from '../repositories/stored-project.js';
import type { StorageQuota } from './shared/storage-quota.js';

export interface CurrentPattern {
  etag: string;
  file: StoredFile;
}

/**
 * The saved versions of a project's chart: reading the current one with its version (the ETag), saving
 * an edit only over the version it was made from (no lost update), listing and reading past versions.
 * Version 1 is the chart as generated; projects from before versions existed get it when first used.
 */
export class PatternVersionsService {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly versions: PatternVersionsRepository,
    private readonly current: CurrentVersions,
    private readonly files: FileStore,
    private readonly charts: ChartStore,
    private readonly fileUrl: (id: string) => string,
    private readonly progress: ProgressRepository,
    private readonly quota: StorageQuota,
  ) {}

  async currentPattern(user: UserRow, projectId: string): Promise<CurrentPattern> {
    const project = await this.current.chartProject(user, projectId);
    const current = await this.current.currentVersion(project);
    return { etag: versionEtag(current.version), file: await this.documentOf(current) };
  }

  async list(user: UserRow, projectId: string): Promise<PatternVersionList> {
    const project = await this.current.chartProject(user, projectId);
    const current = await this.current.currentVersion(project);
    const rows = await this.versions.list(projectId);
    return {
      current_version: current.version,
      versions: rows.map((row) => ({
        version: row.version,
        created_at: row.created_at,
        stitches: row.stitches,
        threads: row.threads,
        is_original: row.version === 1,
        is_current: row.replaced_at === null,
      })),
    };
  }

  async version(user: UserRow, projectId: string, version: number): Promise<StoredFile> {
    const project = await this.current.chartProject(user, projectId);
    await this.current.currentVersion(project);
    const row = await this.versions.find(projectId, version);
    if (!row) throw versionNotFound();
    return this.documentOf(row);
  }

  /**
   * Saves an edited chart (the JSON bytes of its document) over the version the client read
   * (`editedVersions`, from If-Match): parsed and checked in the image pool by the contract and the core
   * (colours, names and counts from the catalogue and the cells), then stored as the next version in one
   * transaction that succeeds only while the edited version is still the current one; its chart image is
   * drawn when first asked for, not here. 412 otherwise, naming the current version. The stitching progress
   * moves to the new version in that transaction: marks on unchanged stitches stay.
   */
  async save(
    user: UserRow,
    projectId: string,
    editedVersions: readonly number[],
    documentJson: Uint8Array,
    signal?: AbortSignal,
  ): Promise<{ etag: string; saved: SavedPattern }> {
    const project = await this.current.chartProject(user, projectId);
    const existing = await this.versions.current(projectId);
    const replaces = existing?.version ?? 1;
    // Refused before any work: a stale editor should reload first.
    if (!editedVersions.includes(replaces)) throw versionConflict(replaces);

    const pattern = await this.charts.check(documentJson, 'saved', signal);
    const carry = await this.progressCarry(projectId, existing ?? originalVersion(project), pattern);
    const documentBytes = this.charts.documentOf(pattern);
    // Every kept version counts against the owner's storage (versions past the kept number go after the save);
    // its chart image, drawn when first asked for, counts at its estimate until then.
    const look = chartLookOf(project.stored.parameters);
    await this.quota.assertRoom(user, documentBytes.byteLength + estimatedImageBytes(pattern, look));
    const { chartId, patternId, files } = await this.charts.storeDocument(documentBytes, pattern, look);

    const savedAt = nowIso();
    const stitches = pattern.legend.reduce((sum, entry) => sum + entry.stitch_count, 0);
    const threads = pattern.legend.length;
    const metadata: ProjectMetadata = {
      ...project.stored.metadata,
      total_stitches: stitches,
      colors_count: threads,
      grid_size: { width: pattern.width, height: pattern.height },
      canvas_size: chartImageSize(pattern, look),
    };
    let saved: { version: number; droppedFiles: string[] };
    try {
      saved = await this.versions.save({
        projectId,
        userId: user.id,
        replaces,
        original: existing ? undefined : originalVersion(project),
        saved: { pattern_file: patternId, chart_file: chartId, stitches, threads, created_at: savedAt },
        files,
        project: {
          outputs: { ...project.stored.outputs, stitch_plan: chartId, pattern: patternId } satisfies StoredOutputs,
          metadata: metadata,
          color_legend: pattern.legend,
          updated_at: savedAt,
        },
        carryProgress: (trx, version) => this.progress.carryOver(trx, projectId, replaces, version, carry),
      });
    } catch (error) {
      await this.charts.discard({ chartId, patternId }); // nothing left behind
      if (error instanceof VersionConflict) throw await this.conflictAfterRace(user, projectId);
      throw error;
    }
    // After the commit. A file that fails to go is a leftover the sweep takes later; the save stands.
    await Promise.allSettled(saved.droppedFiles.map((id) => this.files.delete(id)));
    return {
      etag: versionEtag(saved.version),
      saved: { version: saved.version, saved_at: savedAt, stitches, threads, stitch_plan_url: this.fileUrl(chartId), pattern_url: this.fileUrl(patternId) },
    };
  }

  /**
   * The new version's stitching progress from the replaced version's: marks on unchanged stitches stay
   * (the core's carryProgress), and the record of stitches marked per day. The replaced chart is read before the save's transaction when it has marks,
   * and within it only if marks arrived meanwhile.
   */
  private async progressCarry(
    projectId: string,
    replaced: NewPatternVersionRow,
    saved: Pattern,
  ): Promise<(marked: StitchingProgressRow | undefined) => Promise<ProgressState>> {
    let before: Promise<Pattern> | undefined;
    const replacedPattern = (): Promise<Pattern> => (before ??= this.current.patternOf(replaced));
    if ((await this.progress.find(projectId, replaced.version))?.done_count) await replacedPattern();
    return async (marked) => {
      // The record of stitches marked per day stays whole: it counts the stitching done, whichever chart it was on.
      const daily = marked?.daily;
      if (!marked?.done_count) return { ...progressStateOf(saved, undefined, marked?.updated_at ?? null), daily };
      return { ...progressStateOf(saved, carryProgress(await replacedPattern(), saved, storedBits(marked.done)), marked.updated_at), daily };
    };
  }

  private async documentOf(version: Pick<PatternVersionRow, 'pattern_file'>): Promise<StoredFile> {
    const file = await this.files.get(version.pattern_file);
    if (!file) throw versionNotFound(); // dropped by a save a moment ago
    return file;
  }

  /** The 412 (or 404, when the project went) for a save that lost the race in the database. */
  private async conflictAfterRace(user: UserRow, projectId: string): Promise<HttpProblem> {
    const row = await this.projects.findOwned(projectId, user.id);
    if (!row) return projectNotFound();
    return versionConflict((await this.versions.current(projectId))?.version ?? 1);
  }
}

function versionConflict(current: number): HttpProblem {
  return new HttpProblem(
    412,
    'version_conflict',
    'This chart was changed elsewhere (another window or device) since it was opened. Reload it to see the newer version, or save this edit as a new project.',
    undefined,
    { ETag: versionEtag(current) },
  );
}
