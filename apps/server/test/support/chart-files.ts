import { readFile } from 'node:fs/promises';
import type { PatternDocument } from '@stitchwise/core';
import { expect } from 'vitest';
import type { ImportedProject } from '../../src/contract/imports.js';
import type { Project } from '../../src/contract/projects.js';
import type { ApiClient } from './harness.js';
import { importChart } from './stitch-requests.js';

/** Chart files to import: the OXS fixtures, OXS charts written in a test, and what an import makes of them. */

/** A file of `test/fixtures/oxs`. */
export const oxsFixture = (name: string): Promise<Buffer> => readFile(new URL(`../fixtures/oxs/${name}`, import.meta.url));

/** An OXS chart of `width` × `height` with one DMC 310 stitch per listed cell; `extra` goes inside the chart. */
export function oxs({
  width = 3,
  height = 2,
  palette = '<palette_item index="1" number="DMC 310" color="000000"/>',
  stitches = '<stitch x="0" y="0" palindex="1"/>',
  head = '',
  extra = '',
} = {}): string {
  return `${head}<chart><properties oxsversion="1.0" chartwidth="${width}" chartheight="${height}"/><palette><palette_item index="0" number="cloth" color="FFFFFF"/>${palette}</palette><fullstitches>${stitches}</fullstitches>${extra}</chart>`;
}

/** A chart file imported (201) as a project of `client`'s user. */
export async function imported(client: ApiClient, bytes: Buffer | string, filename?: string, fields?: Record<string, string>): Promise<ImportedProject> {
  const response = await importChart(client, bytes, filename, fields);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ImportedProject;
}

/** The pattern document a project's chart was drawn from. */
export const documentOf = async (project: Project): Promise<PatternDocument> => (await (await fetch(project.outputs.pattern_url!)).json()) as PatternDocument;
