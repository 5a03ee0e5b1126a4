import { PassThrough, Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { ConfigError } from '../refusals.js';
import {
  contentTypeOf,
  isFileId,
  newFileId,
  type ByteRange,
  type FileStore,
  type ListedFile,
  type StoredFile,
  type StoredFileExtension,
} from './file-store.js';

export interface S3Settings {
  bucket: string;
  /** Unset for AWS; the address of MinIO, Ceph, R2… otherwise. */
  endpoint?: string;
  region: string;
  /** Both or neither: without them the SDK's usual credential chain (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** Every object this store writes is under this prefix, so a bucket may hold other things too. */
const PREFIX = 'files/';

/**
 * Files in an S3-compatible bucket, for several processes that share them. A PUT of a whole object is
 * atomic, so unlike the local store there are never partial files to sweep; deleting a missing
 * object succeeds, so two processes deleting the same file both succeed.
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    const { accessKeyId, secretAccessKey } = settings;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
      // Checksums only where S3 requires them: the newer default (streamed, trailing checksums) is not
      // understood by every S3-compatible server, and each body here is sent whole with its length.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  get location(): string {
    return `bucket ${this.settings.bucket}${this.settings.endpoint ? ` at ${this.settings.endpoint}` : ''}`;
  }

  /** Start-up check: the bucket exists and these credentials may use it; a ConfigError naming the setting otherwise. */
  async verify(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (error) {
      const status = statusOf(error);
      const where = this.settings.endpoint ? ` at S3_ENDPOINT ${this.settings.endpoint}` : '';
      if (status === 404)
        throw new ConfigError(`S3_BUCKET: the bucket ${this.settings.bucket} does not exist${where}. Create it, or correct S3_BUCKET.`, { cause: error });
      if (status === 403 || status === 401 || status === 400) {
        throw new ConfigError(
          `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: these credentials may not use the bucket ${this.settings.bucket}${where} (HTTP ${status}). Check the keys and the bucket's policy.`,
          { cause: error },
        );
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new ConfigError(`S3_ENDPOINT: the storage${where || ' (AWS)'} could not be reached for bucket ${this.settings.bucket}: ${reason}`, {
        cause: error,
      });
    }
  }

  async put(bytes: Uint8Array, extension: StoredFileExtension): Promise<string> {
    const id = newFileId(extension);
    await this.putAs(id, bytes);
    return id;
  }

  async putAs(id: string, bytes: Uint8Array): Promise<void> {
    if (!isFileId(id)) throw new Error(`Not a file id: ${id}`);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: PREFIX + id,
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: contentTypeOf(id),
      }),
    );
  }

  async get(id: string): Promise<StoredFile | undefined> {
    if (!isFileId(id)) return undefined;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: PREFIX + id }));
      return { id, contentType: contentTypeOf(id), size: head.ContentLength ?? 0, stream: (range) => this.stream(id, range) };
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  async delete(id: string): Promise<void> {
    if (!isFileId(id)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: PREFIX + id }));
  }

  async *list(): AsyncIterable<ListedFile> {
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: PREFIX, ...(continuationToken ? { ContinuationToken: continuationToken } : {}) }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(PREFIX.length) ?? '';
        // Anything else under the prefix was not put there by this store: left alone.
        if (isFileId(name)) yield { kind: 'file', name, modifiedAt: () => Promise.resolve(object.LastModified) };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  /** There are none: an object is either wholly written or not there. */
  deletePartial(): Promise<void> {
    return Promise.resolve();
  }

  /** The object's bytes, asked for at once; a failure ends the stream with the error. */
  private stream(id: string, range?: ByteRange): Readable {
    const output = new PassThrough();
    const request = new GetObjectCommand({ Bucket: this.settings.bucket, Key: PREFIX + id, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) });
    this.client
      .send(request, { abortSignal: abortedWith(output) })
      .then(({ Body, ContentRange }) => {
        if (!(Body instanceof Readable)) throw new Error('the S3 client answered a body that is not a Node.js stream');
        output.once('close', () => Body.destroy());
        Body.once('error', (error) => output.destroy(error));
        // Some S3-compatible servers answer more than the range asked for (s3rver gives the whole object
        // for bytes=0-0, saying so in Content-Range): what was asked for is cut from what came.
        const sent = range && sentRange(ContentRange);
        const exact = !range || (sent && sent.start === range.start && sent.end === range.end);
        (exact ? Body : Body.pipe(slice({ start: range.start - (sent?.start ?? 0), end: range.end - (sent?.start ?? 0) }))).pipe(output);
      })
      .catch((error: unknown) => output.destroy(error as Error));
    return output;
  }
}

/** The range a `Content-Range: bytes a-b/n` answer holds; undefined for none (the whole object). */
function sentRange(header: string | undefined): ByteRange | undefined {
  const match = /^bytes (\d+)-(\d+)\//.exec(header ?? '');
  return match ? { start: Number(match[1]), end: Number(match[2]) } : undefined;
}

/** Passes on bytes `start` to `end` of what flows through, and drops the rest. */
function slice({ start, end }: ByteRange): Transform {
  let position = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.max(0, start - position);
      const to = Math.min(chunk.length, end + 1 - position);
      position += chunk.length;
      done(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}

/** Aborts the request when its reader goes away (a client that disconnected). */
function abortedWith(stream: Readable): AbortSignal {
  const controller = new AbortController();
  stream.once('close', () => {
    controller.abort();
  });
  return controller.signal;
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode;
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}
