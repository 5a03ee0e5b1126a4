import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { useObjectUrl } from '../../lib/use-object-url';
import { areaBetween, cropFile, isTooSmall, type CropArea } from './crop';
import type { Picture } from './model';

interface CropPictureProps {
  picture: Picture;
  onPicture: (picture: Picture) => void;
}

/**
 * The chosen picture on the settings step, with an optional crop: drag over the part to stitch, then
 * 'Crop to selection'; 'Undo crop' brings the whole picture back. Cropping happens in the browser, so
 * the preview follows at once. A picture given by address is shown as it is.
 */
export function CropPicture({ picture, onPicture }: CropPictureProps) {
  const [original, setOriginal] = useState<Picture>();
  const [area, setArea] = useState<CropArea>();
  const dragStart = useRef<{ x: number; y: number }>(undefined);
  const fileUrl = useObjectUrl(picture.kind === 'file' ? picture.file : undefined);
  const source = fileUrl ?? (picture.kind === 'url' ? picture.url : undefined);

  const pointAt = (event: React.PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height };
  };
  const crop = async () => {
    if (picture.kind !== 'file' || !area) return;
    try {
      const cropped = await cropFile(picture.file, area);
      setOriginal((kept) => kept ?? picture);
      setArea(undefined);
      onPicture({ kind: 'file', file: cropped });
    } catch {
      toast.error('The picture could not be cropped in this browser.');
    }
  };

  return (
    <figure className="space-y-2">
      <div
        className="relative inline-block touch-none select-none"
        onPointerDown={(event) => {
          if (picture.kind !== 'file') return;
          event.currentTarget.setPointerCapture(event.pointerId);
          dragStart.current = pointAt(event);
          setArea(undefined);
        }}
        onPointerMove={(event) => {
          if (dragStart.current) setArea(areaBetween(dragStart.current, pointAt(event)));
        }}
        onPointerUp={() => {
          dragStart.current = undefined;
          setArea((current) => (current && isTooSmall(current) ? undefined : current));
        }}
      >
        {source && <img src={source} alt="The picture to stitch" draggable={false} className="block max-h-64 max-w-full rounded-lg border border-slate-200" />}
        {area && (
          <div
            data-testid="crop-selection"
            className="pointer-events-none absolute border-2 border-violet-600 shadow-[0_0_0_9999px_rgba(15,23,42,0.45)]"
            style={{
              left: `${area.left * 100}%`,
              top: `${area.top * 100}%`,
              width: `${(area.right - area.left) * 100}%`,
              height: `${(area.bottom - area.top) * 100}%`,
            }}
          />
        )}
      </div>
      <figcaption className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        {picture.kind === 'file' ? (
          <>
            <span>Drag over the picture to stitch only a part of it.</span>
            <button type="button" className="btn-secondary min-h-8 py-1" disabled={!area} onClick={() => void crop()}>
              Crop to selection
            </button>
            {original && (
              <button
                type="button"
                className="btn-secondary py-1"
                onClick={() => {
                  onPicture(original);
                  setOriginal(undefined);
                }}
              >
                Undo crop
              </button>
            )}
          </>
        ) : (
          <span>Pictures given by address are used whole.</span>
        )}
      </figcaption>
    </figure>
  );
}
