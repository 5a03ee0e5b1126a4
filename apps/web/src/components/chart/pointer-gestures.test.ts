import { describe, expect, it } from 'vitest';
import { PointerGestures, type GestureHost } from './pointer-gestures';
import type { CellPoint, ChartTool } from './types';

/** A 100 × 100 chart at 10 px per stitch, no offset: client position (x, y) is chart position (x / 10, y / 10). */
function setUp(withTool = true) {
  const calls: { call: string; cell?: CellPoint; at: CellPoint }[] = [];
  const pointed: (CellPoint | undefined)[] = [];
  const tapped: CellPoint[] = [];
  const tool: ChartTool = {
    onDown: (cell, _event, at) => calls.push({ call: 'down', cell, at }),
    onMove: (cell, _event, at) => calls.push({ call: 'move', cell, at }),
    onUp: (cell, _event, at) => calls.push({ call: 'up', cell, at }),
    onHover: (at) => calls.push({ call: 'hover', at }),
  };
  const host: GestureHost = {
    view: () => ({ scale: 10, offsetX: 0, offsetY: 0 }),
    setView: () => {},
    geometry: () => ({ chart: { width: 100, height: 100 }, area: { left: 0, top: 0, width: 1000, height: 1000 } }),
    toCanvas: (clientX, clientY) => ({ x: clientX, y: clientY }),
    tool: () => (withTool ? tool : undefined),
    spaceHeld: () => false,
    point: (cell) => pointed.push(cell),
    tapped: (cell) => tapped.push(cell),
    panning: () => {},
  };
  const moves = () => calls.filter(({ call }) => call === 'move').map(({ cell }) => cell);
  return { gestures: new PointerGestures(host), calls, moves, pointed, tapped };
}

const pointer = (x: number, y: number, timeStamp: number, pointerType = 'mouse', pointerId = 1) =>
  ({ pointerId, pointerType, button: 0, clientX: x, clientY: y, timeStamp, target: null, preventDefault: () => {} }) as unknown as PointerEvent;

describe('a tool drag', () => {
  it('gives the tool the stitch and the exact chart position on down, move and up', () => {
    const { gestures, calls } = setUp();
    gestures.down(pointer(12, 37, 0));
    gestures.move(pointer(48, 9, 16));
    gestures.up(pointer(51, 9, 32));
    expect(calls).toEqual([
      { call: 'down', cell: { x: 1, y: 3 }, at: { x: 1.2, y: 3.7 } },
      { call: 'move', cell: { x: 4, y: 0 }, at: { x: 4.8, y: 0.9 } },
      { call: 'up', cell: { x: 5, y: 0 }, at: { x: 5.1, y: 0.9 } },
    ]);
  });

  it('reaches the tool once per quarter of a stitch entered, however many moves stay inside it', () => {
    const { gestures, moves } = setUp();
    gestures.down(pointer(1, 1, 0));
    gestures.move(pointer(2, 2, 16)); // same quarter
    gestures.move(pointer(6, 1, 32)); // the next quarter across, same stitch
    gestures.move(pointer(7, 2, 48)); // same quarter again
    gestures.move(pointer(15, 1, 64)); // the next stitch
    expect(moves()).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
    ]);
  });

  it('follows raw pointer updates at once, at most one every 8 ms, and the frame-aligned move catches up', () => {
    const { gestures, moves } = setUp();
    gestures.down(pointer(5, 5, 0));
    gestures.rawMove(pointer(15, 5, 10)); // taken: a new stitch, long enough after the last move
    gestures.rawMove(pointer(25, 5, 12)); // dropped: 2 ms after it
    gestures.move(pointer(25, 5, 12)); // the frame's move delivers that position
    gestures.rawMove(pointer(35, 5, 30));
    expect(moves()).toEqual([
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
    expect(moves()).toEqual([]);
  });
});

describe('hovering', () => {
  it('tells the tool where a mouse or pen hovers, and names the stitch under a mouse', () => {
    const { gestures, calls, pointed } = setUp();
    gestures.move(pointer(25, 37, 0));
    gestures.move(pointer(61, 4, 16, 'pen'));
    expect(calls).toEqual([
      { call: 'hover', at: { x: 2.5, y: 3.7 } },
      { call: 'hover', at: { x: 6.1, y: 0.4 } },
    ]);
    expect(pointed).toEqual([{ x: 2, y: 3 }]);
  });

  it('is not a hover while a drag is under way, nor a finger sliding', () => {
    const { gestures, calls } = setUp();
    gestures.move(pointer(25, 35, 0, 'touch'));
    gestures.down(pointer(5, 5, 10));
    gestures.move(pointer(25, 5, 20));
    expect(calls.map(({ call }) => call)).toEqual(['down', 'move']);
  });

  it('still names the stitch under a mouse when no tool is set', () => {
    const { gestures, pointed } = setUp(false);
    gestures.move(pointer(25, 37, 0));
    expect(pointed).toEqual([{ x: 2, y: 3 }]);
  });
});

describe('tapping with no tool set', () => {
  it('reports a tap or click on a stitch, and names it for a finger', () => {
    const { gestures, pointed, tapped } = setUp(false);
    gestures.down(pointer(25, 37, 0, 'touch'));
    gestures.up(pointer(27, 38, 40, 'touch'));
    gestures.down(pointer(55, 5, 100));
    gestures.up(pointer(55, 5, 140));
    expect(tapped).toEqual([
      { x: 2, y: 3 },
      { x: 5, y: 0 },
    ]);
    expect(pointed).toEqual([{ x: 2, y: 3 }]);
  });

  it('is not a tap when the chart was dragged, nor when a pinch began', () => {
    const { gestures, tapped } = setUp(false);
    gestures.down(pointer(25, 37, 0, 'touch'));
    gestures.move(pointer(65, 37, 16, 'touch'));
    gestures.up(pointer(65, 37, 32, 'touch'));
    gestures.down(pointer(25, 37, 100, 'touch'));
    gestures.down(pointer(85, 37, 110, 'touch', 2));
    gestures.up(pointer(85, 37, 150, 'touch', 2));
    gestures.up(pointer(25, 37, 160, 'touch'));
    expect(tapped).toEqual([]);
  });
});
