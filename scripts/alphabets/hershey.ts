/**
 * Single-stroke Hershey letters (the SVG fonts of the hersheytext package) as backstitch: each stroke scaled so
 * capitals are `capStitches` tall, its points snapped to the half-stitch lattice, straight runs merged, repeats
 * and zero-length lines dropped. A stroke that shrinks to a point or a single lattice step (the dots of i, j, !
 * and the full stop, drawn by Hershey as tiny loops) becomes a French knot. Strokes that share a point in the
 * font share the snapped point, and a stroke ending on another gets a point of it, so letters stay joined where
 * their strokes join.
 */

export interface StrokeGlyph {
  /** Advance in font units, and the strokes as polylines of [x, y] in font units, y upwards from the baseline. */
  advance: number;
  strokes: Array<Array<[number, number]>>;
}

export interface LatticeGlyph {
  /** Advance in stitches, a whole or a half. */
  advance: number;
  /** Lines between lattice points, x right and y down from the glyph's origin at the top of its line box. */
  lines: Array<[number, number, number, number]>;
  knots: Array<[number, number]>;
}

const decodeEntities = (text: string): string =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The glyphs of a Hershey SVG font, by character. */
export function readHersheySvg(svg: string): Map<string, StrokeGlyph> {
  const glyphs = new Map<string, StrokeGlyph>();
  for (const [tag] of svg.matchAll(/<glyph\b[^>]*>/g)) {
    const unicode = /\bunicode="([^"]*)"/.exec(tag)?.[1];
    const advance = /\bhoriz-adv-x="([^"]*)"/.exec(tag)?.[1];
    if (unicode === undefined || advance === undefined) continue;
    const character = decodeEntities(unicode);
    if (Array.from(character).length !== 1) continue;
    const path = /\bd="([^"]*)"/.exec(tag)?.[1] ?? '';
    const strokes: StrokeGlyph['strokes'] = [];
    for (const [, command, x, y] of path.matchAll(/([ML])\s*(-?[\d.]+)\s+(-?[\d.]+)/g)) {
      if (command === 'M') strokes.push([]);
      strokes.at(-1)!.push([Number(x), Number(y)]);
    }
    glyphs.set(character, { advance: Number(advance), strokes });
  }
  return glyphs;
}

type Point = [number, number];
const same = (a: Point, b: Point): boolean => a[0] === b[0] && a[1] === b[1];

/**
 * Drops a point where the stroke goes straight on through it, so a straight run is one backstitch line; but not
 * a point where another stroke ends (`junctions`), so strokes that meet share a line's end.
 */
function mergeStraightRuns(points: Point[], junctions: ReadonlySet<string>): Point[] {
  const result: Point[] = [];
  for (const point of points) {
    if (result.length && same(result.at(-1)!, point)) continue;
    if (result.length >= 2 && !junctions.has(result.at(-1)!.join(','))) {
      const [a, b] = [result.at(-2)!, result.at(-1)!];
      const cross = (b[0] - a[0]) * (point[1] - b[1]) - (b[1] - a[1]) * (point[0] - b[0]);
      const onward = (b[0] - a[0]) * (point[0] - b[0]) + (b[1] - a[1]) * (point[1] - b[1]) > 0;
      if (cross === 0 && onward) result.pop();
    }
    result.push(point);
  }
  return result;
}

/** Font units within which a stroke's end counts as touching another stroke (1.5 Hershey units). */
const TOUCH = 47;
/** Font units a stroke may span both ways and still be a dot (Hershey draws dots as loops about 2 units wide). */
const DOT = 100;

/**
 * Where a stroke ends on (or within TOUCH of) the middle of another stroke, as a crossbar meets the legs of an A, the
 * end is moved onto that stroke and the stroke gets a point there, so the two share the point once snapped.
 */
function joinTouchingEnds(strokes: Point[][]): Point[][] {
  const result = strokes.map((stroke) => stroke.map((point): Point => [point[0], point[1]]));
  result.forEach((stroke, s) => {
    for (const point of [stroke[0]!, stroke.at(-1)!]) {
      result.forEach((other, o) => {
        for (let i = 1; i < other.length && o !== s; i++) {
          const [a, b] = [other[i - 1]!, other[i]!];
          const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
          const t = ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / (dx * dx + dy * dy);
          if (!(t > 0.02 && t < 0.98)) continue;
          const foot: Point = [a[0] + t * dx, a[1] + t * dy];
          if (Math.hypot(point[0] - foot[0], point[1] - foot[1]) > TOUCH) continue;
          point[0] = foot[0];
          point[1] = foot[1];
          other.splice(i, 0, [foot[0], foot[1]]);
          return;
        }
      });
    }
  });
  return result;
}

/**
 * One glyph on the lattice. `scale` is lattice units per font unit, `ascent` the line box's top in font units
 * above the baseline, `shift` font units to move the strokes left (the SVG conversion offsets them).
 */
export function toLattice(glyph: StrokeGlyph, scale: number, ascent: number, shift: number): LatticeGlyph {
  const lines = new Map<string, [number, number, number, number]>();
  const knots = new Map<string, [number, number]>();
  const snap = ([x, y]: Point): Point => [Math.round((x - shift) * scale), Math.round((ascent - y) * scale)];
  const strokes: Point[][] = [];
  for (const stroke of joinTouchingEnds(glyph.strokes)) {
    const xs = stroke.map((point) => point[0]);
    const ys = stroke.map((point) => point[1]);
    if (Math.max(...xs) - Math.min(...xs) <= DOT && Math.max(...ys) - Math.min(...ys) <= DOT) {
      const knot = snap([(Math.max(...xs) + Math.min(...xs)) / 2, (Math.max(...ys) + Math.min(...ys)) / 2]);
      knots.set(knot.join(','), knot);
    } else strokes.push(stroke.map(snap));
  }
  const junctions = new Set(strokes.flatMap((stroke) => [stroke[0]!.join(','), stroke.at(-1)!.join(',')]));
  for (const points of strokes) {
    const merged = mergeStraightRuns(points, junctions);
    for (let i = 1; i < merged.length; i++) {
      const [a, b] = [merged[i - 1]!, merged[i]!];
      const key = [a, b]
        .map((point) => point.join(','))
        .sort()
        .join(' ');
      if (!lines.has(key)) lines.set(key, [a[0], a[1], b[0], b[1]]);
    }
  }
  // In half stitches, as the strokes are: a script letter's exit then meets the next one's entry.
  return { advance: Math.round(glyph.advance * scale) / 2, lines: [...lines.values()], knots: [...knots.values()] };
}
