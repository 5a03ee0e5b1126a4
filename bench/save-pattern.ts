/**
 * Saving an edited 500 × 500 chart of 50 threads, end to end: `PUT /api/stitch/projects/:id/pattern` from
 * the first byte sent to the 200 read, against the server run from its sources on a fresh SQLite database
 * (target: median ≤ 300 ms on 2 cores). Then the steps one by one in this process, to show where the time
 * goes: JSON parse, the core's check, the document's JSON and its write — and the chart PNG, which the save
 * no longer draws (it is drawn on its first request), for comparison.
 *   npx tsx bench/save-pattern.ts [saves=7]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHART_SYMBOLS, PATTERN_LIMITS, patternFromUntrustedDocument, toPatternDocument, type PatternDocument } from '@stitchwise/core';
import { renderChart } from '../apps/server/src/render/chart.js';
import { LocalFileStore } from '../apps/server/src/storage/file-store.js';
import { encodePng, multipartBody } from '../apps/server/test/support/images.js';
import { newUser, OidcBrowser } from '../apps/server/test/support/oidc-client.js';
import { startTestServer } from '../apps/server/test/support/test-server.js';

const TARGET_MS = 300;
const SIDE = 500;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number): string => `${Math.round(value)} ms`;

/** A busy picture, so the chart has many threads and few runs: the hard case for the PNG encoder. */
const picture = encodePng(SIDE, SIDE, (x, y) => [(x * 37 + y * 11) % 256, (x * 5 + y * 29) % 256, ((x ^ y) * 13) % 256]);

/** A stitcher's edit `n`: a 50 × 50 block painted with a thread of the legend, the symbol of another. */
function edited(document: PatternDocument, n: number): PatternDocument {
  const painted = n % document.legend.length;
  const cells = document.cells.map((cell, position) => {
    const x = position % document.width;
    const y = (position - x) / document.width;
    return x >= n * 10 && x < n * 10 + 50 && y < 50 ? painted : cell;
  });
  const free = CHART_SYMBOLS.find((symbol) => !document.legend.some((entry) => entry.symbol === symbol))!;
  const legend = document.legend.map((entry, index) => (index === 0 ? { ...entry, symbol: free } : entry));
  return { ...document, legend, cells };
}

export async function benchSavePattern(saves = 7): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'stitchwise-save-bench-'));
  const server = await startTestServer({ DATA_DIR: dataDir });
  try {
    const token = (await new OidcBrowser(server.baseUrl).signUp(newUser('save-bench'))).access_token;
    console.log(`\nSaving a ${SIDE} × ${SIDE} chart of 50 threads, WORKERS=${server.config.workers}, target: median ≤ ${TARGET_MS} ms`);
    let sample = '';
    for (const symbols of [false, true]) sample = await timeSaves(server.baseUrl, token, symbols, saves);
    await stepByStep(sample, dataDir);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Generates a project (with or without symbols on its chart) and times `saves` saves of edits to it; gives one edit's body. */
async function timeSaves(baseUrl: string, token: string, symbols: boolean, saves: number): Promise<string> {
  const auth = { authorization: `Bearer ${token}` };
  const generated = await fetch(`${baseUrl}/api/stitch/generate`, {
    method: 'POST',
    headers: auth,
    body: multipartBody(
      { project_name: 'Save benchmark', colors: '50', max_side: String(SIDE), return_symbols_overlay: String(symbols) },
      { field: 'image_file', filename: 'p.png', contentType: 'image/png', bytes: picture },
    ),
  });
  if (!generated.ok) throw new Error(`Generating the chart failed: ${generated.status} ${await generated.text()}`);
  const projectId = ((await generated.json()) as { project_id: string }).project_id;
  const read = await fetch(`${baseUrl}/api/stitch/projects/${projectId}/pattern`, { headers: auth });
  let etag = read.headers.get('etag')!;
  const original = (await read.json()) as PatternDocument;

  const times: number[] = [];
  for (let n = 0; n <= saves; n++) {
    const body = JSON.stringify(edited(original, n));
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/stitch/projects/${projectId}/pattern`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json', 'if-match': etag },
      body,
    });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`Save ${n} answered ${response.status}`);
    etag = response.headers.get('etag')!;
    if (n > 0) times.push(elapsed); // the first warms the worker thread up
  }
  const label = `${original.width} × ${original.height}, ${original.legend.length} threads, symbols ${symbols ? 'on' : 'off'}`;
  const verdict = median(times) <= TARGET_MS ? '✓' : '✗';
  console.log(
    `  PUT to 200 (${label}): median ${ms(median(times))} ${verdict}, best ${ms(Math.min(...times))}, worst ${ms(Math.max(...times))} over ${saves} saves`,
  );
  return JSON.stringify(edited(original, 1));
}

/** The save's steps in this process, each the median of three. */
async function stepByStep(body: string, dataDir: string): Promise<void> {
  const files = new LocalFileStore(join(dataDir, 'bench-files'));
  const steps: Record<string, number[]> = { 'JSON.parse': [], 'core check': [], 'chart PNG (on first request)': [], 'document JSON': [], 'file writes': [] };
  const time = async <T>(step: string, work: () => T | Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    steps[step]!.push(performance.now() - started);
    return result;
  };
  for (let round = 0; round < 3; round++) {
    const parsed = await time('JSON.parse', () => JSON.parse(body) as unknown);
    const pattern = await time('core check', () => patternFromUntrustedDocument(parsed, PATTERN_LIMITS));
    const chart = await time('chart PNG (on first request)', () => renderChart(pattern, { cellSize: 12, symbols: false }));
    const document = await time('document JSON', () => new TextEncoder().encode(JSON.stringify(toPatternDocument(pattern))));
    await time('file writes', () => Promise.all([files.put(chart.png, 'png'), files.put(document, 'json')]));
  }
  console.log('Step by step, in one thread (median of 3):');
  console.table(Object.fromEntries(Object.entries(steps).map(([step, values]) => [step, { ms: Math.round(median(values)) }])));
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSavePattern(Number(process.argv[2] ?? 7));
