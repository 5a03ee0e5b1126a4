import type { IdeaSource } from '../contract/ideas.js';

/**
 * Turns a text idea into a picture. Two providers: the offline sketch (no network, no model) and an
 * OpenAI-compatible images API; settings choose.
 */
export interface ImageGenerator {
  /** `offline_sketch` or `openai`, so the screen can say what kind of picture it shows. */
  readonly kind: IdeaSource;
  /** A PNG or JPEG of the idea. Throws ImageGenerationError when the provider fails. */
  generate(prompt: string): Promise<Uint8Array>;
}

export type { IdeaSource } from '../contract/ideas.js';

/** The provider could not make the picture; `reason` is for the log, not for users. */
export class ImageGenerationError extends Error {
  override readonly name = 'ImageGenerationError';
}
