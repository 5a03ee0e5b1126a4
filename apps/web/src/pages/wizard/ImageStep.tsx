import { IdeaBox } from '../../components/IdeaBox';
import { ImageUrlForm } from '../../components/ImageUrlForm';
import { ImageDropzone } from '../../components/ImageDropzone';
import { fileSizeMb } from '../../lib/sizes';
import type { Picture } from './model';

interface ImageStepProps {
  picture: Picture | undefined;
  /** The URL to show the picture from; the shell keeps it so it survives leaving this step. */
  preview: string | undefined;
  onPicture: (picture: Picture) => void;
  onIdea: (picture: File) => void;
  onContinue: () => void;
}

/** Step 1: choose an image by upload, by address or from an idea, with its preview. */
export function ImageStep({ picture, preview, onPicture, onIdea, onContinue }: ImageStepProps) {
  return (
    <section className="card space-y-5" aria-label="Upload Image">
      <div className="grid gap-6 md:grid-cols-2">
        <div className="space-y-4">
          <ImageDropzone label="Upload an image" onFile={(file) => onPicture({ kind: 'file', file })} />
          <ImageUrlForm placeholder="https://example.com/cat.jpg" onLoad={(url) => onPicture({ kind: 'url', url })} />
          <IdeaBox onIdea={onIdea} />
        </div>
        <div>
          <p className="mb-2 text-sm font-medium">Preview</p>
          {preview ? (
            <figure>
              <img src={preview} alt="The selected image" className="max-h-96 w-full rounded-lg border border-slate-200 object-contain" />
              {picture?.kind === 'file' && (
                <figcaption className="mt-1 text-xs text-slate-500">
                  {picture.file.name} ({fileSizeMb(picture.file)})
                </figcaption>
              )}
            </figure>
          ) : (
            <div className="flex h-64 items-center justify-center rounded-lg border border-dashed border-slate-300 text-sm text-slate-600">
              No image selected yet
            </div>
          )}
        </div>
      </div>
      <div className="flex justify-end">
        <button type="button" className="btn-primary" onClick={onContinue}>
          Continue to Settings
        </button>
      </div>
    </section>
  );
}
