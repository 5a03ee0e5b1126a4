import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { emptyProgress, encodeProgress } from '@stitchwise/core';
import type { Project, ProjectList, ProjectListQuery } from '../contract/projects.js';
import { nowIso } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import type { ImageInput } from '../images/intake.js';
import type { ChartStore } from './shared/chart-store.js';
import type { WorkerPool } from '../images/worker-pool.js';
import { orientedSize } from './shared/image-work.js';
import { projectNotFound as notFound, type ProjectViews } from './shared/project-views.js';
import type { ProgressRepository, ProgressState } from '../repositories/progress.js';
import type { ProjectChanges, ProjectsRepository } from '../repositories/projects.js';
import type { StoredFileRef } from '../repositories/storage-usage.js';
import type { NewStoredProject } from '../repositories/stored-project.js';
import type { FileStore, StoredFile, StoredFileExtension } from '../storage/file-store.js';
import type { StorageUsage } from '../contract/storage.js';
import type { StorageQuota } from './shared/storage-quota.js';

export interface NewImageProject {
  name: string;
  description?: string | undefined;
  image: ImageInput;
}

/** The longest project name (the contract's limit), which a copy's name keeps to. */
const MAX_NAME_LENGTH = 100;
const COPY_SUFFIX = ' (copy)';

/** 'Roses' → 'Roses (copy)', shortening a long name so the suffix still fits. */
export function copyName(name: string): string {
  return `${name.slice(0, MAX_NAME_LENGTH - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
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
    const stored = source;
    const sources = new Map<string, StoredFile>();
    for (const fileId of [stored.outputs.input_image, stored.outputs.stitch_plan, stored.outputs.pattern]) {
      if (fileId && !sources.has(fileId)) sources.set(fileId, await this.sourceFile(fileId));
    }
    await this.quota.assertRoom(
      user,
      [...sources.values()].reduce((sum, file) => sum + file.size, 0),
    );
    const copied = new Map<string, StoredFileRef>();
    try {
      for (const [fileId, file] of sources) copied.set(fileId, { id: await this.copyFile(file), size: file.size });
      const copyOf = (fileId: string | null | undefined): string | null => (fileId ? copied.get(fileId)!.id : null);
      const now = nowIso();
      const row: NewStoredProject = {
        ...source,
        id: randomUUID(),
        name: copyName(source.name),
        outputs: {
          input_image: copyOf(stored.outputs.input_image),
          stitch_plan: copyOf(stored.outputs.stitch_plan),
          pattern: copyOf(stored.outputs.pattern),
        },
        created_at: now,
        updated_at: now,
      };
      // The chart's cells to mark as the original has them recorded (a chart with part stitches always has), none done.
      const original = await this.progress.current(source.id);
      const start: ProgressState | undefined = original && {
        width: original.width,
        height: original.height,
        markable: original.markable,
        total: original.total,
        done: encodeProgress(emptyProgress(original.width, original.height)),
        done_count: 0,
        updated_at: null,
      };
      await this.projects.insert(row, [...copied.values()], start);
      return this.views.view(row, start);
    } catch (error) {
      await Promise.allSettled([...copied.values()].map(({ id: fileId }) => this.files.delete(fileId))); // nothing left behind
      throw error;
    }
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
