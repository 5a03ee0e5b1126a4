import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { VisitorClaim } from '../../contract/patterns.js';
import { projectMetadataSchema, projectParametersSchema } from '../../contract/projects.js';
import { HttpProblem } from '../../http/problem.js';
import { TRANSIENT_FILE_LIFETIME_MS } from '../../repositories/transient-files.js';

/** What a claim token carries: the result's files and what its project records, and when it lapses. */
const claimContentsSchema = z.object({
  chart: z.string(),
  pattern: z.string(),
  parameters: projectParametersSchema,
  metadata: projectMetadataSchema,
  expires: z.number(),
});
export type ClaimContents = Omit<z.infer<typeof claimContentsSchema>, 'expires'>;

const invalid = (): HttpProblem => new HttpProblem(400, 'invalid_claim', 'This claim is not valid: it was not made by this server or it is damaged.');

/**
 * The token generation hands a visitor for their result, to keep it as a project once signed in: signed
 * by the server (HMAC-SHA256 with a key of its own), naming the result's files and settings. It needs no table.
 */
export class ClaimTokens {
  constructor(
    private readonly key: Buffer,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The claim for a result just stored; it lapses with the result's files. */
  issue(contents: ClaimContents): VisitorClaim {
    const expires = this.now().getTime() + TRANSIENT_FILE_LIFETIME_MS;
    const payload = Buffer.from(JSON.stringify({ ...contents, expires })).toString('base64url');
    return { token: `${payload}.${this.signature(payload)}`, expires_at: new Date(expires).toISOString() };
  }

  /** What a token names, or 400 `invalid_claim` for one this server did not sign or that was changed. */
  read(token: string): z.infer<typeof claimContentsSchema> {
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
