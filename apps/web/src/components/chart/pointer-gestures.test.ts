import { describe, expect, it } from 'vitest';
import { PointerGestures, type GestureHost } from './pointer-gestures';
import type { CellPoint, ChartTool } from './types';

/** A 100 × 100 chart at 10 px per stitch, no offset: client position (x, y) is stitch (x / 10, y / 10). */
function setUp() {
  const moves: CellPoint[] = [];
  const tool: ChartTool = { onDown: () => {}, onMove: (cell) => moves.push(cell), onUp: () => {} };
  const host: GestureHost = {
    view: () => ({ scale: 10, offsetX: 0, offsetY: 0 }),
    setView: () => {},
    geometry: () => ({ chart: { width: 100, height: 100 }, area: { left: 0, top: 0, width: 1000, height: 1000 } }),
    toCanvas: (clientX, clientY) => ({ x: clientX, y: clientY }),
    tool: () => tool,
    spaceHeld: () => false,
    point: () => {},
    panning: () => {},
  };
  return { gestures: new PointerGestures(host), moves };
}

const pointer = (x: number, y: number, timeStamp: number) =>
  ({ pointerId: 1, pointerType: 'mouse', button: 0, clientX: x, clientY: y, timeStamp, target: null, preventDefault: () => {} }) as unknown as PointerEvent;

describe('a tool drag', () => {
  it('reaches the tool once per stitch entered, however many moves stay inside it', () => {
    const { gestures, moves } = setUp();
    gestures.down(pointer(5, 5, 0));
    gestures.move(pointer(7, 5, 16));
    gestures.move(pointer(15, 5, 32));
    gestures.move(pointer(18, 6, 48));
    gestures.move(pointer(25, 5, 64));
    expect(moves).toEqual([
      { x: 1, y: 0 },
      { x: 2, y: 0 },
    ]);
  });

  it('follows raw pointer updates at once, at most one every 8 ms, and the frame-aligned move catches up', () => {
    const { gestures, moves } = setUp();
    gestures.down(pointer(5, 5, 0));
    gestures.rawMove(pointer(15, 5, 10)); // taken: a new stitch, long enough after the last move
    gestures.rawMove(pointer(25, 5, 12)); // dropped: 2 ms after it
    gestures.move(pointer(25, 5, 12)); // the frame's move delivers that position
    gestures.rawMove(pointer(35, 5, 30));
    expect(moves).toEqual([
      { x: 1, y: 0 },
      { x: 2, y: 0 },
      { x: 3, y: 0 },
    ]);
  });

  it('ignores raw updates when no tool drag is under way', () => {
    const { gestures, moves } = setUp();
    gestures.rawMove(pointer(15, 5, 10));
    gestures.down(pointer(5, 5, 20));
    gestures.up(pointer(5, 5, 30));
    gestures.rawMove(pointer(45, 5, 50));
    expect(moves).toEqual([]);
  });
});
