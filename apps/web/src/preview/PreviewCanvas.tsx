import { useLayoutEffect, useRef } from 'react';
import { paintStitches } from './draw';
import { PREVIEW_PAINTED_EVENT, type PreviewPaintedDetail, type PreviewPattern, type PreviewSettings } from './protocol';

/**
 * The preview chart: a canvas of one pixel per stitch, scaled to fit and kept blocky. Once a new
 * pattern is on screen it says so (`PREVIEW_PAINTED_EVENT` and a performance mark of that name),
 * which the benchmark times.
 */
export function PreviewCanvas({ pattern, settings }: { pattern: PreviewPattern; settings: PreviewSettings }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    if (!canvas.current || !paintStitches(canvas.current, pattern)) return;
    const detail: PreviewPaintedDetail = { settings, width: pattern.width, height: pattern.height, threads: pattern.legend.length, timings: pattern.timings };
    // The next animation frame is the one that shows the new pixels.
    const frame = requestAnimationFrame(() => {
      performance.clearMarks(PREVIEW_PAINTED_EVENT); // the latest only: marks would pile up while settings change
      performance.mark(PREVIEW_PAINTED_EVENT, { detail });
      window.dispatchEvent(new CustomEvent(PREVIEW_PAINTED_EVENT, { detail }));
    });
    return () => cancelAnimationFrame(frame);
  }, [pattern, settings]);
  return (
    <canvas
      ref={canvas}
      width={pattern.width}
      height={pattern.height}
      role="img"
      aria-label={`Preview of the chart, ${pattern.width} by ${pattern.height} stitches`}
      className="block h-full w-full rounded-lg border border-slate-200 bg-white object-contain [image-rendering:pixelated]"
    />
  );
}
