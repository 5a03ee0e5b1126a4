import { legendEntryOf, namedThread } from './model.js';
import { describe, expect, it } from 'vitest';
import { findThread, threadOfKey } from '../threads/index.js';
import type { LegendEntry, Pattern } from './model.js';
import {
  applyProgressChanges,
  carryProgress,
  countChanged,
  countDone,
  decodeProgress,
  emptyProgress,
  encodeProgress,
  isDone,
  keepMarkable,
  markableCells,
  overlayProgress,
  progressByThread,
  progressBytes,
  progressChanges,
  progressDiffers,
  progressOfSize,
  setDone,
} from './progress.js';
import type { PartStitch } from './stitches.js';
import { chartFromPattern, fillRect, flipChart, patternFromChart, rotateChart, type EditResult } from './edit/index.js';

const entry = (code: string, index: number): LegendEntry => {
  const thread = findThread(code)!;
  return legendEntryOf(namedThread(thread), index, String(index), 0);
};

/** A chart from rows of characters: a letter is a full stitch of that legend thread ('.' none), parts given apart. */
function chart(rows: string[], codes: string[], parts: PartStitch[] = []): Pattern {
  const legend = codes.map(entry);
  const cells = Int16Array.from(rows.join(''), (character) => (character === '.' ? -1 : character.charCodeAt(0) - 97));
  return {
    width: rows[0]!.length,
    height: rows.length,
    legend,
    cells,
    marks: { parts, backstitches: [], knots: [] },
    stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 0 },
  };
}

/** The done cells of a bitset, as indices. */
const doneCells = (bits: Uint8Array, cells: number): number[] => Array.from({ length: cells }, (_, cell) => cell).filter((cell) => isDone(bits, cell));

function bitsOf(cellCount: number, done: number[]): Uint8Array {
  const bits = new Uint8Array(progressBytes(cellCount, 1));
  for (const cell of done) setDone(bits, cell, true);
  return bits;
}

describe('progress bitsets', () => {
  it('put cell i in byte i >> 3 at bit i & 7, least significant first', () => {
    const bits = emptyProgress(5, 2); // 10 cells: 2 bytes
    expect(bits).toHaveLength(2);
    setDone(bits, 0, true);
    setDone(bits, 3, true);
    setDone(bits, 9, true);
    expect(Array.from(bits)).toEqual([0b0000_1001, 0b0000_0010]);
    setDone(bits, 3, false);
    setDone(bits, 40, true); // past the end: ignored
    expect(Array.from(bits)).toEqual([0b0000_0001, 0b0000_0010]);
    expect(countDone(bits)).toBe(2);
    expect(progressBytes(500, 500)).toBe(31_250);
  });

  it('travel as padded standard base64, as other encoders write it', () => {
    for (let length = 0; length < 40; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + length * 31) & 255);
      const text = encodeProgress(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(decodeProgress(text)).toEqual(bytes);
    }
    const large = Uint8Array.from({ length: 31_250 }, (_, i) => (i * 7919) & 255);
    expect(decodeProgress(encodeProgress(large))).toEqual(large);
  });

  it.each(['A', 'AB', 'ABC', 'AB=', 'A===', 'AB==AB==', 'AB C', 'ABC\n', '-_8=', 'ABCD='])('refuse %j, which is not padded standard base64', (text) => {
    expect(decodeProgress(text)).toBeUndefined();
  });

  it('keep only what can be marked', () => {
    expect(Array.from(keepMarkable(Uint8Array.of(0xff, 0xff), Uint8Array.of(0b1010, 0b1)))).toEqual([0b1010, 0b1]);
  });

  it('read a stored or sent bitset at the chart’s size, whatever its length', () => {
    expect(Array.from(progressOfSize(encodeProgress(Uint8Array.of(1, 2, 3)), 4, 3))).toEqual([1, 2]);
    expect(Array.from(progressOfSize(encodeProgress(Uint8Array.of(7)), 4, 3))).toEqual([7, 0]);
    expect(Array.from(progressOfSize('not base64', 4, 3))).toEqual([0, 0]);
  });
});

describe('merging two devices’ marks', () => {
  // Cells 0–11: the server last told this device {1, 2, 9}; it unmarked 2 and marked 3 and 10.
  const base = bitsOf(12, [1, 2, 9]);
  const local = bitsOf(12, [1, 3, 9, 10]);

  it('names the cells marked since the base and those unmarked since', () => {
    const { set, clear } = progressChanges(base, local);
    expect(doneCells(set, 12)).toEqual([3, 10]);
    expect(doneCells(clear, 12)).toEqual([2]);
    expect(countChanged(local, base)).toBe(3);
    expect(progressDiffers(local, base)).toBe(true);
    expect(progressDiffers(local, local.slice())).toBe(false);
    expect(countChanged(base, base.slice())).toBe(0);
  });

  it('makes only those changes to what is stored now, keeping another device’s marks and unmarks', () => {
    // Meanwhile another device unmarked 1 and 9 and marked 2 (again), 5 and 11.
    const stored = bitsOf(12, [2, 5, 11]);
    const merged = applyProgressChanges(stored, progressChanges(base, local));
    // Ours: 2 unmarked (our change wins on the one cell both touched), 3 and 10 marked; theirs: 5 and 11 kept, 1 and 9 stay unmarked.
    expect(doneCells(merged, 12)).toEqual([3, 5, 10, 11]);
    expect(overlayProgress(stored, base, local)).toEqual(merged);
    // Nothing changed since the base: what is stored stays as it is; the base itself is the local bits when nobody else wrote.
    expect(applyProgressChanges(stored, progressChanges(base, base))).toEqual(stored);
    expect(overlayProgress(base, base, local)).toEqual(local);
  });
});

describe('markable cells', () => {
  it('are those with a full stitch or a part stitch', () => {
    const pattern = chart(['a.b', '...', '..a'], ['310', '321'], [{ x: 1, y: 1, kind: 'half-slash', thread: 1 }]);
    expect(doneCells(markableCells(pattern), 9)).toEqual([0, 2, 4, 8]);
  });
});

describe('carryProgress', () => {
  const before = chart(
    ['aab', 'b.a', '...'],
    ['310', '321'],
    [
      { x: 1, y: 1, kind: 'quarter-tl', thread: 0 },
      { x: 1, y: 1, kind: 'three-quarter-br', thread: 1 },
      { x: 0, y: 2, kind: 'half-slash', thread: 0 },
    ],
  );
  const everything = bitsOf(9, [0, 1, 2, 3, 4, 5, 6]);

  it('keeps every mark across an edit that changed nothing but the legend order', () => {
    const renumbered = chart(
      ['bba', 'a.b', '...'],
      ['321', '310'],
      [
        { x: 1, y: 1, kind: 'three-quarter-br', thread: 0 },
        { x: 1, y: 1, kind: 'quarter-tl', thread: 1 },
        { x: 0, y: 2, kind: 'half-slash', thread: 1 },
      ],
    );
    expect(doneCells(carryProgress(before, renumbered, everything), 9)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('drops marks where the thread or the part stitches changed, and never marks an empty cell', () => {
    const after = chart(
      ['aba', 'b..', '..a'], // cell 1 and 2 repainted, cell 5 erased, cell 8 new
      ['310', '321'],
      [
        { x: 1, y: 1, kind: 'quarter-tl', thread: 0 }, // the three-quarter stitch went
        { x: 0, y: 2, kind: 'half-slash', thread: 1 }, // another thread
      ],
    );
    expect(doneCells(carryProgress(before, after, everything), 9)).toEqual([0, 3]);
    // A mark on a cell that had nothing, sent by a careless client, is not carried either.
    expect(doneCells(carryProgress(before, before, bitsOf(9, [7, 8])), 9)).toEqual([]);
  });

  it('matches cells by position when the chart is resized', () => {
    const wider = chart(['aab.', 'b.a.', '....', 'aaaa'], ['310', '321'], before.marks.parts as PartStitch[]);
    expect(doneCells(carryProgress(before, wider, everything), 16)).toEqual([0, 1, 2, 4, 5, 6, 8]);
    const narrower = chart(['aa', 'b.'], ['310', '321'], [before.marks.parts[0]!, before.marks.parts[1]!]);
    expect(doneCells(carryProgress(before, narrower, everything), 4)).toEqual([0, 1, 2, 3]);
  });

  describe('through a turn or mirror image of the whole chart', () => {
    // Not its own image under any turn: three threads, and part stitches in a cell of their own.
    const design = chart(
      ['aab..', 'b.c.a', 'cc..b'],
      ['310', '321', '699'],
      [
        { x: 1, y: 1, kind: 'quarter-tl', thread: 0 },
        { x: 1, y: 1, kind: 'three-quarter-br', thread: 1 },
        { x: 3, y: 0, kind: 'half-slash', thread: 2 },
      ],
    );
    const all = markableCells(design);
    const editable = chartFromPattern(design);
    const edits: [string, EditResult][] = [
      ['a quarter turn', rotateChart(editable, 1)],
      ['a half turn', rotateChart(editable, 2)],
      ['three quarter turns', rotateChart(editable, 3)],
      ['a left-right mirror image', flipChart(editable, 'horizontal')],
      ['a top-bottom mirror image', flipChart(editable, 'vertical')],
      ['a quarter turn and a mirror image', flipChart(rotateChart(editable, 1).chart, 'horizontal')],
      ['the other diagonal', flipChart(rotateChart(editable, 1).chart, 'vertical')],
    ];
    it.each(edits)('keeps every mark on its stitch after %s', (_, { chart: turned }) => {
      const after = patternFromChart(turned);
      const carried = carryProgress(design, after, all);
      // Every stitch done before is done after, wherever the turn took it: all of the turned chart's stitches.
      expect(countDone(carried)).toBe(countDone(all));
      expect(progressDiffers(carried, markableCells(after))).toBe(false);
    });

    it('carries each mark to where its stitch went, and keeps a turned chart that was then edited', () => {
      const some = bitsOf(15, [0, 2, 6, 14]); // (0,0) 310, (2,0) 321, (1,1) parts, (4,2) 321
      const turned = rotateChart(editable, 1).chart; // 3 × 5: (x, y) goes to (2 − y, x)
      // (0,0) → (2,0), (2,0) → (2,2), (1,1) → (1,1), (4,2) → (0,4); cell y · 3 + x.
      expect(doneCells(carryProgress(design, patternFromChart(turned), some), 15)).toEqual([2, 4, 8, 12]);
      // Then the stitch at (2,0) repainted in 321: only its mark goes.
      const repainted = patternFromChart(fillRect(turned, { x: 2, y: 0, width: 1, height: 1 }, 1).chart);
      expect(doneCells(carryProgress(design, repainted, some), 15)).toEqual([4, 8, 12]);
    });

    it('leaves a design that is its own mirror image as it is, and an ordinary edit is not taken for a turn', () => {
      const symmetric = chart(['ab.ba', 'b...b'], ['310', '321']);
      const marked = bitsOf(10, [0, 1]);
      expect(doneCells(carryProgress(symmetric, patternFromChart(flipChart(chartFromPattern(symmetric), 'horizontal').chart), marked), 10)).toEqual([0, 1]);
      // The top two rows filled with 321: the marks stay in place where 321 was and below.
      const repainted = patternFromChart(fillRect(editable, { x: 0, y: 0, width: 5, height: 2 }, 1).chart);
      expect(doneCells(carryProgress(design, repainted, all), 15)).toEqual([2, 5, 10, 11, 14]);
    });
  });

  it('tells another brand’s threads apart (their dmc_code is empty): a repaint drops its mark, a turn carries them', () => {
    const anchor = (code: string, index: number): LegendEntry => legendEntryOf(namedThread(threadOfKey(`anchor:${code}`)!), index, String(index), 0);
    const design: Pattern = { ...chart(['abc', 'bca'], ['310']), legend: ['403', '46', '2'].map(anchor) };
    const everything = markableCells(design);
    const repainted = patternFromChart(fillRect(chartFromPattern(design), { x: 0, y: 0, width: 1, height: 1 }, 2).chart);
    expect(doneCells(carryProgress(design, repainted, everything), 6)).toEqual([1, 2, 3, 4, 5]);
    const turned = patternFromChart(rotateChart(chartFromPattern(design), 2).chart);
    // A half turn: (x, y) goes to (2 − x, 1 − y); each mark with its stitch.
    expect(doneCells(carryProgress(design, turned, bitsOf(6, [0, 4])), 6)).toEqual([1, 5]);
  });

  describe('finding the turn of a large chart from a sample of it', () => {
    /** A width × height chart whose thread at (x, y) is `at(x, y)` (a legend index, −1 none), of four threads. */
    const sized = (width: number, height: number, at: (x: number, y: number) => number, parts: PartStitch[] = []): Pattern => ({
      ...chart(['.'], ['310', '321', '699', '3865'], parts),
      width,
      height,
      cells: Int16Array.from({ length: width * height }, (_, cell) => at(cell % width, Math.floor(cell / width))),
    });
    const cellsWhere = (width: number, height: number, keep: (x: number, y: number) => boolean): number[] =>
      Array.from({ length: width * height }, (_, cell) => cell).filter((cell) => keep(cell % width, Math.floor(cell / width)));

    it('tells a mirror image from a half turn by a detail the sample missed, in a design otherwise its own mirror image', () => {
      // 200 × 200, the same both sides of the middle but for one 3865 stitch at (10, 5): mirrored top to bottom, its
      // left half stays on the left; a half turn would put it on the right, where the same threads lie.
      const side = (x: number, y: number): number => (x * 7 + y * 3 + ((x * y) >> 2)) % 3;
      const design = sized(200, 200, (x, y) => (x === 10 && y === 5 ? 3 : side(Math.min(x, 199 - x), y)));
      const left = cellsWhere(200, 200, (x) => x < 100);
      const mirrored = patternFromChart(flipChart(chartFromPattern(design), 'vertical').chart);
      expect(doneCells(carryProgress(design, mirrored, bitsOf(40_000, left)), 40_000)).toEqual(left);
    });

    it('finds the turn of a chart of a few stitches, and of one of part stitches only', () => {
      const spots = [1, 22, 50, 97, 130, 1_234, 5_000, 12_345, 33_333, 45_001, 70_000, 89_998];
      const sparse = sized(300, 300, (x, y) => (spots.includes(y * 300 + x) ? spots.indexOf(y * 300 + x) % 3 : -1));
      const turned = patternFromChart(rotateChart(chartFromPattern(sparse), 1).chart);
      expect(progressDiffers(carryProgress(sparse, turned, markableCells(sparse)), markableCells(turned))).toBe(false);

      const halves = cellsWhere(20, 20, (x, y) => (x * 3 + y * 5) % 7 < 4).map((cell): PartStitch => ({
        x: cell % 20,
        y: Math.floor(cell / 20),
        kind: cell % 3 === 0 ? 'half-slash' : 'quarter-tl',
        thread: cell % 3,
      }));
      const partsOnly = sized(20, 20, () => -1, halves);
      const mirrored = patternFromChart(flipChart(chartFromPattern(partsOnly), 'horizontal').chart);
      expect(progressDiffers(carryProgress(partsOnly, mirrored, markableCells(partsOnly)), markableCells(mirrored))).toBe(false);
    });

    it('samples across the columns whatever the width: a 150 × 400 chart empty in every fifteenth column', () => {
      const design = sized(150, 400, (x, y) => (x % 15 === 0 ? -1 : (x * 7 + y * 13 + ((x * y) % 5)) % 3));
      const turned = patternFromChart(rotateChart(chartFromPattern(design), 2).chart);
      expect(progressDiffers(carryProgress(design, turned, markableCells(design)), markableCells(turned))).toBe(false);
    });
  });

  it('carries the marks of a 500 × 500 chart exactly (its speed is for the benchmarks to measure)', () => {
    const codes = ['310', '321', '3865', '699'];
    const rows = Array.from({ length: 500 }, (_, y) => Array.from({ length: 500 }, (_, x) => 'abcd'[(x * 7 + y * 3) % 4]).join(''));
    const big = chart(rows, codes);
    const edited = chart(
      rows.map((row, y) => (y < 100 ? 'a'.repeat(500) : row)),
      codes,
    );
    const all = markableCells(big);
    const carried = carryProgress(big, edited, all);
    const unchangedInTop = rows.slice(0, 100).reduce((sum, row) => sum + row.split('a').length - 1, 0);
    expect(countDone(carried)).toBe(400 * 500 + unchangedInTop);
  });
});

describe('progressByThread', () => {
  it('counts each thread’s cells and those done; a cell of two threads counts for both', () => {
    const pattern = chart(
      ['aab', '...'],
      ['310', '321'],
      [
        { x: 1, y: 1, kind: 'quarter-tl', thread: 0 },
        { x: 1, y: 1, kind: 'three-quarter-br', thread: 1 },
        { x: 2, y: 1, kind: 'quarter-tl', thread: 1 },
        { x: 2, y: 1, kind: 'quarter-br', thread: 1 },
      ],
    );
    expect(progressByThread(pattern, bitsOf(6, [0, 4]))).toEqual([
      { done: 2, total: 3 },
      { done: 1, total: 3 },
    ]);
  });
});
