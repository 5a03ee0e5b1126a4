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
 * would hold more than MAX_PARTS_PER_CELL. Marks keep their order; a mark put comes last.
 */
export class MarkPlaces {
  private readonly parts = new Map<string, PartStitch>();
  private readonly lines = new Map<string, Backstitch>();
  private readonly knots = new Map<string, FrenchKnot>();
  /** When each part stitch was put, to tell the older of two. */
  private readonly putAt = new Map<string, number>();
  private clock = 0;

  constructor(marks: ChartMarks) {
    for (const part of marks.parts) this.setPart(part);
    for (const line of marks.backstitches) this.lines.set(backstitchKey(line), line);
    for (const knot of marks.knots) this.knots.set(knotKey(knot), knot);
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

  private setPart(part: PartStitch): void {
    const key = partKey(part);
    this.parts.set(key, part);
    this.putAt.set(key, this.clock++);
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

  marks(): ChartMarks {
    return { parts: [...this.parts.values()], backstitches: [...this.lines.values()], knots: [...this.knots.values()] };
  }
}
