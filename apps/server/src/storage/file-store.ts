import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** The kinds of file the product stores, with the content type each is served with. */
export const STORED_FILE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  json: 'application/json',
  pdf: 'application/pdf',
} as const;
export type StoredFileExtension = keyof typeof STORED_FILE_TYPES;

/** `<32 url-safe characters>.<extension>`: 192 random bits, so ids cannot be guessed or enumerated. */
const FILE_ID_PATTERN = /^[A-Za-z0-9_-]{32}\.(png|jpg|gif|webp|bmp|json|pdf)$/;

export interface StoredFile {
  readonly id: string;
  readonly contentType: string;
  readonly size: number;
  readonly stream: () => Readable;
}

/** Where inputs and outputs live. Local disk now; an S3-compatible store can implement the same. */
export interface FileStore {
  put(bytes: Uint8Array, extension: StoredFileExtension): Promise<string>;
  get(id: string): Promise<StoredFile | undefined>;
  delete(id: string): Promise<void>;
}

export function isFileId(id: string): boolean {
  return FILE_ID_PATTERN.test(id);
}

export function contentTypeOf(id: string): string {
  const extension = id.slice(id.lastIndexOf('.') + 1) as StoredFileExtension;
  return STORED_FILE_TYPES[extension];
}

export class LocalFileStore implements FileStore {
  constructor(private readonly directory: string) {}

  async put(bytes: Uint8Array, extension: StoredFileExtension): Promise<string> {
    const id = `${randomBytes(24).toString('base64url')}.${extension}`;
    const path = this.pathOf(id);
    await mkdir(join(path, '..'), { recursive: true });
    // Write then rename, so a reader never sees a half-written file.
    const partial = `${path}.${process.pid}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, path);
    return id;
  }

  async get(id: string): Promise<StoredFile | undefined> {
    if (!isFileId(id)) return undefined;
    const path = this.pathOf(id);
    try {
      const info = await stat(path);
      return { id, contentType: contentTypeOf(id), size: info.size, stream: () => createReadStream(path) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(id: string): Promise<void> {
    if (!isFileId(id)) return;
    await rm(this.pathOf(id), { force: true });
  }

  /** Two levels of fan-out keep directories small however many files there are. */
  private pathOf(id: string): string {
    return join(this.directory, id.slice(0, 2), id);
  }
}
