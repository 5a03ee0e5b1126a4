import { BRANDS, csvText, defaultStrands, fabricByCount, legendUse, skeinsByThread, threadKey, type Fabric, type Pattern } from '@stitchwise/core';
import { SHOPPING_LIST_CSV_HEADER, type ShoppingList, type ShoppingListEntry } from '../contract/shopping-list.js';
import type { UserRow } from '../db/schema.js';
import { HttpProblem } from '../http/problem.js';
import type { ChartStore } from './shared/chart-store.js';
import { slug, type ExportedFile } from './shared/exported-file.js';
import type { OwnedThreadsRepository } from '../repositories/owned-threads.js';
import type { ProjectViews } from './shared/project-views.js';

/**
 * What a project's chart takes of each thread, against the threads the user owns: skeins needed (the
 * core's count for full and part stitches, backstitch and knots on the chosen fabric, in skeins of the
 * thread's brand; a blend's use counted in each of its two threads, for its one strand), owned (the same
 * brand and code on the user's list), and to buy.
 */
export class ShoppingListService {
  constructor(
    private readonly projects: ProjectViews,
    private readonly owned: OwnedThreadsRepository,
    private readonly charts: ChartStore,
  ) {}

  /** The list of the user's project; another user's project, or one without a chart, is 404. */
  async list(user: UserRow, projectId: string, fabricCount: number): Promise<ShoppingList> {
    const { name, patternFileId } = await this.projects.patternOf(user, projectId);
    const [pattern, owned] = await Promise.all([this.currentPattern(patternFileId), this.owned.skeinsByThread(user.id)]);
    const fabric = fabricByCount(fabricCount)!; // the contract allows only the catalogue's fabrics
    const threads = entriesOf(pattern, fabric, owned);
    const sum = (pick: (entry: ShoppingListEntry) => number): number => threads.reduce((total, entry) => total + pick(entry), 0);
    return {
      project_id: projectId,
      project_name: name,
      fabric: { count: fabric.count, label: fabric.label, strands: defaultStrands(fabric) },
      threads,
      totals: {
        skeins_needed: sum((entry) => entry.skeins_needed),
        owned: sum((entry) => entry.owned),
        to_buy: sum((entry) => entry.to_buy),
        threads_to_buy: threads.filter((entry) => entry.to_buy > 0).length,
      },
    };
  }

  /** The same list as a CSV file named after the project. */
  async csv(user: UserRow, projectId: string, fabricCount: number): Promise<ExportedFile> {
    const list = await this.list(user, projectId, fabricCount);
    const rows = list.threads.map((entry) => [BRANDS[entry.brand].name, entry.code, entry.name, entry.skeins_needed, entry.owned, entry.to_buy]);
    return {
      bytes: new TextEncoder().encode(csvText([SHOPPING_LIST_CSV_HEADER, ...rows])),
      contentType: 'text/csv; charset=utf-8',
      filename: `${slug(list.project_name)}-shopping-list.csv`,
    };
  }

  private async currentPattern(patternFileId: string): Promise<Pattern> {
    const pattern = await this.charts.read(patternFileId);
    if (!pattern) throw HttpProblem.notFound('This project or its chart no longer exists.'); // deleted a moment ago
    return pattern;
  }
}

/**
 * The physical threads to buy, each once (a blend is two of them, not a thread of its own). `owned`: skeins on
 * hand by thread key (`anchor:403`): a code is only ever matched within its brand.
 */
function entriesOf(pattern: Pattern, fabric: Fabric, owned: ReadonlyMap<string, number>): ShoppingListEntry[] {
  return skeinsByThread(legendUse(pattern), fabric).map((thread) => {
    const needed = thread.need.skeinsToBuy;
    const have = owned.get(threadKey(thread)) ?? 0;
    const dmc = thread.brand === 'dmc';
    return {
      brand: thread.brand,
      code: thread.code,
      name: thread.name,
      dmc_code: dmc ? thread.code : '',
      dmc_name: dmc ? thread.name : '',
      hex: thread.hex,
      symbol: thread.entryIndex === undefined ? '' : pattern.legend[thread.entryIndex]!.symbol,
      blends: thread.blends.map((index) => pattern.legend[index]!.code),
      skeins_needed: needed,
      owned: have,
      to_buy: Math.max(0, needed - have),
    };
  });
}
