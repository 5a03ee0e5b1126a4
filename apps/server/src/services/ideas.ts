import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../db/schema.js';
import { HttpProblem } from '../http/problem.js';
import type { Credits, Idea } from '../contract/ideas.js';
import { ImageGenerationError, type ImageGenerator } from '../ideas/image-generator.js';
import { sniffImage } from '../images/sniff.js';
import type { CreditsRepository } from '../repositories/credits.js';
import type { TransientFiles } from '../repositories/transient-files.js';

/** AI ideas per user per UTC day. */
export const DAILY_IDEA_CREDITS = 10;
/** Longest idea accepted, in characters: a paragraph, far more than a picture needs. */
export const MAX_PROMPT_LENGTH = 1000;

/**
 * Idea pictures against a daily allowance. A credit is charged before the provider is asked, in
 * one atomic statement, so parallel requests can never spend more than the limit; it is given back
 * when the provider fails. The picture is kept 24 hours, like other uploads.
 */
export class IdeasService {
  constructor(
    private readonly credits: CreditsRepository,
    private readonly generator: ImageGenerator,
    private readonly transientFiles: TransientFiles,
    private readonly fileUrl: (id: string) => string,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async creditsOf(user: UserRow): Promise<Credits> {
    const now = this.now();
    const used = await this.credits.used(user.id, utcDay(now));
    return { remaining: Math.max(0, DAILY_IDEA_CREDITS - used), limit: DAILY_IDEA_CREDITS, resets_at: nextUtcMidnight(now) };
  }

  async generate(user: UserRow, prompt: string): Promise<Idea> {
    const idea = prompt.trim();
    if (!idea) throw HttpProblem.badRequest('Please describe the idea you want to generate.', [{ field: 'prompt', message: 'prompt must not be empty' }]);
    if (idea.length > MAX_PROMPT_LENGTH) {
      throw HttpProblem.badRequest(`Please keep the idea to ${MAX_PROMPT_LENGTH} characters or fewer.`, [
        { field: 'prompt', message: `prompt must be at most ${MAX_PROMPT_LENGTH} characters` },
      ]);
    }

    const day = utcDay(this.now());
    const used = await this.credits.charge(user.id, day, DAILY_IDEA_CREDITS);
    if (used === undefined) throw new HttpProblem(403, 'no_credits', 'You have no creative credits remaining today.');
    try {
      const bytes = await this.generator.generate(idea);
      const format = sniffImage(bytes)?.format;
      if (format !== 'png' && format !== 'jpg' && format !== 'webp')
        throw new ImageGenerationError(`generator sent ${format ?? 'something'} that is not a PNG, JPEG or WebP image`);
      // Counted in the user's storage, as their uploads are; a full quota is refused, and the credit given back.
      const id = await this.transientFiles.store(bytes, format, `user:${user.subject}`);
      return { image_url: this.fileUrl(id), credits: DAILY_IDEA_CREDITS - used, source: this.generator.kind };
    } catch (error) {
      await this.credits.refund(user.id, day);
      if (!(error instanceof ImageGenerationError)) throw error;
      this.log.warn({ err: error }, 'idea generation failed; credit refunded');
      throw new HttpProblem(502, 'idea_generation_failed', 'The picture could not be made just now, and no credit was spent. Please try again.');
    }
  }
}

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function nextUtcMidnight(date: Date): string {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)).toISOString();
}
