import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { VisitorClaim } from '../contract/patterns.js';
import { projectMetadataSchema, projectParametersSchema, type Project } from '../contract/projects.js';
import type { UserRow } from '../db/schema.js';
import { HttpProblem } from '../http/problem.js';
import { TRANSIENT_FILE_LIFETIME_MS } from '../repositories/transient-files.js';
import type { VisitorClaimsRepository } from '../repositories/visitor-claims.js';
import type { ChartStore } from './chart-store.js';
import type { ProjectsService } from './projects.js';
import type { StoredOutputs } from '../repositories/stored-project.js';
import type { StorageQuota } from './storage-quota.js';

/** What a claim token carries: the result's files and what its project records, and when it lapses. */
const claimContentsSchema = z.object({
  chart: z.string(),
  pattern: z.string(),
  parameters: projectParametersSchema,
  metadata: projectMetadataSchema,
  expires: z.number(),
});
export type ClaimContents = Omit<z.infer<typeof claimContentsSchema>, 'expires'>;

const DEFAULT_NAME = 'My pattern';

const invalid = (): HttpProblem => new HttpProblem(400, 'invalid_claim', 'This claim is not valid: it was not made by this server or it is damaged.');

/**
 * A visitor's result becomes their project once they sign in. Generation hands the visitor a token
 * signed by the server (HMAC-SHA256 with a key of its own) naming the result's files and settings;
 * it needs no table, and the files' temporary rows make it claimable once: the claim takes them.
 */
export class VisitorClaims {
  constructor(
    private readonly key: Buffer,
    private readonly repository: VisitorClaimsRepository,
    private readonly charts: ChartStore,
    private readonly projects: ProjectsService,
    private readonly quota: StorageQuota,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The claim for a result just stored; it lapses with the result's files. */
  issue(contents: ClaimContents): VisitorClaim {
    const expires = this.now().getTime() + TRANSIENT_FILE_LIFETIME_MS;
    const payload = Buffer.from(JSON.stringify({ ...contents, expires })).toString('base64url');
    return { token: `${payload}.${this.signature(payload)}`, expires_at: new Date(expires).toISOString() };
  }

  /** Makes the claimed result `user`'s project: 400 for a forged token, 410 once lapsed, 409 when claimed already. */
  async claim(user: UserRow, token: string, name = DEFAULT_NAME): Promise<Project> {
    const contents = this.read(token);
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

  private read(token: string): z.infer<typeof claimContentsSchema> {
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0) throw invalid();
    const expected = Buffer.from(this.signature(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    try {
      return claimContentsSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    } catch {
      throw invalid();
    }
  }

  private signature(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
