import type { Project, ProjectProgress } from '../../contract/projects.js';
import type { UserRow } from '../../db/schema.js';
import { HttpProblem } from '../../http/problem.js';
import type { ProgressRepository, ProgressSummary } from '../../repositories/progress.js';
import type { ProjectsRepository } from '../../repositories/projects.js';
import type { NewStoredProject, StoredProject } from '../../repositories/stored-project.js';

export const projectNotFound = (): HttpProblem => HttpProblem.notFound('Project not found.');
/** A project that has no chart to export or convert. */
export const noPatternYet = (): HttpProblem => HttpProblem.notFound('This project has no pattern yet: generate one first.');

/**
 * A project's progress for lists: its current chart version's stored counts; without a row (never marked or
 * read), nothing done of the full stitches the metadata counts. That is exact: only charts with part
 * stitches have other cells to mark, and those (imported or saved ones, and their copies) get their row
 * when they are stored.
 */
function progressOf(stored: Pick<StoredProject, 'outputs' | 'metadata'>, progress: ProgressSummary | undefined): ProjectProgress {
  if (progress) return { done: progress.done_count, total: progress.total };
  return { done: 0, total: stored.outputs.pattern ? (stored.metadata.total_stitches ?? 0) : 0 };
}

/**
 * A user's projects as the API shows them, for every service that answers with one (projects, imports,
 * claims) or needs the chart of one (exports, shopping lists). A project that is not the user's is
 * answered as a missing one.
 */
export class ProjectViews {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly progress: ProgressRepository,
    private readonly fileUrl: (id: string) => string,
  ) {}

  async get(user: UserRow, id: string): Promise<Project> {
    const row = await this.projects.findOwned(id, user.id);
    if (!row) throw projectNotFound();
    return this.withProgress(row);
  }

  /** The stored pattern document of a user's project, for exports. */
  async patternOf(user: UserRow, id: string): Promise<{ name: string; patternFileId: string }> {
    const row = await this.projects.findOwned(id, user.id);
    if (!row) throw projectNotFound();
    const { pattern } = row.outputs;
    if (!pattern) throw noPatternYet();
    return { name: row.name, patternFileId: pattern };
  }

  async withProgress(row: StoredProject): Promise<Project> {
    return this.view(row, (await this.progress.summaries([row.id])).get(row.id));
  }

  /** A stored project as the API shows it. */
  view(stored: NewStoredProject, progress: ProgressSummary | undefined): Project {
    const url = (id: string | null | undefined): string | null => (id ? this.fileUrl(id) : null);
    return {
      id: stored.id,
      user_id: stored.user_id,
      name: stored.name,
      description: stored.description ?? null,
      created_at: stored.created_at,
      updated_at: stored.updated_at,
      status: stored.status,
      parameters: stored.parameters,
      metadata: stored.metadata,
      color_legend: stored.color_legend,
      outputs: {
        input_image_url: url(stored.outputs.input_image),
        stitch_plan_url: url(stored.outputs.stitch_plan),
        pattern_url: url(stored.outputs.pattern),
      },
      progress: progressOf(stored, progress),
    };
  }
}
