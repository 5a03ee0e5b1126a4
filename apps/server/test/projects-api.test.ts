import { describe, expect, it } from 'vitest';
import type { Project as ProjectView } from '../src/contract/projects.js';
import { encodePng, multipartBody } from './support/images.js';
import { useTestServer, type ApiClient } from './support/harness.js';
import { DATABASES, statusOf } from './support/test-server.js';

type Project = ProjectView;

describe.each(DATABASES)('projects API on $name', (database) => {
  const suite = useTestServer({ database, users: ['alice', 'bob'] });
  const alice = suite.user('alice');
  const bob = suite.user('bob');

  const image = encodePng(64, 48, (x, y) => [x * 4, y * 5, 128]);

  async function createProject(client: ApiClient, name: string, description?: string): Promise<Project> {
    const body = multipartBody(description === undefined ? { name } : { name, description }, {
      field: 'image',
      filename: 'flowers.png',
      contentType: 'image/png',
      bytes: image,
    });
    const response = await client.api('/stitch/projects', { method: 'POST', body });
    expect(response.status).toBe(201);
    return (await response.json()) as Project;
  }

  it('creates a project from an image, with every field of the Project entity', async () => {
    const project = await createProject(alice, '  Spring meadow ', 'For the kitchen');
    expect(Object.keys(project).sort()).toEqual(
      ['color_legend', 'created_at', 'description', 'id', 'metadata', 'name', 'outputs', 'parameters', 'progress', 'status', 'updated_at', 'user_id'].sort(),
    );
    expect(project).toMatchObject({
      name: 'Spring meadow',
      description: 'For the kitchen',
      status: 'active',
      parameters: { original_size: { width: 64, height: 48 } },
      color_legend: [],
      outputs: { stitch_plan_url: null, pattern_url: null },
      progress: { done: 0, total: 0 },
    });
    const me = (await (await alice.api('/auth/me')).json()) as { id: string };
    expect(project.user_id).toBe(me.id);

    // The stored image is served back, byte for byte, with its type and long-lived caching.
    const file = await fetch(project.outputs.input_image_url!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(image)).toBe(true);
    expect(new URL(project.outputs.input_image_url!).pathname).toMatch(/^\/files\/[A-Za-z0-9_-]{32}\.png$/);
  });

  it('refuses a project without a name or an image, a file that is not an image, and one over 10 MB', async () => {
    const noName = await alice.api('/stitch/projects', {
      method: 'POST',
      body: multipartBody({ name: '   ' }, { field: 'image', filename: 'a.png', contentType: 'image/png', bytes: image }),
    });
    expect(noName.status).toBe(400);
    expect(((await noName.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['name']);

    const noImage = await alice.api('/stitch/projects', { method: 'POST', body: multipartBody({ name: 'x' }) });
    expect(noImage.status).toBe(400);
    expect(((await noImage.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['image']);

    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const notImage = await alice.api('/stitch/projects', {
      method: 'POST',
      body: multipartBody({ name: 'x' }, { field: 'image', filename: 'photo.png', contentType: 'image/png', bytes: html }),
    });
    expect(notImage.status).toBe(415);

    const huge = Buffer.concat([image, Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await alice.api('/stitch/projects', {
      method: 'POST',
      body: multipartBody({ name: 'x' }, { field: 'image', filename: 'big.png', contentType: 'image/png', bytes: huge }),
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ code: 'payload_too_large', detail: 'The file is larger than the 10 MB limit.' });

    const json = await alice.api('/stitch/projects', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' });
    expect(json.status).toBe(415);
  });

  it('lists only the owner’s projects, newest first, with paging and a status filter', async () => {
    const carol = await suite.signUp('carol');
    const created: Project[] = [];
    for (const name of ['one', 'two', 'three']) {
      created.push(await createProject(carol, name));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const list = (await (await carol.api('/stitch/projects')).json()) as { projects: Project[]; total: number };
    expect(list.total).toBe(3);
    expect(list.projects.map((p) => p.name)).toEqual(['three', 'two', 'one']);

    const page = (await (await carol.api('/stitch/projects?limit=1&offset=1')).json()) as { projects: Project[]; total: number };
    expect(page).toMatchObject({ total: 3, projects: [{ name: 'two' }] });

    await carol.api(`/stitch/projects/${created[0]!.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'archived' }),
    });
    const active = (await (await carol.api('/stitch/projects?status=active')).json()) as { projects: Project[]; total: number };
    expect(active.projects.map((p) => p.name)).toEqual(['three', 'two']);
    expect(active.total).toBe(2);

    const bobs = (await (await bob.api('/stitch/projects')).json()) as { projects: Project[] };
    expect(bobs.projects.some((p) => created.some((c) => c.id === p.id))).toBe(false);

    expect((await carol.api('/stitch/projects?limit=101')).status).toBe(400);
    expect((await carol.api('/stitch/projects?status=deleted')).status).toBe(400);
  });

  it('updates name, description and status, and refuses bad changes', async () => {
    const project = await createProject(alice, 'Old name', 'Old description');
    const patch = (body: unknown): Promise<Response> => alice.api(`/stitch/projects/${project.id}`, { method: 'PATCH', json: body });

    const renamed = await patch({ name: 'New name', description: '', status: 'archived' });
    expect(renamed.status).toBe(200);
    const updated = (await renamed.json()) as Project;
    expect(updated).toMatchObject({ name: 'New name', description: null, status: 'archived' });
    expect(updated.updated_at >= project.updated_at).toBe(true);
    expect((await (await alice.api(`/stitch/projects/${project.id}`)).json()) as Project).toMatchObject({ name: 'New name' });

    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ status: 'deleted' }, 'status'],
      [{ user_id: 'someone' }, 'request'],
      [{}, 'request'],
    ] as const) {
      const response = await patch(body);
      expect(response.status).toBe(400);
      const problem = (await response.json()) as { errors: { field: string }[] };
      expect(problem.errors.length).toBeGreaterThan(0);
      if (field !== 'request') expect(problem.errors.map((e) => e.field)).toContain(field);
    }
  });

  it('deletes a project with its files', async () => {
    const project = await createProject(alice, 'To delete');
    const deleted = await alice.api(`/stitch/projects/${project.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await alice.api(`/stitch/projects/${project.id}`)).status).toBe(404);
    expect(await statusOf(project.outputs.input_image_url!)).toBe(404);
    expect((await alice.api(`/stitch/projects/${project.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('answers another user’s project exactly like a missing one, on every route', async () => {
    const project = await createProject(alice, 'Private');
    const missing = '00000000-0000-4000-8000-000000000000';
    const json = { 'content-type': 'application/json' };
    const attempts: [string, RequestInit][] = [
      ['GET', {}],
      ['PATCH', { method: 'PATCH', headers: json, body: JSON.stringify({ name: 'Taken over' }) }],
      ['DELETE', { method: 'DELETE' }],
    ];
    for (const [, init] of attempts) {
      const theirs = await bob.api(`/stitch/projects/${project.id}`, init);
      const nobodys = await bob.api(`/stitch/projects/${missing}`, init);
      expect(theirs.status).toBe(404);
      expect(nobodys.status).toBe(404);
      expect(await theirs.text()).toBe(await nobodys.text());
    }
    // Nothing changed for the owner.
    const owned = (await (await alice.api(`/stitch/projects/${project.id}`)).json()) as Project;
    expect(owned).toMatchObject({ name: 'Private', status: 'active' });
    expect(await statusOf(owned.outputs.input_image_url!)).toBe(200);
  });

  it('answers every project route without a token with 401 and a Bearer challenge', async () => {
    const project = await createProject(alice, 'Locked');
    for (const [method, path] of [
      ['GET', '/stitch/projects'],
      ['POST', '/stitch/projects'],
      ['GET', `/stitch/projects/${project.id}`],
      ['PATCH', `/stitch/projects/${project.id}`],
      ['DELETE', `/stitch/projects/${project.id}`],
      ['GET', '/auth/me'],
    ] as const) {
      const response = await suite.visitor.api(path, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  it('serves no file for unknown or malformed ids', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png', '..%2F..%2Fstitchwise.sqlite', 'x.html']) {
      const response = await fetch(`${suite.baseUrl}/files/${id}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });
});
