import type { Pattern } from '@stitchwise/core';
import type { NewPatternVersionRow, PatternVersionRow, UserRow } from '../../db/schema.js';
import { HttpProblem } from '../../http/problem.js';
import { KEPT_LATEST_VERSIONS, type PatternVersionsRepository } from '../../repositories/pattern-versions.js';
import type { ProjectsRepository } from '../../repositories/projects.js';
import type { StoredProject } from '../../repositories/stored-project.js';
import type { ChartStore } from './chart-store.js';
import { projectNotFound } from './project-views.js';

/** A project of the user's that has a chart, with its stored columns read. */
export interface ChartProject {
  stored: StoredProject;
  patternFile: string;
}

/**
 * The current version of a user's project's chart, for saving, reading and marking it. Version 1 is the
 * chart as generated; projects from before versions existed get it when first used.
 */
export class CurrentVersions {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly versions: PatternVersionsRepository,
    private readonly charts: ChartStore,
  ) {}

  /** The current version of the user's project (404 when it is not theirs or has no chart). */
  async currentOf(user: UserRow, projectId: string): Promise<PatternVersionRow> {
    return this.currentVersion(await this.chartProject(user, projectId));
  }

  /** A version's chart, read from its document. */
  async patternOf(version: Pick<PatternVersionRow, 'pattern_file'>): Promise<Pattern> {
    const pattern = await this.charts.read(version.pattern_file);
    if (!pattern) throw versionNotFound(); // dropped by a save a moment ago
    return pattern;
  }

  /** The user's project and its chart; a project that is not theirs is answered as a missing one. */
  async chartProject(user: UserRow, projectId: string): Promise<ChartProject> {
    const stored = await this.projects.findOwned(projectId, user.id);
    if (!stored) throw projectNotFound();
    if (!stored.outputs.pattern) throw HttpProblem.notFound('This project has no pattern yet: generate one first.');
    return { stored, patternFile: stored.outputs.pattern };
  }

  /** The current version; a project from before versions existed gets its chart recorded as version 1. */
  async currentVersion(project: ChartProject): Promise<PatternVersionRow> {
    const current = await this.versions.current(project.stored.id);
    if (current) return current;
    await this.versions.addOriginal(originalVersion(project));
    const added = await this.versions.current(project.stored.id);
    if (!added) throw new Error(`Project ${project.stored.id} has versions but none is current`);
    return added;
  }
}

/** Version 1 of a project without versions: its chart as it stands. */
export function originalVersion({ stored, patternFile }: ChartProject): NewPatternVersionRow {
  return {
    project_id: stored.id,
    version: 1,
    pattern_file: patternFile,
    chart_file: stored.outputs.stitch_plan ?? null,
    stitches: stored.color_legend.reduce((sum, entry) => sum + entry.stitch_count, 0),
    threads: stored.color_legend.length,
    created_at: stored.created_at,
    replaced_at: null,
  };
}

export function versionNotFound(): HttpProblem {
  return HttpProblem.notFound(`This version does not exist: the original and the last ${KEPT_LATEST_VERSIONS} versions are kept.`);
}
