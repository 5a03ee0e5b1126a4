import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/storage/s3-file-store.js';

export interface S3UnderTest {
  /** Settings of a store on its bucket. */
  settings: S3Settings;
  /** The same, as the server's environment. */
  environment: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** The keys s3rver accepts; it checks every request's signature against them. */
const KEY = 'S3RVER';

/** A real S3-protocol server (s3rver) on a free port with one fresh bucket, its objects in a temporary folder. */
export async function startS3(bucket = 'stitchwise-test'): Promise<S3UnderTest> {
  const directory = await mkdtemp(join(tmpdir(), 'stitchwise-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: { bucket, endpoint, region: 'us-east-1', accessKeyId: KEY, secretAccessKey: KEY, forcePathStyle: true },
    environment: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: KEY, S3_SECRET_ACCESS_KEY: KEY, S3_FORCE_PATH_STYLE: 'true' },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
