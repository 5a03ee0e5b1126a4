import { describe, expect, it } from 'vitest';
import type { GenerationEvent } from '../src/contract/patterns.js';
import { generate as generateAs } from './support/stitch-requests.js';
import { useTestServer } from './support/harness.js';
import { PHOTOS } from './support/images.js';

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
  const suite = useTestServer({ environment: { WORKERS: '1' }, users: ['progress'] });
  const progress = suite.user('progress');

  const generate = (fields: Record<string, string>, options: { events?: boolean; signal?: AbortSignal; signedIn?: boolean } = {}) =>
    generateAs(options.signedIn === false ? suite.visitor : progress, fields, PHOTOS.kodim21(), {
      headers: options.events ? { accept: 'text/event-stream' } : {},
      ...(options.signal ? { signal: options.signal } : {}),
    });
  const projectCount = async (): Promise<number> => ((await (await progress.api('/stitch/projects')).json()) as { total: number }).total;
  const modelState = async (): Promise<string> =>
    ((await (await suite.visitor.api('/health')).json()) as { background_removal: { model: string } }).background_removal.model;

  it('sends each stage as it begins, then the plan, on a stream that proxies do not buffer', async () => {
    const response = await generate({ project_name: 'Staged', max_side: '50', colors: '8' }, { events: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toContain('no-transform');
    const events = await readEvents(response);
    const stages = events.flatMap((e) => (e.type === 'stage' ? [e.stage] : []));
    expect(stages).toEqual(['reducing_colours', 'saving']); // the chart image is drawn when first asked for
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
