import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ImageGenerationError } from '../src/ideas/image-generator.js';
import { OfflineSketchGenerator } from '../src/ideas/offline-sketch.js';
import { readPrompt } from '../src/ideas/sketch-prompt.js';
import { OpenAiImagesGenerator } from '../src/ideas/openai-images.js';
import { encodePng } from './support/images.js';

describe('offline sketch generator', () => {
  const generator = new OfflineSketchGenerator();

  async function pixels(png: Uint8Array): Promise<Buffer> {
    return sharp(png).removeAlpha().raw().toBuffer();
  }

  it('reads subjects, colour words and mood from the prompt', () => {
    expect(readPrompt('Two ginger cats and a blue house at night')).toMatchObject({ subjects: ['cat', 'house'], mood: 'night' });
    expect(readPrompt('Two ginger cats and a blue house at night').colours).toHaveLength(2);
    expect(readPrompt('Sunflowers in a field at sunset')).toMatchObject({ subjects: ['flowers'], mood: 'sunset' });
    expect(readPrompt('something abstract')).toMatchObject({ subjects: [], colours: [], mood: 'day' });
  });

  it('gives the same prompt the same picture, whatever its spacing and case', async () => {
    const first = await generator.generate('A yellow bird on a branch');
    const second = await generator.generate('  a yellow   BIRD on a branch ');
    expect(Buffer.compare(Buffer.from(first), Buffer.from(second))).toBe(0);
  });

  it('gives different prompts visibly different pictures with a small palette', async () => {
    const prompts = ['a red rose', 'a blue house at night', 'a ginger cat', 'sunset over the mountains', 'a sailboat at sea'];
    const images = await Promise.all(prompts.map(async (prompt) => pixels(await generator.generate(prompt))));
    for (let i = 0; i < images.length; i++) {
      for (let j = i + 1; j < images.length; j++) {
        let difference = 0;
        for (let k = 0; k < images[i]!.length; k++) difference += Math.abs(images[i]![k]! - images[j]![k]!);
        // Mean difference per channel: unrelated pictures differ by tens of levels, not by noise.
        expect(difference / images[i]!.length, `${prompts[i]} vs ${prompts[j]}`).toBeGreaterThan(20);
      }
      // Flat paint: a few dominant colours cover most of the picture, which is what charts cleanly.
      const counts = new Map<number, number>();
      const image = images[i]!;
      for (let k = 0; k < image.length; k += 3) {
        const key = ((image[k]! >> 3) << 10) | ((image[k + 1]! >> 3) << 5) | (image[k + 2]! >> 3);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const top = [...counts.values()]
        .sort((a, b) => b - a)
        .slice(0, 12)
        .reduce((a, b) => a + b, 0);
      expect(top / (image.length / 3), prompts[i]).toBeGreaterThan(0.85);
    }
  });
});

describe('OpenAI-compatible images provider', () => {
  let server: Server;
  let baseUrl: string;
  let handler: (request: IncomingMessage, body: string, response: ServerResponse) => void;
  const picture = encodePng(16, 16, (x, y) => [x * 16, y * 16, 90]);

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        handler(request, Buffer.concat(chunks).toString('utf8'), response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => {
    server.closeAllConnections(); // including the request the timeout test left hanging
    return new Promise<void>((resolve) =>
      server.close(() => {
        resolve();
      }),
    );
  });

  const generator = (model = 'gpt-image-1', timeoutMs = 5000): OpenAiImagesGenerator =>
    new OpenAiImagesGenerator({ baseUrl, apiKey: 'sk-local', model, timeoutMs });
  const json = (response: ServerResponse, status: number, body: unknown): void => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  it('posts the prompt to /images/generations with the key and model, and returns the base64 picture', async () => {
    let seen: { method?: string; url?: string; authorization?: string; body?: Record<string, unknown> } = {};
    handler = (request, body, response) => {
      seen = { method: request.method, url: request.url, authorization: request.headers.authorization, body: JSON.parse(body) as Record<string, unknown> };
      json(response, 200, { created: 1, data: [{ b64_json: Buffer.from(picture).toString('base64') }] });
    };
    const bytes = await generator().generate('a lighthouse');
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(picture))).toBe(0);
    expect(seen).toMatchObject({
      method: 'POST',
      url: '/v1/images/generations',
      authorization: 'Bearer sk-local',
      body: { model: 'gpt-image-1', prompt: 'a lighthouse', n: 1 },
    });
    expect(seen.body).not.toHaveProperty('response_format');
  });

  it('asks DALL·E models for base64, and downloads the picture when the answer is a URL', async () => {
    let format: unknown;
    handler = (request, body, response) => {
      if (request.url === '/picture.png') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(picture);
        return;
      }
      format = (JSON.parse(body) as { response_format?: string }).response_format;
      json(response, 200, { data: [{ url: `${baseUrl.replace('/v1', '')}/picture.png` }] });
    };
    const bytes = await generator('dall-e-3').generate('a lighthouse');
    expect(format).toBe('b64_json');
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(picture))).toBe(0);
  });

  it('turns an error answer into an ImageGenerationError carrying the API message', async () => {
    handler = (_request, _body, response) => {
      json(response, 400, { error: { message: 'Your request was rejected by the safety system.', type: 'image_generation_user_error' } });
    };
    const failure = generator().generate('something');
    await expect(failure).rejects.toBeInstanceOf(ImageGenerationError);
    await expect(failure).rejects.toThrow('images API answered 400: Your request was rejected by the safety system.');
    handler = (_request, _body, response) => {
      json(response, 200, { data: [] });
    };
    await expect(generator().generate('something')).rejects.toThrow(/without an image/);
  });

  it('gives up after its timeout when the API never answers', async () => {
    handler = () => undefined; // holds the request open
    const started = Date.now();
    await expect(generator('gpt-image-1', 1000).generate('slow')).rejects.toThrow(/did not answer within 1000 ms/);
    expect(Date.now() - started).toBeLessThan(15_000); // its 1 s deadline, with room for a slow machine, not a hang
  });

  it('reports an unreachable server', async () => {
    const unreachable = new OpenAiImagesGenerator({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm', timeoutMs: 2000 });
    await expect(unreachable.generate('x')).rejects.toThrow(ImageGenerationError);
  });
});
