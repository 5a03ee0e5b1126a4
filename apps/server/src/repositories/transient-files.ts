import { isVisitor, type ClientKey } from '../auth/client-key.js';
import type { Db } from '../db/database.js';
import { Refusal } from '../refusals.js';
import type { FileStore, StoredFileExtension } from '../storage/file-store.js';

export const TRANSIENT_FILE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Signed-in users' storage quota (services/storage-quota.ts): refuses `adding` bytes past it. */
export interface UserStorageCheck {
  assertRoom(user: { subject: string }, adding: number): Promise<void>;
}

/**
 * Files that belong to no project, kept for 24 hours: image uploads, cut-outs, crops and anonymous
 * results. Stored and registered together; swept away once expired. A file stored but never
 * registered (the process died in between) is the leftover sweep's to delete (storage/leftover-sweep.ts).
 */
export class TransientFiles {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    /** Bytes a visitor's address may have stored at once, that is within 24 hours. */
    private readonly visitorQuotaBytes: number,
    /** A signed-in user's files count against their storage quota, with their projects. */
    private readonly userQuota?: UserStorageCheck,
  ) {}

  /** Stores a file for `client`; a visitor past their storage quota is refused with 429, a signed-in user with 507. */
  async store(bytes: Uint8Array, extension: StoredFileExtension, client?: ClientKey): Promise<string> {
    if (client) await this.assertRoom(client, bytes.byteLength);
    const id = await this.files.put(bytes, extension);
    try {
      await this.record(id, bytes.byteLength, client);
    } catch (error) {
      await this.files.delete(id); // nothing left behind when it could not be registered
      throw error;
    }
    return id;
  }

  /**
   * Keeps a file that has an id but is written later (a chart image drawn on its first request) for
   * 24 hours, counted at `estimatedSize` until it is drawn.
   */
  async keepNamed(id: string, estimatedSize: number, client?: ClientKey): Promise<void> {
    if (client) await this.assertRoom(client, estimatedSize);
    await this.record(id, estimatedSize, client);
  }

  private async record(id: string, size: number, client: ClientKey | undefined): Promise<void> {
    const expires_at = new Date(Date.now() + TRANSIENT_FILE_LIFETIME_MS).toISOString();
    await this.db
      .insertInto('transient_files')
      .values({ file_id: id, expires_at, client: client ?? null, size })
      .execute();
  }

  /**
   * 429 when a visitor's files, with `adding` more bytes, would pass the quota; checked again as each
   * file is stored. Parallel requests may each pass the check before the others are registered: the
   * quota can be overrun by at most the files of requests in flight, which the abuse limits keep few.
   * A signed-in user's files are held to their own storage quota instead (507).
   */
  async assertRoom(client: ClientKey, adding = 0): Promise<void> {
    if (!isVisitor(client)) {
      await this.userQuota?.assertRoom({ subject: client.slice('user:'.length) }, adding);
      return;
    }
    const now = new Date();
    const usage = await this.db
      .selectFrom('transient_files')
      .select((eb) => [eb.fn.sum<number | string | null>('size').as('used'), eb.fn.min<string | null>('expires_at').as('first_expiry')])
      .where('client', '=', client)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    const used = Number(usage?.used ?? 0);
    if (used + adding <= this.visitorQuotaBytes) return;
    const seconds = usage?.first_expiry ? Math.max(60, Math.ceil((Date.parse(usage.first_expiry) - now.getTime()) / 1000)) : 60;
    const megabytes = Math.round(this.visitorQuotaBytes / 1024 / 1024);
    const wait = seconds >= 5400 ? `about ${Math.round(seconds / 3600)} hours` : `about ${Math.ceil(seconds / 60)} minutes`;
    throw new Refusal(
      'quota_spent',
      'storage_quota_spent',
      `Without an account, images and charts of up to ${megabytes} MB a day can be kept, and this address has used them. Sign in to keep working, or try again in ${wait}.`,
      { retryAfterSeconds: seconds },
    );
  }

  /**
   * Deletes expired files; returns how many went. Their rows are claimed by deleting them first, so
   * with several processes sweeping each file is taken by one of them; a file whose row went but whose
   * deletion failed is an unreferenced file, which the leftover sweep removes.
   */
  async sweep(now = new Date()): Promise<number> {
    const claimed = await this.db.deleteFrom('transient_files').where('expires_at', '<=', now.toISOString()).returning('file_id').execute();
    for (const { file_id } of claimed) await this.files.delete(file_id);
    return claimed.length;
  }
}
