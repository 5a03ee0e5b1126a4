import type { Db } from '../db/database.js';
import type { FileStore, StoredFileExtension } from '../storage/file-store.js';

export const TRANSIENT_FILE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Files that belong to no project, kept for 24 hours: image uploads, cut-outs, crops and anonymous
 * results. Stored and registered together; swept away once expired.
 */
export class TransientFiles {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
  ) {}

  async store(bytes: Uint8Array, extension: StoredFileExtension): Promise<string> {
    const id = await this.files.put(bytes, extension);
    const expires_at = new Date(Date.now() + TRANSIENT_FILE_LIFETIME_MS).toISOString();
    await this.db.insertInto('transient_files').values({ file_id: id, expires_at }).execute();
    return id;
  }

  /** Deletes expired files; returns how many went. */
  async sweep(now = new Date()): Promise<number> {
    const expired = await this.db.selectFrom('transient_files').select('file_id').where('expires_at', '<=', now.toISOString()).execute();
    for (const { file_id } of expired) {
      await this.files.delete(file_id);
      await this.db.deleteFrom('transient_files').where('file_id', '=', file_id).execute();
    }
    return expired.length;
  }
}
