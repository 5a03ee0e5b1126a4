/**
 * How part stitches look on a chart — the viewer, the chart PNG and the PDF draw the same shapes: polygons in
 * a unit cell (0–1 across and down, from the cell's top-left grid corner), and where a part stitch's symbol goes.
 */
import { partCorner, type Corner, type PartKind } from './stitches.js';

/** A point in a unit cell, or in pixels. */
export type Point = readonly [number, number];

/** Half the band a half stitch draws, measured along a cell side from the diagonal's ends. */
const BAND = 0.32;

/** Mirrors a top-left shape into `corner`. */
const toCorner = (corner: Corner, [x, y]: Point): Point => [corner.endsWith('r') ? 1 - x : x, corner.startsWith('b') ? 1 - y : y];

/**
 * The polygon a part stitch fills: a half stitch a band along its diagonal, a quarter its corner's
 * quadrant, a three-quarter the triangle on its corner's side of the other diagonal.
 */
export function partShape(kind: PartKind): Point[] {
  if (kind === 'half-backslash')
    return [
      [0, 0],
      [BAND, 0],
      [1, 1 - BAND],
      [1, 1],
      [1 - BAND, 1],
      [0, BAND],
    ];
  if (kind === 'half-slash') return partShape('half-backslash').map(([x, y]) => [1 - x, y]);
  const corner = partCorner(kind)!;
  const topLeft: Point[] = kind.startsWith('quarter')
    ? [
        [0, 0],
        [0.5, 0],
        [0.5, 0.5],
        [0, 0.5],
      ]
    : [
        [0, 0],
        [1, 0],
        [0, 1],
      ];
  return topLeft.map((point) => toCorner(corner, point));
}

/** Where a part stitch's symbol is centred, and its size, in cells: small, so it stays inside the shape. */
export function partSymbolPlace(kind: PartKind): { x: number; y: number; size: number } {
  const corner = partCorner(kind);
  if (!corner) return { x: 0.5, y: 0.5, size: 0.36 };
  // A quarter's in its quadrant; a three-quarter's near the centre of the triangle's inscribed circle (0.29).
  const [x, y] = toCorner(corner, kind.startsWith('quarter') ? [0.25, 0.25] : [0.3, 0.3]);
  return { x, y, size: kind.startsWith('quarter') ? 0.34 : 0.4 };
}

/** Whether point (x, y) lies inside a polygon such as a part stitch's shape (even-odd rule), to fill it pixel by pixel. */
export function insidePolygon(polygon: readonly Point[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
