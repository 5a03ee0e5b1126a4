/**
 * The title of a chart that was given no name (a visitor's pattern, a chart sent without one): what it
 * is and its size, so the PDF's cover and document Title, the OXS title and the file name say something.
 */
export function untitledChartTitle({ width, height }: { width: number; height: number }): string {
  return `Cross-stitch chart, ${width} × ${height} stitches`;
}
