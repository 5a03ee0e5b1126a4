/**
 * Why a chart file was refused, for programs; the message is a sentence for people.
 * - `not_xml`: not well-formed XML, or not XML at all;
 * - `doctype`: a document type declaration (where entities are defined: billion laughs, external entities);
 * - `not_oxs`: XML, but not an OXS chart;
 * - `size`: no usable chart size, or larger than allowed;
 * - `stitch`: a stitch outside the chart, or with coordinates that are not whole numbers;
 * - `palette`: a stitch naming a palette entry that does not exist, a broken or oversized palette;
 * - `threads`: more threads than a chart may have.
 */
export type ChartImportProblem = 'not_xml' | 'doctype' | 'not_oxs' | 'size' | 'stitch' | 'palette' | 'threads';

/** A chart file that cannot be imported, with the reason in one sentence. */
export class ChartImportError extends Error {
  override readonly name = 'ChartImportError';

  constructor(
    readonly problem: ChartImportProblem,
    message: string,
  ) {
    super(message);
  }
}
