/** A width and height: a chart in stitches or a picture in pixels. */
export interface Size {
  width: number;
  height: number;
}

/** A picture's size: '1800 × 1356 px'. */
export function formatPixels({ width, height }: Size): string {
  return `${width} × ${height} px`;
}

/**
 * A chart's size as a stitcher reads it, in stitches first and the chart image's pixels second:
 * '150 × 113 stitches (1800 × 1356 px)'; the stitches alone when the pixels are not known.
 */
export function formatGridSize(grid: Size, pixels?: Size | null): string {
  const stitches = `${grid.width} × ${grid.height} stitches`;
  return pixels ? `${stitches} (${formatPixels(pixels)})` : stitches;
}
