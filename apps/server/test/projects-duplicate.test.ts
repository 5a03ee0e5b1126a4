import type { PatternDocument } from '@stitchwise/core';
import { describe, expect, it } from 'vitest';
import type { Project } from '../src/contract/projects.js';
import { copyName } from '../src/services/projects.js';
import { useTestServer, type ApiClient } from './support/harness.js';
import { versionsOf } from './support/pattern-fixtures.js';
import {
  createPhotoProject,
  duplicateProject,
  generated,
  HARBOUR_PNG,
  listProjects,
  MISSING_PROJECT,
  projectOf,
  readPattern,
  saved,
} from './support/stitch-requests.js';
import { DATABASES, statusOf } from './support/test-server.js';

describe('copyName', () => {
  it('adds “(copy)” and shortens a long name so the copy stays within 100 characters', () => {
    expect(copyName('Roses')).toBe('Roses (copy)');
    const long = copyName('x'.repeat(100));
    expect(long).toHaveLength(100);
    expect(long.endsWith('x (copy)')).toBe(true);
  });
});

describe.each(DATABASES)('duplicating a project on $name', (database) => {
  const suite = useTestServer({ database, users: ['alice', 'bob'] });
  const alice = suite.user('alice');
  const bob = suite.user('bob');

  /** A generated project of `client`'s user, with a description. */
  async function describedProject(client: ApiClient, name: string): Promise<Project> {
    const { project_id } = await generated(client, { project_name: name });
    const described = await client.api(`/stitch/projects/${project_id}`, { method: 'PATCH', json: { description: 'For the hall' } });
    expect(described.status).toBe(200);
    return (await described.json()) as Project;
  }

  const bytes = async (url: string): Promise<Buffer> => Buffer.from(await (await fetch(url)).arrayBuffer());
  const outputUrls = (project: Project): string[] =>
    [project.outputs.input_image_url, project.outputs.stitch_plan_url, project.outputs.pattern_url].filter((url): url is string => url !== null);

  it('answers 201 with a new project of the owner: same settings, statistics and legend, its own copies of the files', async () => {
    const original = await describedProject(alice, 'Harbour');
    const response = await duplicateProject(alice, original.id);
    expect(response.status).toBe(201);
    const copy = (await response.json()) as Project;

    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      user_id: original.user_id,
      name: 'Harbour (copy)',
      description: 'For the hall',
      status: 'active',
      parameters: original.parameters,
      metadata: original.metadata,
      color_legend: original.color_legend,
    });
    expect(copy.created_at >= original.created_at).toBe(true);
    // Every file is there, under a new address, with the same bytes.
    expect(outputUrls(copy)).toHaveLength(3);
    for (const [index, url] of outputUrls(copy).entries()) {
      const source = outputUrls(original)[index]!;
      expect(url).not.toBe(source);
      expect((await bytes(url)).equals(await bytes(source))).toBe(true);
    }

    expect(await projectOf(alice, copy.id)).toEqual(copy);
    const listed = await listProjects(alice);
    expect(listed.projects.map((project) => project.id)).toEqual(expect.arrayContaining([original.id, copy.id]));
    expect(listed.projects[0]!.id).toBe(copy.id); // newest first
  });

  it('keeps the copy whole when the original is deleted: its photo, chart, pattern and exports still work', async () => {
    const original = await describedProject(alice, 'Lighthouse');
    const copy = (await (await duplicateProject(alice, original.id)).json()) as Project;
    const expected = await Promise.all(outputUrls(copy).map(bytes));

    expect((await alice.api(`/stitch/projects/${original.id}`, { method: 'DELETE' })).status).toBe(204);
    for (const url of outputUrls(original)) expect(await statusOf(url)).toBe(404);

    for (const [index, url] of outputUrls(copy).entries()) {
      const file = await fetch(url);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(expected[index]!)).toBe(true);
    }
    const pattern = await alice.api(`/stitch/projects/${copy.id}/pattern`);
    expect(pattern.status).toBe(200);
    expect(((await pattern.json()) as PatternDocument).legend).toEqual(copy.color_legend);
    const oxs = await alice.api(`/stitch/projects/${copy.id}/export?format=oxs`);
    expect(oxs.status).toBe(200);
    expect(await oxs.text()).toContain('<chart>');

    // And deleting the copy removes its files in turn.
    expect((await alice.api(`/stitch/projects/${copy.id}`, { method: 'DELETE' })).status).toBe(204);
    for (const url of outputUrls(copy)) expect(await statusOf(url)).toBe(404);
  });

  it('copies the current chart of an edited project, which starts its own history at version 1', async () => {
    const original = await describedProject(alice, 'Meadow');
    const { etag, document } = await readPattern(alice, original.id);
    const edited = { ...document, cells: document.cells.map((cell, at) => (at < 3 ? -1 : cell)) };
    await saved(alice, original.id, edited, etag);

    const copy = (await (await duplicateProject(alice, original.id)).json()) as Project;
    const copied = (await (await fetch(copy.outputs.pattern_url!)).json()) as PatternDocument;
    expect(copied.cells.slice(0, 4)).toEqual([-1, -1, -1, document.cells[3]]);
    const versions = await versionsOf(alice, copy.id);
    expect(versions).toMatchObject({ current_version: 1, versions: [{ version: 1, is_original: true, is_current: true }] });
  });

  it('copies a project that has only its photo', async () => {
    const created = await createPhotoProject(alice, 'Just a photo');
    const original = (await created.json()) as Project;
    const response = await duplicateProject(alice, original.id);
    expect(response.status).toBe(201);
    const copy = (await response.json()) as Project;
    expect(copy).toMatchObject({ name: 'Just a photo (copy)', description: null, outputs: { stitch_plan_url: null, pattern_url: null }, color_legend: [] });
    expect((await bytes(copy.outputs.input_image_url!)).equals(HARBOUR_PNG)).toBe(true);
  });

  it('answers another user’s project exactly like a missing one (404), and copies nothing', async () => {
    const original = await describedProject(alice, 'Private');
    const bobsBefore = (await listProjects(bob)).total;
    const alicesBefore = (await listProjects(alice)).total;

    const theirs = await duplicateProject(bob, original.id);
    const nobodys = await duplicateProject(bob, MISSING_PROJECT);
    expect(theirs.status).toBe(404);
    expect(nobodys.status).toBe(404);
    expect(theirs.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await theirs.text()).toBe(await nobodys.text());

    expect((await listProjects(bob)).total).toBe(bobsBefore);
    expect((await listProjects(alice)).total).toBe(alicesBefore);
  });

  it('answers a visitor with 401 and a Bearer challenge', async () => {
    const original = await describedProject(alice, 'Locked');
    const response = await duplicateProject(suite.visitor, original.id);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });
});
