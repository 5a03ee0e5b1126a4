import { readableBytes } from '@stitchwise/core';
import type { StorageUsage } from '../contract/storage.js';
import type { UserRow } from '../db/schema.js';
import { HttpProblem } from '../http/problem.js';
import { KEPT_LATEST_VERSIONS } from '../repositories/pattern-versions.js';
import type { StorageUsageRepository } from '../repositories/storage-usage.js';

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
