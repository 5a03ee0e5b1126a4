import type { PatternDocument } from '@stitchwise/core';

/** A stitch position: column x, row y, from the chart's top-left corner. */
export interface Cell {
  x: number;
  y: number;
}

/**
 * The test's own copy of a chart, edited alongside the browser: the counts the palette, the PDF and
 * the OXS must show are worked out here from the cells, independently of the app's code.
 */
export class ChartModel {
  private constructor(
    readonly width: number,
    readonly height: number,
    /** DMC code per legend index. */
    readonly codes: readonly string[],
    private readonly cells: number[],
  ) {}

  static of(document: PatternDocument): ChartModel {
    return new ChartModel(
      document.width,
      document.height,
      document.legend.map((entry) => entry.dmc_code),
      [...document.cells],
    );
  }

  copy(): ChartModel {
    return new ChartModel(this.width, this.height, this.codes, [...this.cells]);
  }

  codeAt({ x, y }: Cell): string | undefined {
    return this.codes[this.cells[y * this.width + x]!];
  }

  /** Stitches per DMC code, threads without stitches left out. */
  counts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const index of this.cells) if (index >= 0) counts.set(this.codes[index]!, (counts.get(this.codes[index]!) ?? 0) + 1);
    return counts;
  }

  /** Paints the cells of a row from x0 to x1 (both included). */
  strokeRow(y: number, x0: number, x1: number, code: string): void {
    for (let x = x0; x <= x1; x++) this.cells[y * this.width + x] = this.codes.indexOf(code);
  }

  /** The 4-connected region of one thread around a cell. */
  region(start: Cell): number[] {
    const target = this.cells[start.y * this.width + start.x]!;
    const seen = new Set<number>([start.y * this.width + start.x]);
    const queue = [...seen];
    while (queue.length > 0) {
      const at = queue.pop()!;
      const x = at % this.width;
      const neighbours = [x > 0 ? at - 1 : -1, x < this.width - 1 ? at + 1 : -1, at - this.width, at + this.width];
      for (const next of neighbours) {
        if (next < 0 || next >= this.cells.length || seen.has(next) || this.cells[next] !== target) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    return [...seen];
  }

  fill(start: Cell, code: string): void {
    const index = this.codes.indexOf(code);
    for (const at of this.region(start)) this.cells[at] = index;
  }

  replace(from: string, to: string): void {
    const [source, target] = [this.codes.indexOf(from), this.codes.indexOf(to)];
    for (let at = 0; at < this.cells.length; at++) if (this.cells[at] === source) this.cells[at] = target;
  }

  /**
   * A run of `length` stitches on one row, near the middle, and a thread of the chart that none of
   * them has: drawing it over the run adds exactly `length` stitches of that thread.
   */
  strokeTarget(length: number): { y: number; x0: number; x1: number; code: string } {
    const x0 = Math.max(0, Math.floor((this.width - length) / 2));
    const x1 = Math.min(this.width - 1, x0 + length - 1);
    const middle = Math.floor(this.height / 2);
    for (let offset = 0; offset < this.height; offset++) {
      const y = middle + (offset % 2 === 0 ? offset / 2 : -(offset + 1) / 2);
      if (y < 0 || y >= this.height) continue;
      const crossed = new Set(Array.from({ length: x1 - x0 + 1 }, (_, i) => this.codeAt({ x: x0 + i, y })));
      const code = [...this.counts().keys()].find((candidate) => !crossed.has(candidate));
      if (code) return { y, x0, x1, code };
    }
    throw new Error(`Every row's middle ${length} stitches use every thread`);
  }

  /** A cell outside row `avoidRow` whose region is of a thread not in `exclude`, of a size a fill visibly changes (3 to 400 stitches). */
  fillTarget(avoidRow: number, exclude: string[]): Cell {
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const code = this.codeAt({ x, y });
        if (y === avoidRow || !code || exclude.includes(code)) continue;
        const size = this.region({ x, y }).length;
        if (size >= 3 && size <= 400) return { x, y };
      }
    }
    throw new Error('No region of 3 to 400 stitches to fill');
  }
}
