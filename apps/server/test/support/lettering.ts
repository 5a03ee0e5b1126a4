import { layOutText, letteringInk, type LetteringOptions, type PatternDocument } from '@stitchwise/core';
import { expect } from 'vitest';
import type { ApiClient } from './harness.js';

/** Lettering charts as the lettering and export suites ask for them. */

/** `POST /stitch/lettering` of `body` as JSON (a string is sent as it is, as `type`). */
export function letteringOf(client: ApiClient, body: unknown, type = 'application/json'): Promise<Response> {
  if (typeof body === 'string') return client.api('/stitch/lettering', { method: 'POST', headers: { 'content-type': type }, body });
  return client.api('/stitch/lettering', { method: 'POST', json: body });
}

/** A lettering chart made (201): its document and the `Location` it is kept at. */
export async function lettered(client: ApiClient, body: Record<string, unknown>): Promise<{ document: PatternDocument; location: string; text: string }> {
  const response = await letteringOf(client, body);
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return { document: JSON.parse(text) as PatternDocument, location: response.headers.get('location')!, text };
}

/** The chart's size by the core's own layout: the lettering's ink with `margin` around it. */
export function expectedSize(text: string, alphabet: string, options: LetteringOptions, margin: number): { width: number; height: number } {
  const ink = letteringInk(layOutText(text, alphabet, options))!;
  return { width: ink.width + 2 * margin, height: ink.height + 2 * margin };
}

/** The stitched area of a document, in whole stitches: full stitches, backstitch lines and knots alike. */
export function stitchedBox(document: PatternDocument): { left: number; top: number; right: number; bottom: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  document.cells.forEach((cell, at) => {
    if (cell < 0) return;
    xs.push(at % document.width, (at % document.width) + 1);
    ys.push(Math.floor(at / document.width), Math.floor(at / document.width) + 1);
  });
  // Marks lie on the half-stitch lattice: (2x, 2y) is the top-left corner of stitch (x, y).
  for (const { x1, y1, x2, y2 } of document.backstitches) {
    xs.push(x1 / 2, x2 / 2);
    ys.push(y1 / 2, y2 / 2);
  }
  for (const { x, y } of document.knots) {
    xs.push(x / 2);
    ys.push(y / 2);
  }
  return { left: Math.floor(Math.min(...xs)), top: Math.floor(Math.min(...ys)), right: Math.ceil(Math.max(...xs)), bottom: Math.ceil(Math.max(...ys)) };
}
