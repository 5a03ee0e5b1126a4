import { randomUUID } from 'node:crypto';
import type { Project } from '../contract/projects.js';
import type { UserRow } from '../db/schema.js';
import { HttpProblem } from '../http/problem.js';
import type { VisitorClaimsRepository } from '../repositories/visitor-claims.js';
import type { ChartStore } from './shared/chart-store.js';
import type { ClaimTokens } from './shared/claim-tokens.js';
import type { ProjectViews } from './shared/project-views.js';
import type { StoredOutputs } from '../repositories/stored-project.js';
import type { StorageQuota } from './shared/storage-quota.js';

const DEFAULT_NAME = 'My pattern';

/**
 * A visitor's result becomes their project once they sign in, with the token generation gave them
 * (shared/claim-tokens.ts); the files' temporary rows make it claimable once: the claim takes them.
 */
export class VisitorClaims {
  constructor(
    private readonly tokens: ClaimTokens,
    private readonly repository: VisitorClaimsRepository,
    private readonly charts: ChartStore,
    private readonly projects: ProjectViews,
    private readonly quota: StorageQuota,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Makes the claimed result `user`'s project: 400 for a forged token, 410 once lapsed, 409 when claimed already. */
  async claim(user: UserRow, token: string, name = DEFAULT_NAME): Promise<Project> {
    const contents = this.tokens.read(token);
    const now = this.now();
    if (contents.expires <= now.getTime())
      throw new HttpProblem(410, 'claim_expired', 'This result has expired: results made without an account are kept for 24 hours.');
    // The result's files become the user's: they must fit their storage.
    await this.quota.assertRoom(user, await this.repository.unexpiredBytes([contents.chart, contents.pattern], now));
    const legend = (await this.charts.read(contents.pattern))?.legend ?? [];
    const id = randomUUID();
    const stamp = now.toISOString();
    const claimed = await this.repository.claim(
      {
        id,
        user_id: user.id,
        name,
        description: null,
        status: 'active',
        parameters: contents.parameters,
        metadata: contents.metadata,
        outputs: { stitch_plan: contents.chart, pattern: contents.pattern } satisfies StoredOutputs,
        color_legend: legend,
        created_at: stamp,
        updated_at: stamp,
      },
      [contents.chart, contents.pattern],
      now,
    );
    if (!claimed) throw new HttpProblem(409, 'already_claimed', 'This result has been saved as a project already.');
    return this.projects.get(user, id);
  }
}
