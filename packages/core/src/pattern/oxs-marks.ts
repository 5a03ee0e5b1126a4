import { checkMarks, MAX_BACKSTITCHES, MAX_KNOTS } from './mark-checks.js';
import { oxsNumber } from './oxs-read-xml.js';
import {
  MAX_PARTS_PER_CELL,
  partCorner,
  renumberMarks,
  type Backstitch,
  type ChartMarks,
  type Corner,
  type FrenchKnot,
  type PartKind,
  type PartStitch,
} from './stitches.js';

/**
 * Part stitches, backstitches and French knots in OXS, as Ursa Software's format has them and open-source
 * readers read them. Places are in stitches from the chart's top-left corner, as full stitches' `x` and `y`
 * are; a point may fall on half a stitch (`27.5`), so lattice point (X, Y) is written X/2, Y/2. Threads are
 * palette indices: 0 is the cloth, legend thread i is i + 1.
 * - `<partstitch x y palindex1 palindex2 direction>`: direction 3 is a half stitch /, 4 a half stitch \;
 *   2 splits the cell along / into a top-left (palindex1) and a bottom-right (palindex2) three-quarter,
 *   1 along \ into a bottom-left (palindex1) and a top-right (palindex2) one. One element holds one part
 *   stitch here; one from elsewhere with both threads is read as a three-quarter and a quarter.
 * - `<backstitch x1 y1 x2 y2 palindex objecttype="backstitch">`.
 * - `<object x1 y1 palindex objecttype>` among the ornaments: a "knot" on its point, a "quarter" (or
 *   "petite") at the centre of its quarter of the cell.
 */

/** Stitches of a file that the chart could not take: counted, so the stitcher is told what was left out. */
export interface NotImported {
  /** Full stitches that a later full stitch of another colour (or the cloth) in the same cell replaced: the last one is kept. */
  full_stitches: number;
  /** Part stitches that cannot be read, or do not fit (outside the chart, on a full stitch, over another). */
  part_stitches: number;
  backstitches: number;
  knots: number;
  /** Beads, buttons, sequins and other ornaments. */
  other: number;
}

const HALVES: Readonly<Record<number, PartKind>> = { 3: 'half-slash', 4: 'half-backslash' };
/** The corners of the two three-quarter stitches a direction splits the cell into: palindex1's, then palindex2's. */
const SPLITS: Readonly<Record<number, readonly [Corner, Corner]>> = { 1: ['bl', 'tr'], 2: ['tl', 'br'] };

/** A lattice coordinate in stitch units: 27 or 27.5. */
const stitchUnits = (lattice: number): string => String(lattice / 2);

/** Elements for the `<partstitches>`, `<backstitches>` and `<ornaments_inc_knots_and_beads>` sections; marks' threads are legend indices. */
export function oxsMarkElements(marks: ChartMarks): { parts: string[]; backstitches: string[]; ornaments: string[] } {
  const parts: string[] = [];
  const ornaments: string[] = [];
  const partstitch = (x: number, y: number, direction: number, palindex1: number, palindex2: number) =>
    parts.push(`<partstitch x="${x}" y="${y}" palindex1="${palindex1}" palindex2="${palindex2}" direction="${direction}"/>`);
  const object = (x: number, y: number, palindex: number, type: string) =>
    ornaments.push(`<object x1="${x}" y1="${y}" palindex="${palindex}" objecttype="${type}"/>`);

  for (const { x, y, kind, thread } of marks.parts) {
    const palindex = thread + 1;
    const corner = partCorner(kind);
    if (corner === undefined) {
      partstitch(x, y, kind === 'half-slash' ? 3 : 4, palindex, 0);
    } else if (kind.startsWith('quarter')) {
      object(x + (corner[1] === 'r' ? 0.75 : 0.25), y + (corner[0] === 'b' ? 0.75 : 0.25), palindex, 'quarter');
    } else {
      const direction = SPLITS[1]!.includes(corner) ? 1 : 2;
      const first = SPLITS[direction]![0] === corner;
      partstitch(x, y, direction, first ? palindex : 0, first ? 0 : palindex);
    }
  }
  for (const { x, y, thread } of marks.knots) object(x / 2, y / 2, thread + 1, 'knot');
  const backstitches = marks.backstitches.map(
    ({ x1, y1, x2, y2, thread }) =>
      `<backstitch x1="${stitchUnits(x1)}" y1="${stitchUnits(y1)}" x2="${stitchUnits(x2)}" y2="${stitchUnits(y2)}" palindex="${thread + 1}" objecttype="backstitch"/>`,
  );
  return { parts, backstitches, ornaments };
}

/** A count or a cell coordinate: a whole number from 0; undefined for anything else. */
function whole(text: string | undefined): number | undefined {
  const value = oxsNumber(text);
  return value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** A point's coordinate in stitch units (`27`, `27.5`) as a lattice coordinate; undefined off the half-stitch lattice. */
function lattice(text: string | undefined): number | undefined {
  const value = oxsNumber(text);
  return value !== undefined && value >= 0 && Number.isInteger(2 * value) ? 2 * value : undefined;
}

/** Which half of the stitches a coordinate falls in (stitch 3's left half is 6, its right half 7): where a quarter is. */
function halfStitch(text: string | undefined): number | undefined {
  const value = oxsNumber(text);
  return value !== undefined && value >= 0 ? Math.floor(2 * value) : undefined;
}

export type OxsMarkSection = 'part' | 'back' | 'ornament';
/** An element's attribute by its lower-case name, however the file spelt it. */
export type OxsAttributes = (name: string) => string | undefined;

/**
 * The marks of a file as it is read, threads as palette indices, and a count of those that cannot be read at
 * all. No more are kept than a chart can hold (the rest are counted), so a file made of marks costs no more
 * memory than a full chart. Whether they fit the chart is for `fitOxsMarks`, once the chart is known.
 */
export class OxsMarkList {
  readonly parts: PartStitch[] = [];
  readonly backstitches: Backstitch[] = [];
  readonly knots: FrenchKnot[] = [];
  readonly notImported: NotImported = { full_stitches: 0, part_stitches: 0, backstitches: 0, knots: 0, other: 0 };

  constructor(private readonly maxParts: number) {}

  /** One element of a section. */
  read(section: OxsMarkSection, attribute: OxsAttributes): void {
    if (section === 'part') this.partstitch(attribute);
    else if (section === 'back') this.backstitch(attribute);
    else this.ornament(attribute);
  }

  private partstitch(attribute: OxsAttributes): void {
    const x = whole(attribute('x'));
    const y = whole(attribute('y'));
    const direction = whole(attribute('direction')) ?? 0;
    const palindex = (text: string | undefined) => (text === undefined ? 0 : whole(text));
    const first = palindex(attribute('palindex1') ?? attribute('palindex'));
    const second = palindex(attribute('palindex2'));
    const split = SPLITS[direction];
    // Two threads splitting a cell share its diagonal, which is stitched once: palindex2's becomes the quarter.
    const kinds: readonly [PartKind, PartKind] | undefined = split
      ? [`three-quarter-${split[0]}`, first ? `quarter-${split[1]}` : `three-quarter-${split[1]}`]
      : HALVES[direction] && [HALVES[direction], HALVES[direction]];
    if (x === undefined || y === undefined || first === undefined || second === undefined || first + second === 0 || !kinds) {
      this.notImported.part_stitches++;
      return;
    }
    if (first > 0) this.keep(this.parts, { x, y, kind: kinds[0], thread: first }, this.maxParts, 'part_stitches');
    if (second > 0) this.keep(this.parts, { x, y, kind: kinds[1], thread: second }, this.maxParts, 'part_stitches');
  }

  private backstitch(attribute: OxsAttributes): void {
    const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((name) => lattice(attribute(name)));
    const thread = whole(attribute('palindex'));
    // Other line kinds a program may keep here (a daisy, a bugle bead) are not backstitch.
    const type = (attribute('objecttype') ?? 'backstitch').toLowerCase();
    if (x1 === undefined || y1 === undefined || x2 === undefined || y2 === undefined || thread === undefined || !/backstitch|straight/.test(type)) {
      this.notImported.backstitches++;
      return;
    }
    this.keep(this.backstitches, { x1, y1, x2, y2, thread }, MAX_BACKSTITCHES, 'backstitches');
  }

  private ornament(attribute: OxsAttributes): void {
    const type = (attribute('objecttype') ?? '').toLowerCase();
    const thread = whole(attribute('palindex'));
    if (type.includes('knot')) {
      const x = lattice(attribute('x1'));
      const y = lattice(attribute('y1'));
      if (x === undefined || y === undefined || thread === undefined) this.notImported.knots++;
      else this.keep(this.knots, { x, y, thread }, MAX_KNOTS, 'knots');
    } else if (/quarter|petite/.test(type)) {
      const across = halfStitch(attribute('x1'));
      const down = halfStitch(attribute('y1'));
      if (across === undefined || down === undefined || thread === undefined) {
        this.notImported.part_stitches++;
        return;
      }
      const kind: PartKind = `quarter-${down % 2 ? 'b' : 't'}${across % 2 ? 'r' : 'l'}`;
      this.keep(this.parts, { x: Math.floor(across / 2), y: Math.floor(down / 2), kind, thread }, this.maxParts, 'part_stitches');
    } else if (type.includes('half')) {
      this.notImported.part_stitches++; // a part stitch drawn as an object, with no quarter of the cell to put it in
    } else {
      this.notImported.other++;
    }
  }

  private keep<T>(list: T[], item: T, max: number, kind: keyof NotImported): void {
    if (list.length < max) list.push(item);
    else this.notImported[kind]++;
  }
}

/**
 * The marks that fit a chart of `width` × `height` whose full stitches are `cells` (palette indices, −1 for
 * none): each names a thread of the palette (`isThread`: not the cloth, not a missing entry) and passes
 * checkMarks (in the chart, no part stitch on a full stitch or over another, no line or knot twice, within
 * the chart's `markLimits`: the first in the file are kept). Threads stay palette indices. The rest are
 * counted as not imported, with those that could not be read.
 */
export function fitOxsMarks(
  list: OxsMarkList,
  chart: { width: number; height: number; cells: ArrayLike<number> },
  isThread: (paletteIndex: number) => boolean,
): { marks: ChartMarks; notImported: NotImported } {
  const ofThreads = <T extends { thread: number }>(items: readonly T[]) => items.filter((item) => isThread(item.thread));
  // More part stitches than the cells can hold cannot all fit, and checkMarks would refuse the whole list.
  const parts = ofThreads(list.parts).slice(0, chart.width * chart.height * MAX_PARTS_PER_CELL);
  const backstitches = ofThreads(list.backstitches);
  const knots = ofThreads(list.knots);
  let threadCount = 1;
  for (const items of [parts, backstitches, knots]) for (const { thread } of items) threadCount = Math.max(threadCount, thread + 1);
  const { marks } = checkMarks({ part_stitches: parts, backstitches, knots }, { ...chart, threadCount }, 0);
  const { notImported } = list;
  return {
    marks,
    notImported: {
      full_stitches: notImported.full_stitches,
      part_stitches: notImported.part_stitches + list.parts.length - marks.parts.length,
      backstitches: notImported.backstitches + list.backstitches.length - marks.backstitches.length,
      knots: notImported.knots + list.knots.length - marks.knots.length,
      other: notImported.other,
    },
  };
}

/** Marks by palette index → by legend index (`position`: a palette index's legend index). */
export function marksByLegend(marks: ChartMarks, position: ReadonlyMap<number, number>): ChartMarks {
  // Palette indices may be any number, so the renumbering is keyed by them rather than a dense array.
  return renumberMarks(marks, { length: 0, ...Object.fromEntries(position) });
}
