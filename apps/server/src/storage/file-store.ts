import { randomBytes } from 'node:crypto';
import { createReadStream, type Dir } from 'node:fs';
import { mkdir, opendir, rename, rm, stat, writeFile } from 'node:fs/promises';
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

/** Bytes `start` to `end` of a file, both included (as in an HTTP Range header). */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

export interface StoredFile {
  readonly id: string;
  readonly contentType: string;
  readonly size: number;
  /** The whole file, or the range of it. */
  readonly stream: (range?: ByteRange) => Readable;
}

/** One entry of a store's listing. */
export interface ListedFile {
  /** `file`: a stored file, named by its id; `partial`: what a write that never finished left, named by its key in the store. */
  readonly kind: 'file' | 'partial';
  readonly name: string;
  /**
   * When it was last written, or undefined when it has gone since it was listed. Asked per entry,
   * so that a caller who only needs some of the entries pays for no other look-up.
   */
  readonly modifiedAt: () => Promise<Date | undefined>;
}

/** Where inputs and outputs live: the local disk (one machine), or an S3-compatible bucket (several processes). */
export interface FileStore {
  /** Where the files are, for messages: a folder, a bucket. */
  readonly location: string;
  /** Start-up check that the store can be used; throws a message naming the setting to correct. */
  verify(): Promise<void>;
  /** Stores bytes under a new id and gives the id. */
  put(bytes: Uint8Array, extension: StoredFileExtension): Promise<string>;
  /**
   * Stores bytes under an id chosen before (`newFileId`), for a file that is named before it exists (a chart
   * image drawn on first request). Writing the same bytes twice under one id is harmless.
   */
  putAs(id: string, bytes: Uint8Array): Promise<void>;
  get(id: string): Promise<StoredFile | undefined>;
  delete(id: string): Promise<void>;
  /** Every stored file and every leftover of an unfinished write, streamed: never all held at once. */
  list(): AsyncIterable<ListedFile>;
  /** Removes a leftover of an unfinished write, named as `list()` named it. */
  deletePartial(name: string): Promise<void>;
}

/** A new unguessable file id; `put` uses one, and `putAs` stores under one given out before. */
export function newFileId(extension: StoredFileExtension): string {
  return `${randomBytes(24).toString('base64url')}.${extension}`;
}

export function isFileId(id: string): boolean {
  return FILE_ID_PATTERN.test(id);
}

export function contentTypeOf(id: string): string {
  const extension = id.slice(id.lastIndexOf('.') + 1) as StoredFileExtension;
  return STORED_FILE_TYPES[extension];
}

/** `<fan-out folder>/<anything without a slash>.partial`, as `LocalFileStore.list()` names leftovers. */
const PARTIAL_NAME_PATTERN = /^[A-Za-z0-9_-]{2}\/[^/\\]+\.partial$/;

export class LocalFileStore implements FileStore {
  constructor(private readonly directory: string) {}

  get location(): string {
    return this.directory;
  }

  async verify(): Promise<void> {
    await mkdir(this.directory, { recursive: true });
  }

  async put(bytes: Uint8Array, extension: StoredFileExtension): Promise<string> {
    const id = newFileId(extension);
    await this.putAs(id, bytes);
    return id;
  }

  async putAs(id: string, bytes: Uint8Array): Promise<void> {
    if (!isFileId(id)) throw new Error(`Not a file id: ${id}`);
    const path = this.pathOf(id);
    await mkdir(join(path, '..'), { recursive: true });
    // Write then rename, so a reader never sees a half-written file.
    const partial = `${path}.${process.pid}-${randomBytes(6).toString('hex')}.partial`; // two writers of one id never share it
    await writeFile(partial, bytes);
    await rename(partial, path);
  }

  async get(id: string): Promise<StoredFile | undefined> {
    if (!isFileId(id)) return undefined;
    const path = this.pathOf(id);
    try {
      const info = await stat(path);
      return {
        id,
        contentType: contentTypeOf(id),
        size: info.size,
        stream: (range) => createReadStream(path, range ? { start: range.start, end: range.end } : {}),
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(id: string): Promise<void> {
    if (!isFileId(id)) return;
    await rm(this.pathOf(id), { force: true });
  }

  async *list(): AsyncIterable<ListedFile> {
    const top = await openDirectory(this.directory);
    if (!top) return;
    // Directory handles are read entry by entry and closed when the loop ends, however it ends.
    for await (const folder of top) {
      if (!folder.isDirectory() || folder.name.length !== 2) continue;
      const folderPath = join(this.directory, folder.name);
      const entries = await openDirectory(folderPath);
      if (!entries) continue;
      for await (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(folderPath, entry.name);
        const modifiedAt = (): Promise<Date | undefined> => modifiedTime(path);
        if (isFileId(entry.name) && entry.name.startsWith(folder.name)) {
          yield { kind: 'file', name: entry.name, modifiedAt };
        } else if (entry.name.endsWith('.partial')) {
          yield { kind: 'partial', name: `${folder.name}/${entry.name}`, modifiedAt };
        }
        // Anything else was not put there by this store: left alone.
      }
    }
  }

  async deletePartial(name: string): Promise<void> {
    if (!PARTIAL_NAME_PATTERN.test(name)) return;
    await rm(join(this.directory, name), { force: true });
  }

  /** Two levels of fan-out keep directories small however many files there are. */
  private pathOf(id: string): string {
    return join(this.directory, id.slice(0, 2), id);
  }
}

async function openDirectory(path: string): Promise<Dir | undefined> {
  try {
    return await opendir(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function modifiedTime(path: string): Promise<Date | undefined> {
  try {
    return (await stat(path)).mtime;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
