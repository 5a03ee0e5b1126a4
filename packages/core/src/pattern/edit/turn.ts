/**
 * Mirroring and quarter turns of a box of stitches: where a cell, a lattice point and a part stitch's kind go.
 * Cells (i, j) and lattice points (u, v) are from the box's top-left corner; the box is w × h stitches.
 */
import { backstitchKey, partCorner, type Backstitch, type Corner, type PartKind } from '../stitches.js';
import type { ChartClipboard } from './clipboard.js';

/** A mirror image ('horizontal' swaps left and right, 'vertical' top and bottom) or clockwise quarter turns. */
export type Turn = { flip: 'horizontal' | 'vertical' } | { quarterTurns: 1 | 2 | 3 };

/** How a turn maps a w × h box: its new size, a cell, a lattice point and a part stitch's kind. */
export interface BoxMap {
  width: number;
  height: number;
  cell: (i: number, j: number) => [number, number];
  point: (u: number, v: number) => [number, number];
  kind: (kind: PartKind) => PartKind;
}

export function boxMap(turn: Turn, w: number, h: number): BoxMap {
  if ('flip' in turn) {
    const { flip } = turn;
    const horizontal = flip === 'horizontal';
    return {
      width: w,
      height: h,
      cell: (i, j) => (horizontal ? [w - 1 - i, j] : [i, h - 1 - j]),
      point: (u, v) => (horizontal ? [2 * w - u, v] : [u, 2 * h - v]),
      kind: (kind) => mirroredKind(kind, flip),
    };
  }
  const turns = turn.quarterTurns;
  const kind = (part: PartKind) => turnedKind(part, turns);
  if (turns === 1) return { width: h, height: w, cell: (i, j) => [h - 1 - j, i], point: (u, v) => [2 * h - v, u], kind };
  if (turns === 2) return { width: w, height: h, cell: (i, j) => [w - 1 - i, h - 1 - j], point: (u, v) => [2 * w - u, 2 * h - v], kind };
  return { width: h, height: w, cell: (i, j) => [j, w - 1 - i], point: (u, v) => [v, 2 * w - u], kind };
}

/** A part stitch's kind in a mirror image: halves change diagonal, a corner moves to the other side. */
export function mirroredKind(kind: PartKind, direction: 'horizontal' | 'vertical'): PartKind {
  if (kind === 'half-slash') return 'half-backslash';
  if (kind === 'half-backslash') return 'half-slash';
  const corner = kind.slice(-2);
  const flipped = direction === 'horizontal' ? `${corner[0]}${corner[1] === 'l' ? 'r' : 'l'}` : `${corner[0] === 't' ? 'b' : 't'}${corner[1]}`;
  return `${kind.slice(0, -2)}${flipped}` as PartKind;
}

/** The corners in clockwise order. */
const CLOCKWISE: readonly Corner[] = ['tl', 'tr', 'br', 'bl'];

/** A part stitch's kind turned clockwise by quarter turns: corners go round, halves change diagonal at each quarter turn. */
export function turnedKind(kind: PartKind, quarterTurns: number): PartKind {
  const corner = partCorner(kind);
  if (!corner) return quarterTurns % 2 === 0 ? kind : kind === 'half-slash' ? 'half-backslash' : 'half-slash';
  const turned = CLOCKWISE[(CLOCKWISE.indexOf(corner) + quarterTurns) % 4]!;
  return `${kind.slice(0, -2)}${turned}` as PartKind;
}

/** A clipboard's stitches turned: its cells, part stitches, lines and knots, in a box of the new size. */
export function turnedClipboard(clipboard: ChartClipboard, turn: Turn): ChartClipboard {
  const map = boxMap(turn, clipboard.width, clipboard.height);
  const cells = new Int16Array(clipboard.cells.length).fill(-1);
  for (let j = 0; j < clipboard.height; j++) {
    for (let i = 0; i < clipboard.width; i++) {
      const [x, y] = map.cell(i, j);
      cells[y * map.width + x] = clipboard.cells[j * clipboard.width + i]!;
    }
  }
  const marks = clipboard.marks ?? { parts: [], backstitches: [], knots: [] };
  const line = (stitch: Backstitch): Backstitch => {
    const [x1, y1] = map.point(stitch.x1, stitch.y1);
    const [x2, y2] = map.point(stitch.x2, stitch.y2);
    const turned = { ...stitch, x1, y1, x2, y2 };
    // A line its own image (along a mirror's axis, or through the centre of a half turn) stays as it was, not drawn the other way round.
    return backstitchKey(turned) === backstitchKey(stitch) ? stitch : turned;
  };
  return {
    width: map.width,
    height: map.height,
    cells,
    marks: {
      parts: marks.parts.map((part) => {
        const [x, y] = map.cell(part.x, part.y);
        return { ...part, x, y, kind: map.kind(part.kind) };
      }),
      backstitches: marks.backstitches.map(line),
      knots: marks.knots.map((knot) => {
        const [x, y] = map.point(knot.x, knot.y);
        return { ...knot, x, y };
      }),
    },
  };
}

/** A w × h mask turned, in the turned box. */
export function turnedMask(mask: Uint8Array, w: number, h: number, turn: Turn): Uint8Array {
  const map = boxMap(turn, w, h);
  const turned = new Uint8Array(mask.length);
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      const [x, y] = map.cell(i, j);
      turned[y * map.width + x] = mask[j * w + i]!;
    }
  }
  return turned;
}
