import { readableBytes } from '@stitchwise/core';
import type { StorageUsage } from '../../contract/storage.js';
import type { UserRow } from '../../db/schema.js';
import { HttpProblem } from '../../http/problem.js';
import { KEPT_LATEST_VERSIONS } from '../../repositories/pattern-versions.js';
import type { StorageUsageRepository } from '../../repositories/storage-usage.js';
import type { FileStore } from '../../storage/file-store.js';

/** Whose storage: a signed-in user, known by the token's subject. */
export type StorageOwner = Pick<UserRow, 'subject'>;

/**
 * Each signed-in user's storage quota (USER_STORAGE_MB), counted across their projects, every kept chart
 * version and their uploads. Everything that stores for a user asks first, with the bytes it is about to
 * store, and stores nothing when refused. Parallel requests may each pass the check before the others'
 * files are recorded: the quota can be overrun by at most the files of the requests in flight, which the
 * abuse limits keep few.
 */
export class StorageQuota {
  constructor(
    private readonly usage: StorageUsageRepository,
    private readonly limitBytes: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async of(user: StorageOwner): Promise<StorageUsage> {
    return { used: await this.usage.usedBytes(user.subject, this.now()), limit: this.limitBytes };
  }

  /** 507 `storage_quota_exceeded` when `adding` more bytes would take the user past their quota. */
  async assertRoom(user: StorageOwner, adding: number): Promise<void> {
    const used = await this.usage.usedBytes(user.subject, this.now());
    if (used + adding <= this.limitBytes) return;
    const usage = `your projects use ${readableBytes(used)} of your ${readableBytes(this.limitBytes)} of storage`;
    throw new HttpProblem(
      507,
      'storage_quota_exceeded',
      `${used >= this.limitBytes ? capitalised(usage) : `This needs ${readableBytes(adding)}, and ${usage}`}. ` +
        `Delete projects or copies you no longer need (each project keeps its original chart and the last ${KEPT_LATEST_VERSIONS} saved versions), then try again.`,
    );
  }
}

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Files measured per maintenance run: a store of any size is worked through in bounded steps. */
const MEASURED_PER_RUN = 500;

/**
 * Sizes for project files recorded before sizes were kept (migration 0008 could not read the files, so
 * they count 0): each maintenance run measures a batch from the file store, until every one counts against
 * its owner's quota. A file gone from the store is left at 0. Returns how many were measured.
 */
export async function measureUnsizedFiles(usage: StorageUsageRepository, files: FileStore): Promise<number> {
  let measured = 0;
  for (const { file_id } of await usage.unsizedFiles(MEASURED_PER_RUN)) {
    const file = await files.get(file_id);
    if (!file || file.size === 0) continue;
    await usage.recordSize(file_id, file.size);
    measured++;
  }
  return measured;
}
