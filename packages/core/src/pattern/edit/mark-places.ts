import {
  MAX_PARTS_PER_CELL,
  PART_KINDS,
  backstitchKey,
  knotKey,
  partKey,
  partQuadrants,
  type Backstitch,
  type ChartMarks,
  type FrenchKnot,
  type PartStitch,
} from '../stitches.js';

/**
 * A chart's marks by place, to take away and put many one at a time. A mark put replaces the one in its place, as
 * the tools do: a part stitch also takes the part stitches it overlaps in its cell, and the older one when its cell
 * would hold more than MAX_PARTS_PER_CELL. Marks keep their order; a mark put comes last. A kind of mark is only
 * indexed when one of that kind is taken away or put, so a pencil stroke on a chart with much backstitch costs nothing.
 */
export class MarkPlaces {
  private partMap: Map<string, PartStitch> | undefined;
  private lineMap: Map<string, Backstitch> | undefined;
  private knotMap: Map<string, FrenchKnot> | undefined;
  /** When each part stitch was put, to tell the older of two. */
  private readonly putAt = new Map<string, number>();
  private clock = 0;

  constructor(private readonly source: ChartMarks) {}

  private get parts(): Map<string, PartStitch> {
    if (!this.partMap) {
      this.partMap = new Map();
      for (const part of this.source.parts) this.setPart(part);
    }
    return this.partMap;
  }

  private get lines(): Map<string, Backstitch> {
    return (this.lineMap ??= new Map(this.source.backstitches.map((line) => [backstitchKey(line), line])));
  }

  private get knots(): Map<string, FrenchKnot> {
    return (this.knotMap ??= new Map(this.source.knots.map((knot) => [knotKey(knot), knot])));
  }

  removePart(place: Pick<PartStitch, 'x' | 'y' | 'kind'>): void {
    const key = partKey(place);
    this.parts.delete(key);
    this.putAt.delete(key);
  }

  removeLine(place: Pick<Backstitch, 'x1' | 'y1' | 'x2' | 'y2'>): void {
    this.lines.delete(backstitchKey(place));
  }

  removeKnot(place: Pick<FrenchKnot, 'x' | 'y'>): void {
    this.knots.delete(knotKey(place));
  }

  /** Puts a part stitch in its cell (the full stitch there is the caller's to take). */
  putPart(part: PartStitch): void {
    // The cell's part stitches, oldest first.
    const inCell = PART_KINDS.map((kind) => partKey({ x: part.x, y: part.y, kind }))
      .filter((key) => this.parts.has(key))
      .sort((a, b) => this.putAt.get(a)! - this.putAt.get(b)!);
    let staying = inCell.filter((key) => (partQuadrants(this.parts.get(key)!.kind) & partQuadrants(part.kind)) === 0);
    if (staying.length >= MAX_PARTS_PER_CELL) staying = staying.slice(staying.length - MAX_PARTS_PER_CELL + 1);
    for (const key of inCell) if (!staying.includes(key)) this.removePart(this.parts.get(key)!);
    this.setPart(part);
  }

  putLine(line: Backstitch): void {
    const key = backstitchKey(line);
    this.lines.delete(key);
    this.lines.set(key, line);
  }

  putKnot(knot: FrenchKnot): void {
    const key = knotKey(knot);
    this.knots.delete(key);
    this.knots.set(key, knot);
  }

  /** The marks now: the very lists of the marks given for a kind never taken away or put. */
  marks(): ChartMarks {
    const { partMap, lineMap, knotMap, source } = this;
    if (!partMap && !lineMap && !knotMap) return source;
    return {
      parts: partMap ? [...partMap.values()] : source.parts,
      backstitches: lineMap ? [...lineMap.values()] : source.backstitches,
      knots: knotMap ? [...knotMap.values()] : source.knots,
    };
  }

  private setPart(part: PartStitch): void {
    const key = partKey(part);
    (this.partMap ??= new Map()).set(key, part);
    this.putAt.set(key, this.clock++);
  }
}
