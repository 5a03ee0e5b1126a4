import { useEffect, useRef, type CSSProperties } from 'react';
import type { Pixel } from '../../lib/crosshair';

/** Pixels shown across the lens (odd, so one sits in the middle) and screen pixels per image pixel. */
const SPAN = 11;
const ZOOM = 12;
const SIDE = SPAN * ZOOM;

/**
 * A lens over the image: the 11 × 11 pixels of the natural image around `at`, each drawn as a 12 px
 * square without smoothing, the middle one outlined, so a pick can land on the exact pixel wanted
 * however small the image is shown. Works on images from other origins too (drawing only, no reading).
 */
export function Magnifier({ image, at, style }: { image: HTMLImageElement; at: Pixel; style: CSSProperties }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== SIDE * ratio) canvas.width = canvas.height = SIDE * ratio;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.imageSmoothingEnabled = false;
    context.fillStyle = '#e2e8f0'; // beyond the image's edge
    context.fillRect(0, 0, SIDE, SIDE);
    const half = (SPAN - 1) / 2;
    // A source rectangle reaching past the image is clipped, and its destination with it.
    context.drawImage(image, at.x - half, at.y - half, SPAN, SPAN, 0, 0, SIDE, SIDE);
    context.lineWidth = 2;
    context.strokeStyle = '#000';
    context.strokeRect(half * ZOOM - 1, half * ZOOM - 1, ZOOM + 2, ZOOM + 2);
    context.strokeStyle = '#fff';
    context.strokeRect(half * ZOOM + 1, half * ZOOM + 1, ZOOM - 2, ZOOM - 2);
  }, [image, at]);
  return (
    <canvas
      ref={canvasRef}
      aria-hidden="true"
      data-testid="pick-magnifier"
      className="pointer-events-none absolute z-10 rounded-full border-2 border-white shadow-[0_0_0_2px_rgba(0,0,0,0.6)]"
      style={{ width: SIDE, height: SIDE, ...style }}
    />
  );
}

/** Where the lens sits: beside the crosshair, on the side with more room, so it never hides the spot. */
export function lensPlacement(left: number, top: number): CSSProperties {
  const gap = 20;
  const dx = left < 50 ? `${gap}px` : `calc(-100% - ${gap}px)`;
  const dy = top < 50 ? `${gap}px` : `calc(-100% - ${gap}px)`;
  return { left: `${left}%`, top: `${top}%`, transform: `translate(${dx}, ${dy})` };
}
