import type { Db } from '../db/database.js';

/** How a chart image is drawn: pixels per stitch, and whether each cell shows its symbol. */
export interface ChartLook {
  cellSize: number;
  symbols: boolean;
}

/** A chart image to draw: its document, and how. */
export interface ChartDrawing {
  chartFile: string;
  patternFile: string;
  look: ChartLook;
}

/** Rows of images nobody asked for are looked at this many at a time. */
const FORGOTTEN_BATCH = 1000;

/**
 * Chart images that have an id but are not drawn yet (see ChartDrawingsTable). Any process can draw one
 * from its row; the row goes once it is drawn, or once nothing names the image any more.
 */
export class ChartDrawingsRepository {
  constructor(private readonly db: Db) {}

  async add({ chartFile, patternFile, look }: ChartDrawing, createdAt: string): Promise<void> {
    await this.db
      .insertInto('chart_drawings')
      .values({ chart_file: chartFile, pattern_file: patternFile, cell_size: look.cellSize, symbols: look.symbols ? 1 : 0, created_at: createdAt })
      .execute();
  }

  async find(chartFile: string): Promise<ChartDrawing | undefined> {
    const row = await this.db.selectFrom('chart_drawings').selectAll().where('chart_file', '=', chartFile).executeTakeFirst();
    return row && { chartFile: row.chart_file, patternFile: row.pattern_file, look: { cellSize: row.cell_size, symbols: row.symbols === 1 } };
  }

  async remove(chartFile: string): Promise<void> {
    await this.db.deleteFrom('chart_drawings').where('chart_file', '=', chartFile).execute();
  }

  /**
   * Removes the rows of images created before `before` that no row of the product names any more (their
   * version, project or visitor's result went before anyone asked for the image). Returns how many went.
   */
  async removeForgotten(referenced: ReadonlySet<string>, before: string): Promise<number> {
    let removed = 0;
    let after = '';
    for (;;) {
      const rows = await this.db
        .selectFrom('chart_drawings')
        .select('chart_file')
        .where('created_at', '<', before)
        .where('chart_file', '>', after)
        .orderBy('chart_file')
        .limit(FORGOTTEN_BATCH)
        .execute();
      const forgotten = rows.map((row) => row.chart_file).filter((id) => !referenced.has(id));
      if (forgotten.length > 0) await this.db.deleteFrom('chart_drawings').where('chart_file', 'in', forgotten).execute();
      removed += forgotten.length;
      if (rows.length < FORGOTTEN_BATCH) return removed;
      after = rows[rows.length - 1]!.chart_file;
    }
  }
}
