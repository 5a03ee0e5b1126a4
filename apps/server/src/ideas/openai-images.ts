import { ImageGenerationError, type ImageGenerator } from './image-generator.js';

export interface OpenAiImagesSettings {
  /** e.g. https://api.openai.com/v1, or a self-hosted server that speaks the same API. */
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly model: string;
  /** Whole request, including downloading the picture when the API answers with a URL. */
  readonly timeoutMs: number;
}

/** The most a generated picture may weigh, as for uploads. */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

interface ImagesResponse {
  data?: { b64_json?: string; url?: string }[];
  error?: { message?: string };
}

/**
 * The OpenAI images API (`POST {base}/images/generations`). Asks for one square picture; takes
 * it from `b64_json`, or downloads it when the server answers with a `url`. Any failure is an
 * ImageGenerationError whose message says what went wrong, for the log.
 */
export class OpenAiImagesGenerator implements ImageGenerator {
  readonly kind = 'openai' as const;

  constructor(private readonly settings: OpenAiImagesSettings) {}

  async generate(prompt: string): Promise<Uint8Array> {
    const signal = AbortSignal.timeout(this.settings.timeoutMs);
    const body: Record<string, unknown> = { model: this.settings.model, prompt, n: 1, size: '1024x1024' };
    // DALL·E models answer with a URL unless asked; GPT image models always send base64 and refuse the field.
    if (this.settings.model.startsWith('dall-e')) body.response_format = 'b64_json';
    try {
      const response = await fetch(`${this.settings.baseUrl.replace(/\/+$/, '')}/images/generations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.settings.apiKey}` },
        body: JSON.stringify(body),
        signal,
      });
      const answer = (await response.json().catch(() => ({}))) as ImagesResponse;
      if (!response.ok) throw new ImageGenerationError(`images API answered ${response.status}: ${answer.error?.message ?? 'no message'}`);
      const image = answer.data?.[0];
      if (image?.b64_json) return checked(Buffer.from(image.b64_json, 'base64'));
      if (image?.url) return checked(await download(image.url, signal));
      throw new ImageGenerationError('images API answered without an image');
    } catch (error) {
      if (error instanceof ImageGenerationError) throw error;
      if (signal.aborted) throw new ImageGenerationError(`images API did not answer within ${this.settings.timeoutMs} ms`);
      throw new ImageGenerationError(`images API unreachable: ${(error as Error).message}`);
    }
  }
}

async function download(url: string, signal: AbortSignal): Promise<Uint8Array> {
  const response = await fetch(url, { signal });
  if (!response.ok || !response.body) throw new ImageGenerationError(`image download answered ${response.status}`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_IMAGE_BYTES) throw new ImageGenerationError('generated image is larger than 10 MB');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function checked(bytes: Uint8Array): Uint8Array {
  if (bytes.byteLength === 0) throw new ImageGenerationError('images API sent an empty image');
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new ImageGenerationError('generated image is larger than 10 MB');
  return bytes;
}
