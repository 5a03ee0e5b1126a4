import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.js';
import { LocalFileStore, newFileId, type FileStore } from '../src/storage/file-store.js';
import { S3FileStore } from '../src/storage/s3-file-store.js';
import { startS3, type S3UnderTest } from './support/s3-server.js';

interface StoreUnderTest {
  store: FileStore;
  stop(): Promise<void>;
}

/** One suite, both stores: what the product needs of a file store, whichever holds the files. */
const STORES: { name: string; create: () => Promise<StoreUnderTest> }[] = [
  {
    name: 'local disk',
    create: async () => {
      const directory = await mkdtemp(join(tmpdir(), 'stitchwise-store-'));
      return { store: new LocalFileStore(join(directory, 'files')), stop: () => rm(directory, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 (a real S3-protocol server, s3rver)',
    create: async () => {
      const s3 = await startS3();
      return { store: new S3FileStore(s3.settings), stop: () => s3.stop() };
    },
  },
];

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(STORES)('file store: $name', ({ create }) => {
  let underTest: StoreUnderTest;
  let store: FileStore;

  beforeAll(async () => {
    underTest = await create();
    store = underTest.store;
    await store.verify();
  });
  afterAll(() => underTest.stop());

  it('gives back the bytes it was given, with their type and size, under a fresh unguessable id', async () => {
    const bytes = randomBytes(300_000);
    const id = await store.put(bytes, 'png');
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}\.png$/);
    const file = await store.get(id);
    expect(file).toMatchObject({ id, contentType: 'image/png', size: bytes.length });
    expect((await bytesOf(file!.stream())).equals(bytes)).toBe(true);
    // A stream can be opened again: a second download of the same file.
    expect((await bytesOf(file!.stream())).equals(bytes)).toBe(true);
  });

  it('stores bytes under an id given out before, twice without harm, and refuses a name that is no id', async () => {
    const id = newFileId('png');
    expect(await store.get(id)).toBeUndefined();
    const bytes = randomBytes(50_000);
    await store.putAs(id, bytes);
    await store.putAs(id, bytes); // two processes drawing the same chart image
    const file = await store.get(id);
    expect(file).toMatchObject({ id, contentType: 'image/png', size: bytes.length });
    expect((await bytesOf(file!.stream())).equals(bytes)).toBe(true);
    await expect(store.putAs('../../escape.png', bytes)).rejects.toThrow('Not a file id');
  });

  it('streams a range of a file, ends included', async () => {
    const bytes = randomBytes(100_000);
    const file = (await store.get(await store.put(bytes, 'pdf')))!;
    expect(file.contentType).toBe('application/pdf');
    expect((await bytesOf(file.stream({ start: 0, end: 0 }))).equals(bytes.subarray(0, 1))).toBe(true);
    expect((await bytesOf(file.stream({ start: 1000, end: 65_999 }))).equals(bytes.subarray(1000, 66_000))).toBe(true);
    expect((await bytesOf(file.stream({ start: 99_990, end: 99_999 }))).equals(bytes.subarray(99_990))).toBe(true);
  });

  it('has nothing under a missing id or one it could not have made', async () => {
    expect(await store.get('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png')).toBeUndefined();
    expect(await store.get('../../etc/passwd')).toBeUndefined();
    expect(await store.get('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.exe')).toBeUndefined();
  });

  it('deletes a file; deleting it again, or a file that never was, is no error', async () => {
    const id = await store.put(Buffer.from('{"a":1}'), 'json');
    await store.delete(id);
    expect(await store.get(id)).toBeUndefined();
    await expect(store.delete(id)).resolves.toBeUndefined();
    await expect(
      Promise.all([store.delete('BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.png'), store.delete('BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.png')]),
    ).resolves.toBeDefined();
  });

  it('keeps 24 files put at once apart, each with its own bytes', async () => {
    const contents = Array.from({ length: 24 }, (_, i) => randomBytes(20_000 + i));
    const ids = await Promise.all(contents.map((bytes) => store.put(bytes, 'jpg')));
    expect(new Set(ids).size).toBe(24);
    const read = await Promise.all(ids.map(async (id) => bytesOf((await store.get(id))!.stream())));
    read.forEach((bytes, i) => {
      expect(bytes.equals(contents[i]!)).toBe(true);
    });
  });

  it('lists every stored file with the time it was written, and no leftovers of writes', async () => {
    const before = Date.now() - 5_000; // an S3 server's clock keeps whole seconds
    const id = await store.put(randomBytes(10), 'webp');
    const listed = new Map<string, Date | undefined>();
    for await (const entry of store.list()) if (entry.kind === 'file') listed.set(entry.name, await entry.modifiedAt());
    expect(listed.has(id)).toBe(true);
    expect(listed.get(id)!.getTime()).toBeGreaterThanOrEqual(before);
    expect(listed.get(id)!.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
  });
});

describe('S3 store at start-up', () => {
  let s3: S3UnderTest;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3.stop());

  it('names S3_BUCKET when the bucket does not exist, as a setting error (printed without a stack)', async () => {
    const missing = new S3FileStore({ ...s3.settings, bucket: 'no-such-bucket' }).verify();
    await expect(missing).rejects.toThrow(/^S3_BUCKET: the bucket no-such-bucket does not exist/);
    await expect(missing).rejects.toBeInstanceOf(ConfigError);
  });

  it('names the keys when the credentials are wrong', async () => {
    // s3rver knows its key id and refuses any other (it does not check the secret, as a real S3 would).
    await expect(new S3FileStore({ ...s3.settings, accessKeyId: 'NOT-A-KEY' }).verify()).rejects.toThrow(/^S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY:/);
  });

  it('names S3_ENDPOINT when nothing answers there', async () => {
    await expect(new S3FileStore({ ...s3.settings, endpoint: 'http://127.0.0.1:9' }).verify()).rejects.toThrow(/^S3_ENDPOINT:/);
  });
});
