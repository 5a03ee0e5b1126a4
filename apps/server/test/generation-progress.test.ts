import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerationEvent } from '../src/contract/patterns.js';
import { multipartBody, PHOTOS } from './support/images.js';
import { newUser, OidcBrowser } from './support/oidc-client.js';
import { sqliteUnderTest, startTestServer, type DatabaseUnderTest, type TestServer } from './support/test-server.js';

/** Reads a server-sent event stream as its events arrive, calling `onEvent` for each, until it ends. */
async function readEvents(response: Response, onEvent: (event: GenerationEvent) => void = () => {}): Promise<GenerationEvent[]> {
  const events: GenerationEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return events;
    buffered += value;
    let end;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const name = /^event: (.+)$/m.exec(block)?.[1];
      const event = JSON.parse(/^data: (.+)$/m.exec(block)![1]!) as GenerationEvent;
      expect(event.type).toBe(name);
      events.push(event);
      onEvent(event);
    }
  }
}

describe('generation with progress events and cancelling', () => {
  let database: DatabaseUnderTest;
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    database = await sqliteUnderTest();
    server = await startTestServer({ ...database.environment, WORKERS: '1' });
    token = (await new OidcBrowser(server.baseUrl).signUp(newUser('progress'))).access_token;
  });
  afterAll(async () => {
    await server.stop();
    await database.dispose();
  });

  const generate = (fields: Record<string, string>, options: { events?: boolean; signal?: AbortSignal; signedIn?: boolean } = {}) =>
    fetch(`${server.baseUrl}/api/stitch/generate${options.signedIn === false ? '/anonymous' : ''}`, {
      method: 'POST',
      headers: { ...(options.signedIn === false ? {} : { authorization: `Bearer ${token}` }), ...(options.events ? { accept: 'text/event-stream' } : {}) },
      body: multipartBody(fields, { field: 'image_file', filename: 'photo.png', contentType: 'image/png', bytes: PHOTOS.kodim21() }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  const projectCount = async (): Promise<number> =>
    ((await (await fetch(`${server.baseUrl}/api/stitch/projects`, { headers: { authorization: `Bearer ${token}` } })).json()) as { total: number }).total;
  const modelState = async (): Promise<string> =>
    ((await (await fetch(`${server.baseUrl}/api/health`)).json()) as { background_removal: { model: string } }).background_removal.model;

  it('sends each stage as it begins, then the plan, on a stream that proxies do not buffer', async () => {
    const response = await generate({ project_name: 'Staged', max_side: '50', colors: '8' }, { events: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toContain('no-transform');
    const events = await readEvents(response);
    const stages = events.flatMap((e) => (e.type === 'stage' ? [e.stage] : []));
    expect(stages).toEqual(['reducing_colours', 'drawing_chart', 'saving']);
    const last = events.at(-1)!;
    expect(last.type).toBe('result');
    if (last.type !== 'result') return;
    expect(last.plan.metadata.grid_size.width).toBe(50);
    expect(last.plan.project_id).toBeDefined();
  });

  it('answers a refusal before any work with its status, not as an event', async () => {
    const response = await generate({ colors: '30' }, { events: true, signedIn: false });
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it('still answers plain JSON without the Accept header', async () => {
    const response = await generate({ project_name: 'Plain', max_side: '30' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { pattern_url: string }).pattern_url).toContain('/files/');
  });

  it('stops the background removal when the client cancels, and stores nothing', async () => {
    const before = await projectCount();
    const cancel = new AbortController();
    const response = await generate({ project_name: 'Cancelled', remove_background: 'true', max_side: '100' }, { events: true, signal: cancel.signal });
    const seen: string[] = [];
    await readEvents(response, (event) => {
      if (event.type === 'stage') seen.push(event.stage);
      if (event.type === 'stage' && event.stage === 'removing_background') cancel.abort();
    }).catch((error: unknown) => {
      expect((error as Error).name).toBe('AbortError');
    });
    expect(seen).toEqual(['removing_background']);
    // The model process is ended: the model is no longer loading and never became ready for this request.
    await expect.poll(modelState, { timeout: 10_000 }).toBe('not_loaded');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await modelState()).toBe('not_loaded');
    expect(await projectCount()).toBe(before);
    // The server carries on: the next generation with background removal completes.
    const next = await generate({ project_name: 'After', remove_background: 'true', max_side: '30' });
    expect(next.status).toBe(200);
    expect(await projectCount()).toBe(before + 1);
  }, 120_000);

  it('stops colour reduction when the client cancels, stores nothing, and the pool keeps working', async () => {
    const before = await projectCount();
    const cancel = new AbortController();
    const response = await generate({ project_name: 'Big', max_side: '500', colors: '50', use_kmeans: 'true' }, { events: true, signal: cancel.signal });
    await readEvents(response, (event) => {
      if (event.type === 'stage' && event.stage === 'reducing_colours') cancel.abort();
    }).catch((error: unknown) => {
      expect((error as Error).name).toBe('AbortError');
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await projectCount()).toBe(before);
    const next = await generate({ project_name: 'Small', max_side: '30' });
    expect(next.status).toBe(200);
  }, 60_000);
});
