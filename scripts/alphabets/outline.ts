/**
 * Pixel fonts drawn as outlines (TrueType in WOFF, read by opentype.js) back to their pixels: every cell of the
 * font's pixel grid whose centre lies inside the outline is a stitch. The cell is also sampled a third of a
 * pixel off centre, so an outline that does not sit on its grid is caught instead of stitched.
 */
import type opentype from 'opentype.js';

export interface OutlineGlyph {
  advance: number;
  /** Set pixels as [column, row] from the origin, rows downwards (the row above the baseline is −1). */
  pixels: Array<[number, number]>;
}

type Point = [number, number];

/** The outline as closed polygons in font units, y downwards, curves flattened. */
function polygons(path: opentype.Path): Point[][] {
  const result: Point[][] = [];
  let current: Point[] = [];
  let last: Point = [0, 0];
  for (const command of path.commands) {
    if (command.type === 'M') {
      if (current.length) result.push(current);
      current = [[command.x, command.y]];
    } else if (command.type === 'L') current.push([command.x, command.y]);
    else if (command.type === 'Q' || command.type === 'C') {
      for (let step = 1; step <= 8; step++) {
        const t = step / 8;
        const u = 1 - t;
        if (command.type === 'Q') {
          current.push([u * u * last[0] + 2 * u * t * command.x1 + t * t * command.x, u * u * last[1] + 2 * u * t * command.y1 + t * t * command.y]);
        } else {
          const x = u ** 3 * last[0] + 3 * u * u * t * command.x1 + 3 * u * t * t * command.x2 + t ** 3 * command.x;
          const y = u ** 3 * last[1] + 3 * u * u * t * command.y1 + 3 * u * t * t * command.y2 + t ** 3 * command.y;
          current.push([x, y]);
        }
      }
    } else {
      if (current.length) result.push(current);
      current = [];
    }
    if (command.type !== 'Z') last = [command.x, command.y];
  }
  if (current.length) result.push(current);
  return result;
}

/** Non-zero winding: whether (x, y) is inside the outline. */
function inside(shapes: Point[][], x: number, y: number): boolean {
  let winding = 0;
  for (const shape of shapes) {
    for (let i = 0; i < shape.length; i++) {
      const [x1, y1] = shape[i]!;
      const [x2, y2] = shape[(i + 1) % shape.length]!;
      if (y1 <= y !== y2 <= y) {
        const crossing = x1 + ((y - y1) / (y2 - y1)) * (x2 - x1);
        if (crossing > x) winding += y2 > y1 ? 1 : -1;
      }
    }
  }
  return winding !== 0;
}

/** The pixels of one glyph at `unitsPerPixel`; throws where the outline is not on the pixel grid. */
export function glyphPixels(font: opentype.Font, glyph: opentype.Glyph, unitsPerPixel: number, label: string): OutlineGlyph {
  const advance = (glyph.advanceWidth ?? 0) / unitsPerPixel;
  if (!Number.isInteger(advance)) throw new Error(`${label}: advance ${advance} is not whole pixels`);
  const path = glyph.getPath(0, 0, font.unitsPerEm);
  const shapes = polygons(path);
  const box = path.getBoundingBox();
  const pixels: Array<[number, number]> = [];
  if (!shapes.length) return { advance, pixels };
  for (let row = Math.floor(box.y1 / unitsPerPixel) - 1; row <= Math.ceil(box.y2 / unitsPerPixel); row++) {
    for (let column = Math.floor(box.x1 / unitsPerPixel) - 1; column <= Math.ceil(box.x2 / unitsPerPixel); column++) {
      const at = (dx: number, dy: number): boolean => inside(shapes, (column + 0.5 + dx) * unitsPerPixel, (row + 0.5 + dy) * unitsPerPixel);
      const set = at(0, 0);
      if ([at(-0.3, -0.3), at(0.3, -0.3), at(-0.3, 0.3), at(0.3, 0.3)].some((sample) => sample !== set)) {
        throw new Error(`${label}: pixel ${column},${row} is not on the font's pixel grid`);
      }
      if (set) pixels.push([column, row]);
    }
  }
  return { advance, pixels };
}

/** Pixels of kerning between two glyphs (0 for none); throws where it is not whole pixels, as off-grid outlines do. */
export function kerningPixels(font: opentype.Font, left: opentype.Glyph, right: opentype.Glyph, unitsPerPixel: number): number {
  const pixels = font.getKerningValue(left, right) / unitsPerPixel;
  if (!Number.isInteger(pixels)) throw new Error(`kerning of glyphs ${left.index} and ${right.index} is ${pixels} pixels, not whole`);
  return pixels;
}
