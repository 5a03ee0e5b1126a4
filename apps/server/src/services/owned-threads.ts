import { compareThreadCodes } from '@stitchwise/core';
import type { OwnedThread, OwnedThreadListBody } from '../contract/owned-threads.js';
import type { UserRow } from '../db/schema.js';
import type { OwnedThreadsRepository } from '../repositories/owned-threads.js';

const inNumberOrder = (threads: OwnedThread[]): OwnedThread[] => threads.sort((a, b) => compareThreadCodes(a.dmc_code, b.dmc_code));

/**
 * The DMC threads a signed-in user owns, with skeins on hand: read and replaced whole. The contract has
 * already taken every code to the catalogue's spelling and refused unknown or repeated ones.
 */
export class OwnedThreadsService {
  constructor(private readonly repository: OwnedThreadsRepository) {}

  async list(user: UserRow): Promise<OwnedThread[]> {
    return inNumberOrder(await this.repository.list(user.id));
  }

  async replace(user: UserRow, threads: OwnedThreadListBody): Promise<OwnedThread[]> {
    await this.repository.replace(user.id, threads);
    return inNumberOrder(threads.map(({ dmc_code, skeins }) => ({ dmc_code, skeins })));
  }
}
