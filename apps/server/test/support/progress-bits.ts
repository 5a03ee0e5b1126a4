import { decodeProgress, encodeProgress, isDone, markableCells, parsePatternDocument, progressBytes, setDone, type PatternDocument } from '@stitchwise/core';
import { expect } from 'vitest';
import type { StitchingProgress } from '../../src/contract/progress.js';
import type { Project } from '../../src/contract/projects.js';
import type { ApiClient } from './harness.js';
import { listProjects } from './stitch-requests.js';

/** Stitching progress as cell numbers, and its requests: `GET`/`PUT /stitch/projects/:id/progress`. */

type Size = { width: number; height: number };

/** The cells whose bit is set. */
const cellsOf = (bits: Uint8Array, { width, height }: Size): number[] =>
  Array.from({ length: width * height }, (_, cell) => cell).filter((cell) => isDone(bits, cell));

/** The cells of a document that can be marked: a full stitch or a part stitch. */
export const markableOf = (document: PatternDocument): number[] => cellsOf(markableCells(parsePatternDocument(JSON.stringify(document))), document);

/** The bitset, as sent, of a chart of this size with `cells` marked done. */
export function bitsOf({ width, height }: Size, cells: Iterable<number>): string {
  const bits = new Uint8Array(progressBytes(width, height));
  for (const cell of cells) setDone(bits, cell, true);
  return encodeProgress(bits);
}

/** The cells an answer has marked done. */
export const doneCells = (progress: StitchingProgress): number[] => cellsOf(decodeProgress(progress.done)!, progress);

export const getProgress = (client: ApiClient, projectId: string): Promise<Response> => client.api(`/stitch/projects/${projectId}/progress`);

/** `PUT` of `body`, as JSON. */
export const putProgress = (client: ApiClient, projectId: string, body: unknown): Promise<Response> =>
  client.api(`/stitch/projects/${projectId}/progress`, { method: 'PUT', json: body });

/** The stored progress (200). */
export async function progressOf(client: ApiClient, projectId: string): Promise<StitchingProgress> {
  const response = await getProgress(client, projectId);
  expect(response.status).toBe(200);
  return (await response.json()) as StitchingProgress;
}

/** `body` stored (200): the answer. */
export async function stored(
  client: ApiClient,
  projectId: string,
  body: { version: number; done: string; base?: string; day?: string },
): Promise<StitchingProgress> {
  const response = await putProgress(client, projectId, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as StitchingProgress;
}

/** The project as the list of projects shows it. */
export const listed = async (client: ApiClient, projectId: string): Promise<Project> =>
  (await listProjects(client, '?limit=100')).projects.find((project) => project.id === projectId)!;
