import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PatternDocument, ThreadBrand } from '@stitchwise/core';
import { expect } from 'vitest';
import type { SavedPattern } from '../../src/contract/pattern-versions.js';
import type { StitchPlan } from '../../src/contract/patterns.js';
import type { Project, ProjectList } from '../../src/contract/projects.js';
import type { ApiClient } from './harness.js';
import { encodePng, multipartBody } from './images.js';
import type { TestServer } from './test-server.js';

/**
 * The requests the project suites make over and over (a chart generated, a pattern read and saved, a chart
 * imported), as a client of the harness sends them. Each is the plain request; the helpers whose names say
 * a result (`generated`, `saved`, `readPattern`) also expect it to succeed.
 */

/** A project id no one has: another user's project is answered exactly like it. */
export const MISSING_PROJECT = '00000000-0000-4000-8000-000000000000';

/** A 60 × 40 picture of four colour blocks, finely textured: charted in a few threads. */
export const HARBOUR_PNG = encodePng(60, 40, (x, y) => [x < 30 ? 210 : 40, y < 20 ? 70 : 180, (x * 7 + y * 3) % 255]);

/** The generation form of a small chart of `HARBOUR_PNG`. */
export const HARBOUR_CHART: Record<string, string> = { colors: '5', max_side: '30', project_name: 'Harbour' };

/** `image` as the multipart file part `field`. */
const pngPart = (field: string, image: Buffer) => ({ field, filename: 'photo.png', contentType: 'image/png', bytes: image });

/** `POST /stitch/generate` of `image` with the form `fields`; a visitor's goes to `/stitch/generate/anonymous`. */
export function generate(
  client: ApiClient,
  fields: Record<string, string>,
  image: Buffer = HARBOUR_PNG,
  { filename = 'photo.png', ...init }: RequestInit & { filename?: string } = {},
): Promise<Response> {
  return client.api(client.token ? '/stitch/generate' : '/stitch/generate/anonymous', {
    ...init,
    method: 'POST',
    body: multipartBody(fields, { ...pngPart('image_file', image), filename }),
  });
}

/** A chart of `HARBOUR_PNG` generated (200) as a project of `client`'s user: `HARBOUR_CHART`, with `fields` over it. */
export async function generated(client: ApiClient, fields: Record<string, string> = {}): Promise<StitchPlan> {
  const response = await generate(client, { ...HARBOUR_CHART, ...fields });
  expect(response.status).toBe(200);
  return (await response.json()) as StitchPlan;
}

/** `POST /stitch/projects`: a project of just a photo, without a chart. */
export function createPhotoProject(client: ApiClient, name: string, image: Buffer = HARBOUR_PNG): Promise<Response> {
  return client.api('/stitch/projects', { method: 'POST', body: multipartBody({ name }, pngPart('image', image)) });
}

/** `POST /stitch/projects/import` of a chart file named `filename` (the server reads its bytes, not its type). */
export function importChart(client: ApiClient, bytes: Buffer | string, filename = 'chart.oxs', fields: Record<string, string> = {}): Promise<Response> {
  const file = { field: 'file', filename, contentType: 'application/octet-stream', bytes: Buffer.from(bytes) };
  return client.api('/stitch/projects/import', { method: 'POST', body: multipartBody(fields, file) });
}

/** `POST /stitch/projects/:id/duplicate`. */
export const duplicateProject = (client: ApiClient, projectId: string): Promise<Response> =>
  client.api(`/stitch/projects/${projectId}/duplicate`, { method: 'POST' });

/** `POST /stitch/projects/:id/convert` with `{ to }` as JSON (or, `inQuery`, as `?to=` with no body). */
export const convertChart = (client: ApiClient, projectId: string, to: string, { inQuery = false } = {}): Promise<Response> =>
  inQuery
    ? client.api(`/stitch/projects/${projectId}/convert?${new URLSearchParams({ to }).toString()}`, { method: 'POST' })
    : client.api(`/stitch/projects/${projectId}/convert`, { method: 'POST', json: { to } });

/** `GET /stitch/projects/:id`, read as a project. */
export const projectOf = async (client: ApiClient, projectId: string): Promise<Project> =>
  (await (await client.api(`/stitch/projects/${projectId}`)).json()) as Project;

/** `GET /stitch/projects{query}`, read as a list. */
export const listProjects = async (client: ApiClient, query = ''): Promise<ProjectList> =>
  (await (await client.api(`/stitch/projects${query}`)).json()) as ProjectList;

/** `GET /stitch/projects/:id/pattern` (200): the current chart and its ETag. */
export async function readPattern(client: ApiClient, projectId: string): Promise<{ etag: string; document: PatternDocument }> {
  const response = await client.api(`/stitch/projects/${projectId}/pattern`);
  expect(response.status).toBe(200);
  return { etag: response.headers.get('etag')!, document: (await response.json()) as PatternDocument };
}

/** `PUT /stitch/projects/:id/pattern` of `document` (a string is sent as it is), If-Match `ifMatch` (left out when undefined). */
export function savePattern(client: ApiClient, projectId: string, document: unknown, ifMatch?: string): Promise<Response> {
  const path = `/stitch/projects/${projectId}/pattern`;
  const headers: Record<string, string> = ifMatch === undefined ? {} : { 'if-match': ifMatch };
  if (typeof document === 'string') return client.api(path, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body: document });
  return client.api(path, { method: 'PUT', headers, json: document });
}

/** `document` saved (200) over the version `ifMatch` names: the new version, with its ETag. */
export async function saved(client: ApiClient, projectId: string, document: PatternDocument, ifMatch: string): Promise<SavedPattern & { etag: string }> {
  const response = await savePattern(client, projectId, document, ifMatch);
  expect(response.status, await response.clone().text()).toBe(200);
  return { ...((await response.json()) as SavedPattern), etag: response.headers.get('etag')! };
}

/** `PUT /threads/owned` (200): `client`'s user owns exactly `threads` (as `{ brand, code }`, or DMC threads as the earlier `{ dmc_code }`). */
export async function ownThreads(
  client: ApiClient,
  threads: ({ dmc_code: string; skeins: number } | { brand: ThreadBrand; code: string; skeins: number })[],
): Promise<void> {
  const response = await client.api('/threads/owned', { method: 'PUT', json: threads });
  expect(response.status).toBe(200);
}

/** Every file the server has stored, as paths on the local disk. */
export async function storedFiles(server: TestServer): Promise<string[]> {
  if (server.config.storage.kind !== 'local') throw new Error('These tests keep files on the local disk');
  const entries = await readdir(server.config.storage.directory, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
