import { useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { centreOf, moveCrosshair, pixelAt, type ImageSize, type Pixel } from '../../lib/crosshair';
import { lensPlacement, Magnifier } from './Magnifier';

interface PixelPickerProps {
  src: string;
  /** A pick is on its way: the image is dimmed under 'Analyzing color...'. */
  busy: boolean;
  /** The last picked pixel, marked on the image. */
  picked?: Pixel;
  onPick: (at: Pixel) => void;
  onLoadError: () => void;
}

/** Percent of the shown image at a pixel's centre. */
const percentAt = (at: Pixel, size: ImageSize) => ({ left: ((at.x + 0.5) / size.width) * 100, top: ((at.y + 0.5) / size.height) * 100 });

/**
 * The image to pick from, by pointer or keyboard: a click picks the pixel under it; focused, the arrow
 * keys move a crosshair (Shift+arrow faster) and Enter or Space picks under it. A magnifier beside the
 * crosshair shows the pixels around it, and a line of text says where it is.
 */
export function PixelPicker({ src, busy, picked, onPick, onLoadError }: PixelPickerProps) {
  /** The loaded image and its natural size; the magnifier draws from it. */
  const [loaded, setLoaded] = useState<{ image: HTMLImageElement; size: ImageSize }>();
  const size = loaded?.size;
  const [cursor, setCursor] = useState<Pixel>();
  const [focused, setFocused] = useState(false);
  const [hovering, setHovering] = useState(false);
  const instructions = useId();

  /** The pixel under the pointer; none until the image has loaded. */
  const pointed = (event: MouseEvent<HTMLImageElement>): Pixel | undefined => {
    const image = event.currentTarget;
    if (!image.naturalWidth || !image.naturalHeight) return undefined;
    const box = image.getBoundingClientRect();
    return pixelAt((event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height, { width: image.naturalWidth, height: image.naturalHeight });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!size || !cursor) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPick(cursor);
      return;
    }
    const next = moveCrosshair(cursor, event.key, event.shiftKey, size);
    if (!next) return;
    event.preventDefault(); // the page does not scroll
    setCursor(next);
  };

  const crosshairAt = size && cursor && (focused || hovering) ? percentAt(cursor, size) : undefined;
  const markerAt = size && picked ? percentAt(picked, size) : undefined;
  return (
    <div>
      <p id={instructions} className="mb-2 text-sm text-slate-600">
        Click the image to pick a colour, or use the arrow keys to move the crosshair (Shift+arrow moves faster) and Enter or Space to pick under it.
      </p>
      <div
        role="application"
        aria-label="Image to pick colours from"
        aria-describedby={instructions}
        aria-busy={busy}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        className="relative inline-block rounded"
        data-testid="pick-area"
      >
        <img
          src={src}
          alt="The image to pick colours from"
          onLoad={(event) => {
            const image = event.currentTarget;
            const natural = { width: image.naturalWidth, height: image.naturalHeight };
            setLoaded({ image, size: natural });
            setCursor(centreOf(natural));
          }}
          onError={onLoadError}
          onClick={(event) => {
            const at = pointed(event);
            if (!at) return;
            setCursor(at);
            onPick(at);
          }}
          onPointerMove={(event) => {
            const at = pointed(event);
            if (!at) return;
            setHovering(true);
            setCursor(at);
          }}
          onPointerLeave={() => setHovering(false)}
          className={`block max-h-[32rem] max-w-full cursor-crosshair rounded transition ${busy ? 'opacity-50' : ''}`}
          data-testid="pick-image"
        />
        {markerAt && (
          <span
            className="pointer-events-none absolute h-5 w-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow-[0_0_0_2px_rgba(0,0,0,0.6)]"
            style={{ left: `${markerAt.left}%`, top: `${markerAt.top}%` }}
            data-testid="pick-marker"
            aria-hidden="true"
          />
        )}
        {loaded && cursor && crosshairAt && (
          <>
            <span
              className="pointer-events-none absolute h-7 w-7 -translate-x-1/2 -translate-y-1/2"
              style={{ left: `${crosshairAt.left}%`, top: `${crosshairAt.top}%` }}
              data-testid="pick-crosshair"
              aria-hidden="true"
            >
              <span className="absolute inset-x-0 top-1/2 h-0.5 -translate-y-1/2 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.8)]" />
              <span className="absolute inset-y-0 left-1/2 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.8)]" />
            </span>
            <Magnifier image={loaded.image} at={cursor} style={lensPlacement(crosshairAt.left, crosshairAt.top)} />
          </>
        )}
        {busy && (
          <div className="absolute inset-0 flex items-center justify-center" role="status">
            <span className="rounded-lg bg-white/90 px-4 py-2 text-sm font-medium shadow">Analyzing color...</span>
          </div>
        )}
      </div>
      {size && cursor && (
        <p className="mt-2 text-sm text-slate-600" aria-live="polite" data-testid="crosshair-position">
          Crosshair at x {cursor.x}, y {cursor.y} (the image is {size.width} × {size.height} pixels)
        </p>
      )}
    </div>
  );
}
