import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('works with nothing set', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      dataDir: resolve('data'),
      database: { kind: 'sqlite', file: resolve('data', 'stitchwise.sqlite') },
      identity: { kind: 'builtin', issuer: 'http://localhost:3000/oidc', clientId: 'stitchwise-web', audience: 'http://localhost:3000/api' },
      trustProxy: false,
    });
  });

  it('derives the public URL from PORT and accepts an explicit one', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://stitch.example/' }).publicUrl).toBe('https://stitch.example');
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it('switches to PostgreSQL and to an external identity provider by settings alone', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db.internal:5432/stitchwise',
      OIDC_ISSUER: 'https://tenant.eu.auth0.com/',
      OIDC_CLIENT_ID: 'abc123',
      OIDC_AUDIENCE: 'https://api.stitchwise.example',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://app@db.internal:5432/stitchwise' });
    expect(config.identity).toEqual({
      kind: 'external',
      issuer: 'https://tenant.eu.auth0.com/',
      clientId: 'abc123',
      audience: 'https://api.stitchwise.example',
    });
  });

  it('keeps files on disk unless S3_BUCKET is set, and then in that bucket', () => {
    expect(loadConfig({ DATA_DIR: '/srv/stitch' }).storage).toEqual({ kind: 'local', directory: '/srv/stitch/files' });
    expect(loadConfig({ S3_BUCKET: 'charts' }).storage).toEqual({ kind: 's3', bucket: 'charts', region: 'us-east-1', forcePathStyle: false });
    expect(
      loadConfig({
        S3_BUCKET: 'charts',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'eu-west-3',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'charts',
      endpoint: 'http://minio:9000',
      region: 'eu-west-3',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it.each([
    [{ OIDC_ISSUER: 'https://id.example' }, 'OIDC_CLIENT_ID'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'ftp://example.com' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ S3_BUCKET: 'Not_A_Bucket' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'charts', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'charts', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'charts', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
  ])('refuses %o with a message naming the setting', (environment, name) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(name);
  });
});

describe('the started server', () => {
  it('answers real HTTP requests on its port', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stitchwise-test-'));
    const app = await buildApp(loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: dataDir }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no TCP address');
      const response = await fetch(`http://127.0.0.1:${address.port}/api/dmc/threads/closest/ff0000`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { threads: { distance: number }[] };
      expect(body.threads).toHaveLength(5);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
