import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { StitchPlan } from '../src/contract/patterns.js';
import { useTestServer } from './support/harness.js';
import { encodePng, multipartBody } from './support/images.js';

const photo = encodePng(30, 20, (x, y) => [x * 8, y * 12, 90]);

/** A visitor's generation sent to `origin`, with the Host header `host` when given (as a forged request would). */
async function generatedAt(origin: string, host?: string): Promise<StitchPlan> {
  const form = multipartBody({ colors: '4', max_side: '30' }, { field: 'image_file', filename: 'p.png', contentType: 'image/png', bytes: photo });
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const url = new URL('/api/stitch/generate/anonymous', origin);
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method: 'POST', headers: { 'content-type': encoded.headers.get('content-type')!, 'content-length': body.length, ...(host ? { host } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${response.statusCode}: ${Buffer.concat(chunks).toString()}`));
          else resolve(JSON.parse(Buffer.concat(chunks).toString()) as StitchPlan);
        });
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

describe('file links with PUBLIC_URL unset', () => {
  const suite = useTestServer({ environment: { PUBLIC_URL: undefined } });
  const port = (): string => new URL(suite.baseUrl).port;

  it('name the loopback address the browser used, so the page at 127.0.0.1 may load them', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      const plan = await generatedAt(`http://${host}:${port()}`);
      for (const url of [plan.stitch_plan_url, plan.pattern_url]) {
        expect(new URL(url).origin).toBe(`http://${host}:${port()}`);
        expect((await fetch(url)).status).toBe(200);
      }
    }
  });

  it('never take a Host header that is not the server as seen from its own machine', async () => {
    for (const host of ['evil.example', `evil.example:${port()}`, `127.0.0.1:1`, `localhost:${port()}@evil.example`]) {
      const plan = await generatedAt(`http://127.0.0.1:${port()}`, host);
      expect(new URL(plan.stitch_plan_url).origin, host).toBe(`http://localhost:${port()}`); // the default guess
    }
  });
});

describe('file links with PUBLIC_URL set', () => {
  const suite = useTestServer({ environment: { PUBLIC_URL: 'https://stitch.example' } });

  it('always name PUBLIC_URL, whatever address the request came by', async () => {
    const { port } = suite.server.app.server.address() as AddressInfo;
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      expect((await generatedAt(origin)).stitch_plan_url).toMatch(/^https:\/\/stitch\.example\/files\/[A-Za-z0-9_-]{32}\.png$/);
    }
  });
});
