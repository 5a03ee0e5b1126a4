import { deltaE2000, parseHex, rgbToLab } from '@stitchwise/core';
import { describe, expect, it } from 'vitest';
import type { Problem as ProblemBody } from '../src/contract/problem.js';
import type { ThreadMatch as ThreadMatchView, Thread as ThreadView } from '../src/contract/threads.js';
import { buildTestApp } from './helpers.js';
import { useTestServer } from './support/harness.js';

type Thread = ThreadView;
type Match = ThreadMatchView;
type Problem = ProblemBody;

const { visitor } = useTestServer();

/** `GET /api{path}`, read as JSON. */
async function get(path: string): Promise<{ status: number; type: string; body: unknown }> {
  const response = await visitor.api(path);
  return { status: response.status, type: String(response.headers.get('content-type')), body: await response.json() };
}

async function expectProblem(path: string, status: number, field?: string): Promise<Problem> {
  const response = await get(path);
  expect(response.status).toBe(status);
  expect(response.type).toMatch(/^application\/problem\+json/);
  const problem = response.body as Problem;
  expect(problem).toMatchObject({ status, title: expect.any(String), code: expect.stringMatching(/^[a-z_]+$/) });
  expect(problem.detail.length).toBeGreaterThan(10);
  if (field) expect(problem.errors?.map((e) => e.field)).toContain(field);
  return problem;
}

describe('GET /api/dmc/threads', () => {
  it('lists the first page of the catalogue with its total', async () => {
    const { status, body } = await get('/dmc/threads');
    const { threads, total } = body as { threads: Thread[]; total: number };
    expect(status).toBe(200);
    expect(total).toBe(489);
    expect(threads).toHaveLength(100);
    expect(Object.keys(threads[0]!).sort()).toEqual(['b', 'code', 'g', 'hex', 'name', 'r']);
  });

  it('pages with limit and offset without overlap', async () => {
    const first = (await get('/dmc/threads?limit=10&offset=0')).body as { threads: Thread[] };
    const second = (await get('/dmc/threads?limit=10&offset=10')).body as { threads: Thread[] };
    const all = (await get('/dmc/threads?limit=500')).body as { threads: Thread[]; total: number };
    expect(all.threads).toHaveLength(489);
    expect([...first.threads, ...second.threads]).toEqual(all.threads.slice(0, 20));
    const past = (await get('/dmc/threads?offset=1000')).body as { threads: Thread[]; total: number };
    expect(past).toEqual({ threads: [], total: 489 });
  });

  it('searches by code or name', async () => {
    const byCode = (await get('/dmc/threads?q=310')).body as { threads: Thread[]; total: number };
    expect(byCode.threads[0]).toEqual({ code: '310', name: 'Black', r: 0, g: 0, b: 0, hex: '#000000' });
    const byName = (await get('/dmc/threads?q=salmon')).body as { threads: Thread[]; total: number };
    expect(byName.total).toBe(byName.threads.length);
    expect(byName.threads.length).toBeGreaterThan(3);
    expect(byName.threads.every((t) => /salmon/i.test(t.name))).toBe(true);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=ten', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=1.5', 'offset'],
  ])('refuses %s naming the field', async (query, field) => {
    await expectProblem(`/dmc/threads?${query}`, 400, field);
  });
});

describe('GET /api/dmc/threads/{id}', () => {
  it.each([
    ['310', '310'],
    ['blanc', 'Blanc'],
    ['BLANC', 'Blanc'],
    ['b5200', 'B5200'],
    ['ecru', 'Ecru'],
    ['01', '01'],
  ])('finds %s', async (id, code) => {
    const { status, type, body } = await get(`/dmc/threads/${id}`);
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/json/);
    expect((body as Thread).code).toBe(code);
    expect((body as Thread).hex).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('answers an unknown code with a 404 problem', async () => {
    const problem = await expectProblem('/dmc/threads/9999', 404);
    expect(problem.code).toBe('not_found');
    expect(problem.detail).toContain('9999');
  });
});

describe('GET /api/dmc/threads/closest/{color}', () => {
  it('gives 5 threads nearest first with their ΔE00 by default', async () => {
    const { status, body } = await get('/dmc/threads/closest/ff8800');
    expect(status).toBe(200);
    const { color, threads } = body as { color: Thread; threads: Match[] };
    expect(color).toEqual({ r: 255, g: 136, b: 0, hex: '#FF8800' });
    expect(threads).toHaveLength(5);
    const query = rgbToLab(parseHex('ff8800')!);
    for (const [i, match] of threads.entries()) {
      expect(match.distance).toBeCloseTo(deltaE2000(query, rgbToLab(match)), 4);
      if (i > 0) expect(match.distance).toBeGreaterThanOrEqual(threads[i - 1]!.distance);
    }
    expect(threads[0]?.code).toBe('740');
  });

  it('reads the colour as hex, #hex or r,g,b alike', async () => {
    const plain = await get('/dmc/threads/closest/ff8800');
    expect((await get('/dmc/threads/closest/%23ff8800')).body).toEqual(plain.body);
    expect((await get('/dmc/threads/closest/255,136,0')).body).toEqual(plain.body);
    expect((await get('/dmc/threads/closest/FF8800')).body).toEqual(plain.body);
  });

  it('honours count from 1 to 50', async () => {
    expect(((await get('/dmc/threads/closest/000000?count=1')).body as { threads: Match[] }).threads).toMatchObject([{ code: '310', distance: 0 }]);
    expect(((await get('/dmc/threads/closest/123456?count=50')).body as { threads: Match[] }).threads).toHaveLength(50);
  });

  it.each(['0', '51', 'abc', '2.5', ''])('refuses count=%s naming count', async (count) => {
    await expectProblem(`/dmc/threads/closest/ff8800?count=${count}`, 400, 'count');
  });

  it.each(['zzz', 'ff880', '256,0,0', '1,2', 'red', '%23%23ff8800'])('refuses the colour %s naming color', async (color) => {
    const problem = await expectProblem(`/dmc/threads/closest/${color}`, 400, 'color');
    expect(problem.code).toBe('invalid_request');
  });
});

describe('the rest of /api', () => {
  it('reports health with the version', async () => {
    const { status, body } = await get('/health');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('answers unknown paths with a 404 problem', async () => {
    await expectProblem('/no/such/thing', 404);
    const problem = await expectProblem('/dmc', 404);
    expect(problem.detail).toContain('/api/dmc');
  });

  it('answers a wrong method with a problem, not an HTML page', async () => {
    const response = await visitor.api('/dmc/threads/310', { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('serves the OpenAPI document generated from the route schemas, and a readable page', async () => {
    const { status, body } = await get('/docs/json');
    expect(status).toBe(200);
    const document = body as { openapi: string; paths: Record<string, Record<string, { parameters?: { name: string }[] }>> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/dmc/threads', '/api/dmc/threads/{id}', '/api/dmc/threads/closest/{color}']),
    );
    const closestParameters = document.paths['/api/dmc/threads/closest/{color}']?.get?.parameters?.map((p) => p.name);
    expect(closestParameters).toEqual(expect.arrayContaining(['color', 'count']));

    const page = await visitor.api('/docs', { redirect: 'manual' });
    const html = page.status === 302 ? await fetch(new URL(page.headers.get('location')!, page.url)) : page;
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    expect(await html.text()).toContain('swagger');
  });
});

describe('unexpected failures', () => {
  it('answer 500 problem+json with no stack trace or internal message', async () => {
    const local = await buildTestApp();
    local.get('/api/test-explodes', () => {
      throw new Error('database password is hunter2');
    });
    const response = await local.inject({ method: 'GET', url: '/api/test-explodes' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toMatch(/stack|at .*\.ts:\d+/);
    expect(response.json()).toMatchObject({ status: 500, code: 'internal_error' });
    await local.close();
  });
});
