import { randomUUID } from 'node:crypto';
import type { LegendEntry } from '@stitchwise/core';
import { nowIso } from '../db/database.js';
import type { ProjectRow, UserRow } from '../db/schema.js';
import { HttpProblem } from '../http/problem.js';
import type { ImageHeader } from '../images/sniff.js';
import type { ProjectChanges, ProjectListQuery, ProjectsRepository } from '../repositories/projects.js';
import type { FileStore } from '../storage/file-store.js';

export const PROJECT_STATUSES = ['active', 'archived'] as const;

/** What a project's stored outputs point at: file ids, turned into URLs only when shown. */
interface StoredOutputs {
  input_image?: string | null;
  stitch_plan?: string | null;
  pattern?: string | null;
}

/** A project as the API shows it: the fields of the specification's Project entity. */
export interface ProjectView {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  status: string;
  created_at: string;
  updated_at: string;
  parameters: Record<string, unknown>;
  metadata: Record<string, unknown>;
  outputs: { input_image_url: string | null; stitch_plan_url: string | null; pattern_url: string | null };
  color_legend: LegendEntry[];
}

export interface NewImageProject {
  name: string;
  description?: string | undefined;
  image: { bytes: Uint8Array; header: ImageHeader };
}

const notFound = (): HttpProblem => HttpProblem.notFound('Project not found.');

export class ProjectsService {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly files: FileStore,
    private readonly fileUrl: (id: string) => string,
  ) {}

  /** A project holding only its input image, for a pattern to be generated later. */
  async createFromImage(user: UserRow, input: NewImageProject): Promise<ProjectView> {
    const { header, bytes } = input.image;
    const imageId = await this.files.put(bytes, header.format);
    const now = nowIso();
    const row: ProjectRow = {
      id: randomUUID(),
      user_id: user.id,
      name: input.name,
      description: input.description ?? null,
      status: 'active',
      parameters: JSON.stringify({ original_size: { width: header.width, height: header.height } }),
      metadata: JSON.stringify({}),
      outputs: JSON.stringify({ input_image: imageId } satisfies StoredOutputs),
      color_legend: JSON.stringify([]),
      created_at: now,
      updated_at: now,
    };
    try {
      await this.projects.insert(row, [imageId]);
    } catch (error) {
      await this.files.delete(imageId); // nothing left behind when the project could not be saved
      throw error;
    }
    return this.view(row);
  }

  async list(user: UserRow, query: ProjectListQuery): Promise<{ projects: ProjectView[]; total: number }> {
    const { rows, total } = await this.projects.listOwned(user.id, query);
    return { projects: rows.map((row) => this.view(row)), total };
  }

  async get(user: UserRow, id: string): Promise<ProjectView> {
    const row = await this.projects.findOwned(id, user.id);
    if (!row) throw notFound();
    return this.view(row);
  }

  /** The stored pattern document of a user's project, for exports. */
  async patternOf(user: UserRow, id: string): Promise<{ name: string; patternFileId: string }> {
    const row = await this.projects.findOwned(id, user.id);
    if (!row) throw notFound();
    const { pattern } = JSON.parse(row.outputs) as StoredOutputs;
    if (!pattern) throw HttpProblem.notFound('This project has no pattern yet: generate one first.');
    return { name: row.name, patternFileId: pattern };
  }

  async update(user: UserRow, id: string, changes: ProjectChanges): Promise<ProjectView> {
    const row = await this.projects.updateOwned(id, user.id, changes, nowIso());
    if (!row) throw notFound();
    return this.view(row);
  }

  async delete(user: UserRow, id: string): Promise<void> {
    const fileIds = await this.projects.deleteOwned(id, user.id);
    if (!fileIds) throw notFound();
    await Promise.all(fileIds.map((fileId) => this.files.delete(fileId)));
  }

  private view(row: ProjectRow): ProjectView {
    const outputs = JSON.parse(row.outputs) as StoredOutputs;
    const url = (id: string | null | undefined): string | null => (id ? this.fileUrl(id) : null);
    return {
      id: row.id,
      user_id: row.user_id,
      name: row.name,
      description: row.description,
      status: row.status,
      created_at: row.created_at,
      updated_at: row.updated_at,
      parameters: JSON.parse(row.parameters) as Record<string, unknown>,
      metadata: JSON.parse(row.metadata) as Record<string, unknown>,
      outputs: {
        input_image_url: url(outputs.input_image),
        stitch_plan_url: url(outputs.stitch_plan),
        pattern_url: url(outputs.pattern),
      },
      color_legend: JSON.parse(row.color_legend) as LegendEntry[],
    };
  }
}
