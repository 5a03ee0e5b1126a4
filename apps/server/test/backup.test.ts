import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { copyFile, cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { encodePng, multipartBody } from './support/images.js';
import { newUser, OidcBrowser } from './support/oidc-client.js';
import { sqliteUnderTest, startTestServer, statusOf, type DatabaseUnderTest, type TestServer } from './support/test-server.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** `npm run backup` (or the script itself, quicker) as an operator runs it, reading the server's settings. */
function backup(environment: NodeJS.ProcessEnv, args: string[] = [], { throughNpm = false } = {}) {
  const [command, commandArgs] = throughNpm
    ? ['npm', ['run', '--silent', 'backup', ...(args.length > 0 ? ['--', ...args] : [])]]
    : [process.execPath, ['--import', 'tsx', 'scripts/backup.ts', ...args]];
  return spawnSync(command, commandArgs, {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', ...environment },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('backing up and restoring', () => {
  const cleanUp: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanUp.reverse()) await step();
  });

  it('backs up while the server runs; a fresh folder restored from the copy serves the project back', async () => {
    const database: DatabaseUnderTest = await sqliteUnderTest();
    cleanUp.push(() => database.dispose());
    const dataDir = database.environment.DATA_DIR!;
    let server: TestServer | undefined = await startTestServer(database.environment);
    cleanUp.push(() => server?.stop() ?? Promise.resolve());
    const user = newUser('backup');
    const tokens = await new OidcBrowser(server.baseUrl).signUp(user);
    const api = (base: string, path: string, init: RequestInit = {}): Promise<Response> =>
      fetch(`${base}/api${path}`, { ...init, headers: { authorization: `Bearer ${tokens.access_token}` } });
    const createProject = async (name: string): Promise<{ id: string; name: string; outputs: { input_image_url: string } }> => {
      const response = await api(server!.baseUrl, '/stitch/projects', {
        method: 'POST',
        body: multipartBody({ name }, { field: 'image', filename: 'a.png', contentType: 'image/png', bytes: encodePng(16, 12, (x) => [x * 10, 90, 40]) }),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; name: string; outputs: { input_image_url: string } };
    };
    const project = await createProject('Backed up');

    const run = backup({ DATA_DIR: dataDir }, [], { throughNpm: true });
    expect(run.status, run.stderr).toBe(0);
    const backups = readdirSync(join(dataDir, 'backups'));
    expect(backups).toHaveLength(1); // one self-contained file: no -wal or -shm beside it
    expect(backups[0]).toMatch(/^stitchwise-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite$/);
    const backupFile = join(dataDir, 'backups', backups[0]!);
    expect(run.stdout).toContain(backupFile);
    expect(run.stdout).toContain(join(dataDir, 'files'));

    await createProject('After the backup');
    const port = Number(new URL(server.baseUrl).port);
    await server.stop();
    server = undefined;

    // Restore as README says: the copy at the database path, the files folder beside it; then start.
    const restored = await mkdtemp(join(tmpdir(), 'stitchwise-restored-'));
    cleanUp.push(() => rm(restored, { recursive: true, force: true }));
    await copyFile(backupFile, join(restored, 'stitchwise.sqlite'));
    await cp(join(dataDir, 'files'), join(restored, 'files'), { recursive: true });
    server = await startTestServer({ DATA_DIR: restored }, port);

    // The token from before still verifies (the signing keys came back), and the project is there, files and all.
    const list = await api(server.baseUrl, '/stitch/projects');
    expect(list.status).toBe(200);
    expect(((await list.json()) as { projects: { id: string; name: string }[] }).projects.map((p) => [p.id, p.name])).toEqual([[project.id, 'Backed up']]);
    const read = await api(server.baseUrl, `/stitch/projects/${project.id}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { name: string }).name).toBe('Backed up');
    expect(await statusOf(project.outputs.input_image_url)).toBe(200);
    await expect(new OidcBrowser(server.baseUrl).signIn(user)).resolves.toMatchObject({ token_type: 'Bearer' });
  }, 90_000);

  it('writes to a named file, but never over an existing one', async () => {
    const database = await sqliteUnderTest();
    cleanUp.push(() => database.dispose());
    const dataDir = database.environment.DATA_DIR!;
    const server = await startTestServer(database.environment);
    await server.stop();

    const target = join(dataDir, 'elsewhere', 'copy.sqlite');
    const first = backup({ DATA_DIR: dataDir }, [target]);
    expect(first.status, first.stderr).toBe(0);
    expect(statSync(target).size).toBeGreaterThan(0);

    const again = backup({ DATA_DIR: dataDir }, [target]);
    expect(again.status).not.toBe(0);
    expect(again.stderr).toContain(`${target} already exists`);
  }, 60_000);

  it('refuses an empty database, and says to use pg_dump with PostgreSQL', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'stitchwise-backup-'));
    cleanUp.push(() => rm(dataDir, { recursive: true, force: true }));
    await writeFile(join(dataDir, 'stitchwise.sqlite'), '');
    const empty = backup({ DATA_DIR: dataDir });
    expect(empty.status).not.toBe(0);
    expect(empty.stderr).toContain('Nothing to back up');
    expect(existsSync(join(dataDir, 'backups'))).toBe(false);

    const postgres = backup({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://stitchwise@db.invalid:5432/stitchwise' });
    expect(postgres.status).not.toBe(0);
    expect(postgres.stderr).toContain('pg_dump');
  }, 60_000);
});
