import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { BRANDS, convertPatternBrand, emptyProgress, encodeProgress, type Pattern, type ThreadBrand } from '@stitchwise/core';
import type { ChartConversion } from '../contract/chart-conversion.js';
import type { Project, ProjectList, ProjectListQuery, ProjectMetadata } from '../contract/projects.js';
import { CONVERSION_NOTE } from '../contract/thread-brands.js';
import { nowIso } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import type { ImageInput } from '../images/intake.js';
import { HttpProblem } from '../http/problem.js';
import { chartImageSize, chartLookOf, estimatedImageBytes, type ChartLook, type ChartStore } from './shared/chart-store.js';
import type { WorkerPool } from '../images/worker-pool.js';
import { orientedSize } from './shared/image-work.js';
import { noPatternYet, projectNotFound as notFound, type ProjectViews } from './shared/project-views.js';
import { progressStateOf } from './shared/progress-state.js';
import type { ProgressRepository, ProgressState } from '../repositories/progress.js';
import type { ProjectChanges, ProjectsRepository } from '../repositories/projects.js';
import type { StoredFileRef } from '../repositories/storage-usage.js';
import type { NewStoredProject, StoredProject } from '../repositories/stored-project.js';
import type { FileStore, StoredFile, StoredFileExtension } from '../storage/file-store.js';
import type { StorageUsage } from '../contract/storage.js';
import type { StorageQuota } from './shared/storage-quota.js';
import { roundedDistance } from './shared/threads.js';

/** A chart stored by the chart store: its document's and image's ids and the sizes to record. */
type StoredChart = Awaited<ReturnType<ChartStore['storeDocument']>>;

export interface NewImageProject {
  name: string;
  description?: string | undefined;
  image: ImageInput;
}

/** The longest project name (the contract's limit), which a copy's name keeps to. */
const MAX_NAME_LENGTH = 100;

/** 'Roses' → 'Roses (copy)' (or another suffix: 'Roses (Anchor)'), shortening a long name so the suffix still fits. */
export function copyName(name: string, suffix = ' (copy)'): string {
  return `${name.slice(0, MAX_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
}

/** A copy's statistics for another chart of the same size: its stitches, threads and image size. */
function chartMetadata(metadata: ProjectMetadata, pattern: Pattern, look: ChartLook): ProjectMetadata {
  return {
    ...metadata,
    total_stitches: pattern.legend.reduce((sum, entry) => sum + entry.stitch_count, 0),
    colors_count: pattern.legend.length,
    grid_size: { width: pattern.width, height: pattern.height },
    canvas_size: chartImageSize(pattern, look),
  };
}

export class ProjectsService {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly files: FileStore,
    private readonly charts: ChartStore,
    private readonly pool: WorkerPool,
    private readonly views: ProjectViews,
    private readonly progress: ProgressRepository,
    private readonly quota: StorageQuota,
  ) {}

  /** A project holding only its input image, for a pattern to be generated later; `signal` stops it when the client goes. */
  async createFromImage(user: UserRow, input: NewImageProject, signal?: AbortSignal): Promise<Project> {
    const { header, bytes } = input.image;
    // Decoding it refuses a damaged file, as every other upload does, and gives the size after EXIF orientation.
    const { width, height } = await orientedSize(this.pool, input.image, signal);
    await this.quota.assertRoom(user, bytes.byteLength);
    const imageId = await this.files.put(bytes, header.format);
    const now = nowIso();
    const row: NewStoredProject = {
      id: randomUUID(),
      user_id: user.id,
      name: input.name,
      description: input.description ?? null,
      status: 'active',
      parameters: { original_size: { width, height } },
      metadata: {},
      outputs: { input_image: imageId },
      color_legend: [],
      created_at: now,
      updated_at: now,
    };
    try {
      await this.projects.insert(row, [{ id: imageId, size: bytes.byteLength }]);
    } catch (error) {
      await this.files.delete(imageId); // nothing left behind when the project could not be saved
      throw error;
    }
    return this.views.view(row, undefined);
  }

  /** How much of their storage quota the user's projects and uploads take. */
  storageOf(user: UserRow): Promise<StorageUsage> {
    return this.quota.of(user);
  }

  async list(user: UserRow, query: ProjectListQuery): Promise<ProjectList> {
    const { projects, total } = await this.projects.listOwned(user.id, query);
    // One query for the page's progress rows: counts stored with each, no bitset read.
    const progress = await this.progress.summaries(projects.map((project) => project.id));
    return { projects: projects.map((project) => this.views.view(project, progress.get(project.id))), total };
  }

  get(user: UserRow, id: string): Promise<Project> {
    return this.views.get(user, id);
  }

  /** The stored pattern document of a user's project, for exports. */
  patternOf(user: UserRow, id: string): Promise<{ name: string; patternFileId: string }> {
    return this.views.patternOf(user, id);
  }

  async update(user: UserRow, id: string, changes: ProjectChanges): Promise<Project> {
    const row = await this.projects.updateOwned(id, user.id, changes, nowIso());
    if (!row) throw notFound();
    return this.views.withProgress(row);
  }

  /**
   * A copy of the user's project: its settings, statistics and legend, and copies of its current files
   * (photo, chart, pattern document), so that either can be edited or deleted without touching the
   * other. Files are copied, not shared: deleting a project and dropping old chart versions delete their
   * files outright. The chart's saved versions stay with the original; the copy starts from its current chart,
   * with no stitch marked.
   */
  async duplicate(user: UserRow, id: string): Promise<Project> {
    const source = await this.projects.findOwned(id, user.id);
    if (!source) throw notFound();
    return this.copy(user, source, copyName(source.name));
  }

  /**
   * A copy of the user's project (as `duplicate` makes it, named '<name> (Anchor)') whose chart is the current
   * one in another brand: each thread the nearest of `to` by ΔE00, threads that become one merged (the core's
   * convertPatternBrand). Answers the copy and every mapping. The original is not touched.
   */
  async convert(user: UserRow, id: string, to: ThreadBrand): Promise<ChartConversion> {
    const source = await this.projects.findOwned(id, user.id);
    if (!source) throw notFound();
    if (!source.outputs.pattern) throw noPatternYet();
    const pattern = await this.charts.read(source.outputs.pattern);
    if (!pattern) throw notFound(); // deleted a moment ago
    const brands = new Set(pattern.legend.map((entry) => entry.brand));
    if (brands.size === 1 && brands.has(to)) {
      const message = `to must be another brand than the chart's: its threads are all ${BRANDS[to].name} already`;
      throw HttpProblem.badRequest(`This chart's threads are all ${BRANDS[to].name} already: choose another brand to convert it to.`, [
        { field: 'to', message },
      ]);
    }
    const converted = convertPatternBrand(pattern, to);
    const project = await this.copy(user, source, copyName(source.name, ` (${BRANDS[to].name})`), { pattern: converted.pattern, brand: to });
    return {
      project,
      note: CONVERSION_NOTE,
      mappings: converted.mappings.map((mapping) => ({ ...mapping, delta_e: roundedDistance(mapping.delta_e) })),
    };
  }

  /**
   * Copies `source` for the user under `name`: its photo and, without `chart`, its chart's files; with `chart`,
   * that chart instead, stored as a new document (its image drawn when first asked for, as a save's is) in `brand`.
   * The quota is asked first; nothing is left behind when the copy cannot be saved.
   */
  private async copy(user: UserRow, source: StoredProject, name: string, chart?: { pattern: Pattern; brand: ThreadBrand }): Promise<Project> {
    const { outputs } = source;
    const sources = new Map<string, StoredFile>();
    for (const fileId of chart ? [outputs.input_image] : [outputs.input_image, outputs.stitch_plan, outputs.pattern]) {
      if (fileId && !sources.has(fileId)) sources.set(fileId, await this.sourceFile(fileId));
    }
    const look = chartLookOf(source.parameters);
    const converted = chart && { ...chart, document: this.charts.documentOf(chart.pattern) };
    // The new chart's image counts at its estimate until it is drawn, as a save's does.
    const chartBytes = converted ? converted.document.byteLength + estimatedImageBytes(converted.pattern, look) : 0;
    await this.quota.assertRoom(
      user,
      [...sources.values()].reduce((sum, file) => sum + file.size, chartBytes),
    );
    const copied = new Map<string, StoredFileRef>();
    let stored: StoredChart | undefined;
    try {
      for (const [fileId, file] of sources) copied.set(fileId, { id: await this.copyFile(file), size: file.size });
      if (converted) stored = await this.charts.storeDocument(converted.document, converted.pattern, look);
      const copyOf = (fileId: string | null | undefined): string | null => (fileId ? copied.get(fileId)!.id : null);
      const now = nowIso();
      const row: NewStoredProject = {
        ...source,
        id: randomUUID(),
        name,
        outputs: {
          input_image: copyOf(outputs.input_image),
          stitch_plan: stored ? stored.chartId : copyOf(outputs.stitch_plan),
          pattern: stored ? stored.patternId : copyOf(outputs.pattern),
        },
        ...(converted && {
          // The owned-thread choices name codes of the old brand: a converted copy starts without them.
          parameters: { ...source.parameters, brand: converted.brand, only_owned_threads: false, left_out_threads: [] },
          metadata: chartMetadata(source.metadata, converted.pattern, look),
          color_legend: converted.pattern.legend,
        }),
        created_at: now,
        updated_at: now,
      };
      const start = converted ? progressStateOf(converted.pattern) : await this.unmarkedProgress(source.id);
      await this.projects.insert(row, [...copied.values(), ...(stored?.files ?? [])], start);
      return this.views.view(row, start);
    } catch (error) {
      // Nothing left behind.
      await Promise.allSettled([...[...copied.values()].map(({ id: fileId }) => this.files.delete(fileId)), ...(stored ? [this.charts.discard(stored)] : [])]);
      throw error;
    }
  }

  /** The cells to mark of a copy of the project's chart, as the original has them recorded (a chart with part stitches always has), none done. */
  private async unmarkedProgress(projectId: string): Promise<ProgressState | undefined> {
    const original = await this.progress.current(projectId);
    return (
      original && {
        width: original.width,
        height: original.height,
        markable: original.markable,
        total: original.total,
        done: encodeProgress(emptyProgress(original.width, original.height)),
        done_count: 0,
        updated_at: null,
      }
    );
  }

  /** A project's stored file, to copy; a file gone meanwhile means its project was deleted. */
  private async sourceFile(fileId: string): Promise<StoredFile> {
    const file = await this.charts.file(fileId); // a saved chart's image may not be drawn yet
    if (!file) throw notFound();
    return file;
  }

  /** A stored file written again under a new id. */
  private async copyFile(file: StoredFile): Promise<string> {
    const extension = file.id.slice(file.id.lastIndexOf('.') + 1) as StoredFileExtension;
    return this.files.put(await buffer(file.stream()), extension);
  }

  /** Deletes the project with every file it holds, those of its chart's saved versions included. */
  async delete(user: UserRow, id: string): Promise<void> {
    const fileIds = await this.projects.deleteOwned(id, user.id);
    if (!fileIds) throw notFound();
    await Promise.all(fileIds.map((fileId) => this.files.delete(fileId)));
  }
}
