import { lazy, Suspense, useState, type ReactNode } from 'react';
import { matchesMedia, MD_UP } from '../../lib/use-media-query';
import { Icon } from '../../components/Icon';
import { IdeaBox } from '../../components/IdeaBox';
import { ImageUrlForm } from '../../components/ImageUrlForm';
import { ImageDropzone } from '../../components/ImageDropzone';
import { fileSizeMb } from '../../lib/sizes';
import type { Picture } from './model';

// Brings the alphabets' names and the thread brands: loaded once 'Start from text' is opened.
const StartFromText = lazy(() => import('./StartFromText'));

interface ImageStepProps {
  picture: Picture | undefined;
  /** The URL to show the picture from; the shell keeps it so it survives leaving this step. */
  preview: string | undefined;
  onPicture: (picture: Picture) => void;
  onIdea: (picture: File) => void;
  onContinue: () => void;
}

/**
 * Step 1: choose an image by upload, by address or from an idea, with its preview. The picture's
 * preview and Continue come straight after the upload box, so on a phone they are on the first screen
 * once a photo is chosen; the address and the idea box (behind 'Or start from an idea', closed on a
 * narrow screen) follow, then 'Start from text', which makes a chart of lettering instead of a picture. From md up the
 * preview and Continue take the right-hand column.
 */
export function ImageStep({ picture, preview, onPicture, onIdea, onContinue }: ImageStepProps) {
  const [ideasOpen, setIdeasOpen] = useState(() => matchesMedia(MD_UP)); // with two columns, the idea box has room to be open from the start;
  const [textOpen, setTextOpen] = useState(false);
  return (
    <section className="card" aria-label="Upload Image">
      <div className="grid gap-5 md:grid-cols-2 md:grid-rows-[auto_auto_auto_1fr] md:gap-x-6">
        <div className="md:col-start-1 md:row-start-1">
          <ImageDropzone label="Upload an image" onFile={(file) => onPicture({ kind: 'file', file })} />
        </div>
        <div className="space-y-4 md:col-start-2 md:row-span-4 md:row-start-1">
          {preview ? (
            <figure>
              <p className="mb-2 text-sm font-medium">Preview</p>
              <img src={preview} alt="The selected image" className="max-h-96 w-full rounded-lg border border-slate-200 object-contain" />
              {picture?.kind === 'file' && (
                <figcaption className="mt-1 text-xs text-slate-500">
                  {picture.file.name} ({fileSizeMb(picture.file)})
                </figcaption>
              )}
            </figure>
          ) : (
            // Room kept for the picture beside the choices; on a phone nothing is shown until there is one.
            <div className="hidden md:block">
              <p className="mb-2 text-sm font-medium">Preview</p>
              <div className="flex h-64 items-center justify-center rounded-lg border border-dashed border-slate-300 text-sm text-slate-600">
                No image selected yet
              </div>
            </div>
          )}
          <div className="flex justify-end">
            <button type="button" className="btn-primary min-h-11 w-full sm:w-auto" onClick={onContinue}>
              Continue to Settings
            </button>
          </div>
        </div>
        <div className="md:col-start-1 md:row-start-2">
          <ImageUrlForm placeholder="https://example.com/cat.jpg" onLoad={(url) => onPicture({ kind: 'url', url })} />
        </div>
        <OtherStart title="Or start from an idea" className="md:row-start-3" open={ideasOpen} onOpen={setIdeasOpen}>
          <IdeaBox onIdea={onIdea} framed={false} />
        </OtherStart>
        <OtherStart title="Start from text" className="md:row-start-4" open={textOpen} onOpen={setTextOpen}>
          {/* Mounted once opened, so its chunk loads only for those who want it. */}
          {textOpen && (
            <Suspense fallback={<p className="text-sm text-slate-600">Loading the alphabets…</p>}>
              <StartFromText />
            </Suspense>
          )}
        </OtherStart>
      </div>
    </section>
  );
}

/** Another way to start than a picture: a disclosure under the upload box and the address. */
function OtherStart({
  title,
  className,
  open,
  onOpen,
  children,
}: {
  title: string;
  className: string;
  open: boolean;
  onOpen: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <details
      className={`group rounded-xl border border-slate-200 md:col-start-1 md:self-start ${className}`}
      open={open}
      onToggle={(event) => onOpen(event.currentTarget.open)}
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <Icon name="chevron" className="h-4 w-4 flex-none transition-transform group-open:rotate-90" />
        {title}
      </summary>
      <div className="border-t border-slate-200 p-4">{children}</div>
    </details>
  );
}
