import { expect } from 'vitest';
import type { StitchPlan } from '../../src/contract/patterns.js';
import type { ApiClient } from './harness.js';
import { generate } from './stitch-requests.js';

/** A generation's plan and a refusal's problem, as several server suites read them. */

/** The plan of a generation that must succeed. */
export async function generatedPlan(client: ApiClient, fields: Record<string, string>, png: Buffer, filename?: string): Promise<StitchPlan> {
  const response = await generate(client, fields, png, filename === undefined ? {} : { filename });
  expect(response.status).toBe(200);
  return (await response.json()) as StitchPlan;
}

/** The id of a stored file, the last part of its URL. */
export const fileIdOf = (url: string): string => url.split('/').pop()!;

/** A refusal as problem JSON: its status, code and detail, and the fields its errors name. */
export async function problemOf(response: Response): Promise<{ status: number; code: string; detail: string; fields: string[] }> {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const problem = (await response.json()) as { code: string; detail: string; errors?: { field: string }[] };
  return { status: response.status, code: problem.code, detail: problem.detail, fields: (problem.errors ?? []).map((error) => error.field) };
}
