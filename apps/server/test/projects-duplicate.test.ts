import type { PatternDocument } from '@stitchwise/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatternVersionList } from '../src/contract/pattern-versions.js';
import type { StitchPlan } from '../src/contract/patterns.js';
import type { Project, ProjectList } from '../src/contract/projects.js';
import { copyName } from '../src/services/projects.js';
import { encodePng, multipartBody } from './support/images.js';
import { newUser, OidcBrowser } from './support/oidc-client.js';
import { DATABASES, startTestServer, statusOf, type DatabaseUnderTest, type TestServer } from './support/test-server.js';

const MISSING_PROJECT = '00000000-0000-4000-8000-000000000000';

describe('copyName', () => {
  it('adds “(copy)” and shortens a long name so the copy stays within 100 characters', () => {
    expect(copyName('Roses')).toBe('Roses (copy)');
    const long = copyName('x'.repeat(100));
    expect(long).toHaveLength(100);
    expect(long.endsWith('x (copy)')).toBe(true);
  });
});

describe.each(DATABASES)('duplicating a project on $name', ({ create }) => {
  let database: DatabaseUnderTest;
  let server: TestServer;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    database = await create();
    server = await startTestServer(database.environment);
    alice = (await new OidcBrowser(server.baseUrl).signUp(newUser('alice'))).access_token;
    bob = (await new OidcBrowser(server.baseUrl).signUp(newUser('bob'))).access_token;
  });
  afterAll(async () => {
    await server.stop();
    await database.dispose();
  });

  const api = (path: string, token: string | undefined, init: RequestInit = {}): Promise<Response> =>
    fetch(`${server.baseUrl}/api${path}`, {
      ...init,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers as Record<string, string> | undefined) },
    });

  const image = encodePng(60, 40, (x, y) => [x < 30 ? 210 : 40, y < 20 ? 70 : 180, (x * 7 + y * 3) % 255]);

  /** A generated project of `token`'s user, with a description. */
  async function generated(token: string, name: string): Promise<Project> {
    const response = await api('/stitch/generate', token, {
      method: 'POST',
      body: multipartBody(
        { colors: '5', max_side: '30', project_name: name },
        { field: 'image_file', filename: 'h.png', contentType: 'image/png', bytes: image },
      ),
    });
    expect(response.status).toBe(200);
    const { project_id } = (await response.json()) as StitchPlan;
    const described = await api(`/stitch/projects/${project_id}`, token, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'For the hall' }),
    });
    expect(described.status).toBe(200);
    return (await described.json()) as Project;
  }

  const duplicate = (id: string, token: string | undefined): Promise<Response> => api(`/stitch/projects/${id}/duplicate`, token, { method: 'POST' });
  const bytes = async (url: string): Promise<Buffer> => Buffer.from(await (await fetch(url)).arrayBuffer());
  const outputUrls = (project: Project): string[] =>
    [project.outputs.input_image_url, project.outputs.stitch_plan_url, project.outputs.pattern_url].filter((url): url is string => url !== null);

  it('answers 201 with a new project of the owner: same settings, statistics and legend, its own copies of the files', async () => {
    const original = await generated(alice, 'Harbour');
    const response = await duplicate(original.id, alice);
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

    expect((await (await api(`/stitch/projects/${copy.id}`, alice)).json()) as Project).toEqual(copy);
    const listed = (await (await api('/stitch/projects', alice)).json()) as ProjectList;
    expect(listed.projects.map((project) => project.id)).toEqual(expect.arrayContaining([original.id, copy.id]));
    expect(listed.projects[0]!.id).toBe(copy.id); // newest first
  });

  it('keeps the copy whole when the original is deleted: its photo, chart, pattern and exports still work', async () => {
    const original = await generated(alice, 'Lighthouse');
    const copy = (await (await duplicate(original.id, alice)).json()) as Project;
    const expected = await Promise.all(outputUrls(copy).map(bytes));

    expect((await api(`/stitch/projects/${original.id}`, alice, { method: 'DELETE' })).status).toBe(204);
    for (const url of outputUrls(original)) expect(await statusOf(url)).toBe(404);

    for (const [index, url] of outputUrls(copy).entries()) {
      const file = await fetch(url);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(expected[index]!)).toBe(true);
    }
    const pattern = await api(`/stitch/projects/${copy.id}/pattern`, alice);
    expect(pattern.status).toBe(200);
    expect(((await pattern.json()) as PatternDocument).legend).toEqual(copy.color_legend);
    const oxs = await api(`/stitch/projects/${copy.id}/export?format=oxs`, alice);
    expect(oxs.status).toBe(200);
    expect(await oxs.text()).toContain('<chart>');

    // And deleting the copy removes its files in turn.
    expect((await api(`/stitch/projects/${copy.id}`, alice, { method: 'DELETE' })).status).toBe(204);
    for (const url of outputUrls(copy)) expect(await statusOf(url)).toBe(404);
  });

  it('copies the current chart of an edited project, which starts its own history at version 1', async () => {
    const original = await generated(alice, 'Meadow');
    const read = await api(`/stitch/projects/${original.id}/pattern`, alice);
    const document = (await read.json()) as PatternDocument;
    const edited = { ...document, cells: document.cells.map((cell, at) => (at < 3 ? -1 : cell)) };
    const saved = await api(`/stitch/projects/${original.id}/pattern`, alice, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'if-match': read.headers.get('etag')! },
      body: JSON.stringify(edited),
    });
    expect(saved.status).toBe(200);

    const copy = (await (await duplicate(original.id, alice)).json()) as Project;
    const copied = (await (await fetch(copy.outputs.pattern_url!)).json()) as PatternDocument;
    expect(copied.cells.slice(0, 4)).toEqual([-1, -1, -1, document.cells[3]]);
    const versions = (await (await api(`/stitch/projects/${copy.id}/pattern/versions`, alice)).json()) as PatternVersionList;
    expect(versions).toMatchObject({ current_version: 1, versions: [{ version: 1, is_original: true, is_current: true }] });
  });

  it('copies a project that has only its photo', async () => {
    const created = await api('/stitch/projects', alice, {
      method: 'POST',
      body: multipartBody({ name: 'Just a photo' }, { field: 'image', filename: 'a.png', contentType: 'image/png', bytes: image }),
    });
    const original = (await created.json()) as Project;
    const response = await duplicate(original.id, alice);
    expect(response.status).toBe(201);
    const copy = (await response.json()) as Project;
    expect(copy).toMatchObject({ name: 'Just a photo (copy)', description: null, outputs: { stitch_plan_url: null, pattern_url: null }, color_legend: [] });
    expect((await bytes(copy.outputs.input_image_url!)).equals(image)).toBe(true);
  });

  it('answers another user’s project exactly like a missing one (404), and copies nothing', async () => {
    const original = await generated(alice, 'Private');
    const bobsBefore = ((await (await api('/stitch/projects', bob)).json()) as ProjectList).total;
    const alicesBefore = ((await (await api('/stitch/projects', alice)).json()) as ProjectList).total;

    const theirs = await duplicate(original.id, bob);
    const nobodys = await duplicate(MISSING_PROJECT, bob);
    expect(theirs.status).toBe(404);
    expect(nobodys.status).toBe(404);
    expect(theirs.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await theirs.text()).toBe(await nobodys.text());

    expect(((await (await api('/stitch/projects', bob)).json()) as ProjectList).total).toBe(bobsBefore);
    expect(((await (await api('/stitch/projects', alice)).json()) as ProjectList).total).toBe(alicesBefore);
  });

  it('answers a visitor with 401 and a Bearer challenge', async () => {
    const original = await generated(alice, 'Locked');
    const response = await duplicate(original.id, undefined);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });
});
