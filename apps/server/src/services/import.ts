import { randomUUID } from 'node:crypto';
import { printableText, type Pattern, type ThreadBrand } from '@stitchwise/core';
import type { ImportedProject, ImportReport } from '../contract/imports.js';
import type { ProjectMetadata, ProjectParameters } from '../contract/projects.js';
import { nowIso } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import type { UploadedFile } from '../contract/multipart-form.js';
import { EXPORT_CHART_CELL_SIZE, type ImageTask } from '../images/image-worker.js';
import type { WorkerPool } from '../images/worker-pool.js';
import type { ProjectsRepository } from '../repositories/projects.js';
import { chartImageSize, chartLookOf, estimatedImageBytes, type ChartStore } from './shared/chart-store.js';
import type { ChartFile, ReadChartFile } from '../images/read-chart-file.js';
import { HttpProblem } from '../http/problem.js';
import { progressStateOf } from './shared/progress-state.js';
import type { ProjectViews } from './shared/project-views.js';
import type { StoredOutputs } from '../repositories/stored-project.js';
import type { StorageQuota } from './shared/storage-quota.js';

export interface ChartUpload {
  file: UploadedFile;
  /** The name the user gave; the chart's title or the file's name when blank. */
  name?: string | undefined;
  /** The brand colours become when the file names no thread the catalogues have. */
  brand: ThreadBrand;
}

const UNNAMED = 'Imported chart';
const MAX_NAME_LENGTH = 100;
/** Names looked up in one query when an imported chart's name is taken: one query in all, but for the most repeated imports. */
const NAMES_ASKED_AT_ONCE = 20;

/**
 * Charts from other programs (OXS) or saved from here (pattern JSON) become projects exactly like
 * generated ones, without an input image: the pattern document, the chart PNG (drawn in the image worker
 * pool, 12 px a stitch with symbols), metadata and legend. The file is read and drawn before anything is
 * stored, so a refused file leaves nothing behind.
 */
export class ImportService {
  constructor(
    private readonly pool: WorkerPool,
    private readonly charts: ChartStore,
    private readonly repository: ProjectsRepository,
    private readonly projects: ProjectViews,
    private readonly quota: StorageQuota,
  ) {}

  /** `signal` (the client going away) stops the reading of the file, and nothing is stored. */
  async importChart(user: UserRow, { file, name, brand }: ChartUpload, signal?: AbortSignal): Promise<ImportedProject> {
    const chart = await this.read(file.bytes, brand, signal);
    const { pattern } = chart;
    const projectName = await this.unusedName(user, name || chart.title || nameFromFile(file.filename) || UNNAMED);
    const documentBytes = this.charts.documentOf(pattern);
    // The chart image is drawn when first asked for, as generation draws it with symbols on.
    const look = chartLookOf(parametersOf(pattern));
    await this.quota.assertRoom(user, documentBytes.byteLength + estimatedImageBytes(pattern, look));
    const { chartId, patternId, files } = await this.charts.storeDocument(documentBytes, pattern, look);
    const now = nowIso();
    const projectId = randomUUID();
    try {
      await this.repository.insert(
        {
          id: projectId,
          user_id: user.id,
          name: projectName,
          description: null,
          status: 'active',
          parameters: parametersOf(pattern),
          metadata: metadataOf(pattern, chartImageSize(pattern, look)),
          outputs: { input_image: null, stitch_plan: chartId, pattern: patternId } satisfies StoredOutputs,
          color_legend: pattern.legend,
          created_at: now,
          updated_at: now,
        },
        files,
        progressStateOf(pattern), // its part stitches count among the cells to mark (see progressOf in shared/project-views.ts)
      );
    } catch (error) {
      await this.charts.discard({ chartId, patternId }); // nothing left behind
      throw error;
    }
    return { ...(await this.projects.get(user, projectId)), import_report: reportOf(chart) };
  }

  /**
   * `name`, or when the user has a project of that name already, 'name (imported)', then 'name (imported 2)'
   * and so on: the same chart imported twice, or exported and brought back, is told apart in the list.
   * Checked, then inserted: two imports of one chart at once can both get 'name (imported)'; acceptable, names are not unique.
   */
  private async unusedName(user: UserRow, name: string): Promise<string> {
    for (let first = 0; ; first += NAMES_ASKED_AT_ONCE) {
      const candidates = Array.from({ length: NAMES_ASKED_AT_ONCE }, (_, index) => importedName(name, first + index));
      const taken = await this.repository.takenNames(user.id, candidates);
      const free = candidates.find((candidate) => !taken.has(candidate));
      if (free !== undefined) return free;
    }
  }

  /** The file read and checked in the image pool (a large file takes seconds to parse); a refusal is the client's 400. */
  private async read(bytes: Uint8Array, brand: ThreadBrand, signal: AbortSignal | undefined): Promise<ChartFile> {
    const read = await this.pool.run<ReadChartFile>({ kind: 'read-chart-file', bytes, brand } satisfies ImageTask, undefined, signal);
    if ('chart' in read) return read.chart;
    throw new HttpProblem(400, 'invalid_chart_file', read.refused, [{ field: 'file', message: read.refused }]);
  }
}

/** As a generated project records its settings: the grid stands for the original size, since there is no picture. */
function parametersOf(pattern: Pattern): ProjectParameters {
  return {
    original_size: { width: pattern.width, height: pattern.height },
    colors: pattern.legend.length,
    cell_size: EXPORT_CHART_CELL_SIZE,
    return_symbols_overlay: true,
  };
}

function metadataOf(pattern: Pattern, { width, height }: { width: number; height: number }): ProjectMetadata {
  return {
    total_stitches: totalStitches(pattern),
    canvas_size: { width, height },
    colors_count: pattern.legend.length,
    grid_size: { width: pattern.width, height: pattern.height },
    confetti_before: round(pattern.stats.confetti_before),
    confetti_after: round(pattern.stats.confetti_after),
    mean_delta_e: round(pattern.stats.mean_delta_e),
  };
}

function reportOf({ format, title, pattern, thread_mappings, not_imported }: ChartFile): ImportReport {
  return {
    format,
    title,
    width: pattern.width,
    height: pattern.height,
    threads: pattern.legend.length,
    stitches: totalStitches(pattern),
    marks: { part_stitches: pattern.marks.parts.length, backstitches: pattern.marks.backstitches.length, knots: pattern.marks.knots.length },
    thread_mappings,
    not_imported,
  };
}

/** A project name from an upload's file name: its last path part without the extension, as one printable line. */
export function nameFromFile(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  const line = printableText(stem).replace(/\s+/g, ' ').trim();
  return Array.from(line).slice(0, MAX_NAME_LENGTH).join('').trim();
}

/**
 * The `repeat`th name for an imported chart: 0 is the name itself, 1 'Roses (imported)', 2 'Roses (imported 2)'…
 * A long name is shortened (by whole characters) so that the mark still fits the name's limit.
 */
export function importedName(name: string, repeat: number): string {
  if (repeat === 0) return name;
  const mark = repeat === 1 ? ' (imported)' : ` (imported ${repeat})`;
  let kept = '';
  for (const character of name) {
    if (kept.length + character.length + mark.length > MAX_NAME_LENGTH) break;
    kept += character;
  }
  return `${kept.trimEnd()}${mark}`;
}

const totalStitches = (pattern: Pattern): number => pattern.legend.reduce((sum, entry) => sum + entry.stitch_count, 0);

const round = (value: number): number => Math.round(value * 10_000) / 10_000;
