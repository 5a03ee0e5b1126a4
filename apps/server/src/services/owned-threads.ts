import { compareBrandThreads, findBrandThread } from '@stitchwise/core';
import type { OwnedThread, OwnedThreadListBody } from '../contract/owned-threads.js';
import type { UserRow } from '../db/schema.js';
import type { OwnedThreadRow, OwnedThreadsRepository } from '../repositories/owned-threads.js';

/** The threads as the API shows them: named from the catalogue, by brand and then in number order. */
function view(rows: readonly OwnedThreadRow[]): OwnedThread[] {
  return rows.map(({ brand, code, skeins }) => ({ brand, code, name: findBrandThread(brand, code)?.name ?? '', skeins })).sort(compareBrandThreads);
}

/**
 * The threads of any brand a signed-in user owns, with skeins on hand: read and replaced whole. The
 * contract has already taken every code to its catalogue's spelling and refused unknown or repeated ones.
 */
export class OwnedThreadsService {
  constructor(private readonly repository: OwnedThreadsRepository) {}

  async list(user: UserRow): Promise<OwnedThread[]> {
    return view(await this.repository.list(user.id));
  }

  async replace(user: UserRow, threads: OwnedThreadListBody): Promise<OwnedThread[]> {
    const rows = threads.map(({ brand, code, skeins }) => ({ brand, code, skeins }));
    await this.repository.replace(user.id, rows);
    return view(rows);
  }
}
