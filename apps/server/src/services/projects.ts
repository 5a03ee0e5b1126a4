import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { projectSchema, type Project, type ProjectList, type ProjectListQuery, type ProjectParameters } from '../contract/projects.js';
import { nowIso } from '../db/database.js';
import type { ProjectRow, UserRow } from '../db/schema.js';
import { HttpProblem } from '../http/problem.js';
import type { ImageInput } from '../images/intake.js';
import type { ImagesService } from './images.js';
import type { ProjectChanges, ProjectsRepository } from '../repositories/projects.js';
import type { FileStore } from '../storage/file-store.js';

/** What a project's stored outputs point at: file ids, turned into URLs only when shown. */
const storedOutputsSchema = z.object({
  input_image: z.string().nullish(),
  stitch_plan: z.string().nullish(),
  pattern: z.string().nullish(),
});
export type StoredOutputs = z.infer<typeof storedOutputsSchema>;

/** The stored JSON columns of a project row, read back through the contract's shapes. */
const storedProjectSchema = projectSchema.pick({ status: true, parameters: true, metadata: true, color_legend: true }).extend({ outputs: storedOutputsSchema });
export type StoredProject = z.infer<typeof storedProjectSchema>;

/** A stored row's JSON columns, checked against the contract as they are read. */
export function storedProjectOf(row: ProjectRow): StoredProject {
  return storedProjectSchema.parse({
    status: row.status,
    parameters: JSON.parse(row.parameters) as unknown,
    metadata: JSON.parse(row.metadata) as unknown,
    outputs: JSON.parse(row.outputs) as unknown,
    color_legend: JSON.parse(row.color_legend) as unknown,
  });
}

export interface NewImageProject {
  name: string;
  description?: string | undefined;
  image: ImageInput;
}

const notFound = (): HttpProblem => HttpProblem.notFound('Project not found.');

export class ProjectsService {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly files: FileStore,
    private readonly images: ImagesService,
    private readonly fileUrl: (id: string) => string,
  ) {}

  /** A project holding only its input image, for a pattern to be generated later. */
  async createFromImage(user: UserRow, input: NewImageProject): Promise<Project> {
    const { header, bytes } = input.image;
    // Decoding it refuses a damaged file, as every other upload does, and gives the size after EXIF orientation.
    const { width, height } = await this.images.orientedSize(input.image);
    const imageId = await this.files.put(bytes, header.format);
    const now = nowIso();
    const row: ProjectRow = {
      id: randomUUID(),
      user_id: user.id,
      name: input.name,
      description: input.description ?? null,
      status: 'active',
      parameters: JSON.stringify({ original_size: { width, height } } satisfies ProjectParameters),
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

  async list(user: UserRow, query: ProjectListQuery): Promise<ProjectList> {
    const { rows, total } = await this.projects.listOwned(user.id, query);
    return { projects: rows.map((row) => this.view(row)), total };
  }

  async get(user: UserRow, id: string): Promise<Project> {
    const row = await this.projects.findOwned(id, user.id);
    if (!row) throw notFound();
    return this.view(row);
  }

  /** The stored pattern document of a user's project, for exports. */
  async patternOf(user: UserRow, id: string): Promise<{ name: string; patternFileId: string }> {
    const row = await this.projects.findOwned(id, user.id);
    if (!row) throw notFound();
    const { pattern } = storedOutputsSchema.parse(JSON.parse(row.outputs));
    if (!pattern) throw HttpProblem.notFound('This project has no pattern yet: generate one first.');
    return { name: row.name, patternFileId: pattern };
  }

  async update(user: UserRow, id: string, changes: ProjectChanges): Promise<Project> {
    const row = await this.projects.updateOwned(id, user.id, changes, nowIso());
    if (!row) throw notFound();
    return this.view(row);
  }

  /** Deletes the project with every file it holds, those of its chart's saved versions included. */
  async delete(user: UserRow, id: string): Promise<void> {
    const fileIds = await this.projects.deleteOwned(id, user.id);
    if (!fileIds) throw notFound();
    await Promise.all(fileIds.map((fileId) => this.files.delete(fileId)));
  }

  /** A stored row as the API shows it; the JSON columns are checked against the contract as they are read. */
  private view(row: ProjectRow): Project {
    const stored = storedProjectOf(row);
    const url = (id: string | null | undefined): string | null => (id ? this.fileUrl(id) : null);
    return {
      id: row.id,
      user_id: row.user_id,
      name: row.name,
      description: row.description,
      created_at: row.created_at,
      updated_at: row.updated_at,
      ...stored,
      outputs: {
        input_image_url: url(stored.outputs.input_image),
        stitch_plan_url: url(stored.outputs.stitch_plan),
        pattern_url: url(stored.outputs.pattern),
      },
    };
  }
}
