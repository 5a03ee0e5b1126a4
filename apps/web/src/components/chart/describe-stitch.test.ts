import { NO_MARKS } from '@stitchwise/core';
import { describe, expect, it } from 'vitest';
import { describeStitch } from './describe-stitch';

const threads = [
  { hex: '#000000', symbol: '◆', brand: 'dmc' as const, code: '310', name: 'Black' },
  { hex: '#bb0000', symbol: '▲', brand: 'dmc' as const, code: '321', name: 'Christmas Red' },
];
// 4 × 4: a full stitch of Black at (0, 0); cell (3, 2) holds a three-quarter and a quarter stitch, cell (1, 1) a half stitch.
const cells = new Int16Array(16).fill(-1);
cells[0] = 0;
const chart = {
  width: 4,
  height: 4,
  cells,
  threads,
  marks: {
    ...NO_MARKS,
    parts: [
      { x: 3, y: 2, kind: 'three-quarter-tl' as const, thread: 0 },
      { x: 3, y: 2, kind: 'quarter-br' as const, thread: 1 },
      { x: 1, y: 1, kind: 'half-backslash' as const, thread: 1 },
    ],
  },
};

describe('the info line', () => {
  it('names a full stitch, a cell’s part stitches with where they are, or no stitch', () => {
    expect(describeStitch(chart, { x: 0, y: 0 })).toBe('Row 1, column 1: ◆ DMC 310 Black');
    expect(describeStitch(chart, { x: 3, y: 2 })).toBe('Row 3, column 4: ¾ stitch (top left) ◆ DMC 310 Black; ¼ stitch (bottom right) ▲ DMC 321 Christmas Red');
    expect(describeStitch(chart, { x: 1, y: 1 })).toBe('Row 2, column 2: ½ stitch (\\) ▲ DMC 321 Christmas Red');
    expect(describeStitch(chart, { x: 2, y: 2 })).toBe('Row 3, column 3: no stitch');
    expect(describeStitch(chart, undefined)).toMatch(/^Point at a stitch/);
  });

  it('leaves out threads taken out of the palette', () => {
    const removed = { ...chart, threads: [threads[0]!, { ...threads[1]!, removed: true }] };
    expect(describeStitch(removed, { x: 3, y: 2 })).toBe('Row 3, column 4: ¾ stitch (top left) ◆ DMC 310 Black');
    expect(describeStitch(removed, { x: 1, y: 1 })).toBe('Row 2, column 2: no stitch');
  });
});
