import { describe, expect, it } from 'vitest';
import type { Project } from '../src/contract/projects.js';
import { openDatabase } from '../src/db/database.js';
import { useTestServer } from './support/harness.js';
import { generated, projectOf, listProjects } from './support/stitch-requests.js';
import { DATABASES } from './support/test-server.js';

/** Projects saved before thread brands keep opening: their stored legend (DMC threads by dmc_code alone) reads as DMC threads. */
describe.each(DATABASES)('a legend stored before brands, on $name', (database) => {
  const suite = useTestServer({ database, users: ['keeper'] });
  const keeper = suite.user('keeper');

  it('reads as DMC threads with brand, code, name and one thread, in the project, its list and its shopping list', async () => {
    const plan = await generated(keeper);
    const current = await projectOf(keeper, plan.project_id!);
    // The row as a server before brands wrote it.
    const older = current.color_legend.map(({ index, hex, symbol, dmc_code, dmc_name, stitch_count, rgb }) => ({
      index,
      hex,
      symbol,
      dmc_code,
      dmc_name,
      stitch_count,
      rgb,
    }));
    const db = await openDatabase(suite.server.config.database);
    try {
      await db
        .updateTable('projects')
        .set({ color_legend: JSON.stringify(older) })
        .where('id', '=', current.id)
        .execute();
    } finally {
      await db.destroy();
    }
    const read: Project = await projectOf(keeper, current.id);
    expect(read.color_legend).toEqual(current.color_legend);
    expect(read.color_legend[0]).toMatchObject({ brand: 'dmc', code: older[0]!.dmc_code, threads: [{ brand: 'dmc', strands: 2 }] });
    expect((await listProjects(keeper)).projects.map((project) => project.id)).toContain(current.id);
    const list = await keeper.api(`/stitch/projects/${current.id}/shopping-list`);
    expect(list.status).toBe(200);
  });
});
