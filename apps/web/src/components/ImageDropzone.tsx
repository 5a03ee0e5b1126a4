import { useId, useRef, useState, type DragEvent } from 'react';
import { useAppConfig } from '../auth/config-context';
import { fileSizeMb, megabytes } from '../lib/sizes';
import { Icon } from './Icon';

export const ACCEPTED_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp'];
const ACCEPT = ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`).join(',') + ',image/png,image/jpeg,image/gif,image/bmp,image/webp';

export function isAcceptedImage(file: File): boolean {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return ACCEPTED_EXTENSIONS.includes(extension);
}

/**
 * One image by drag-and-drop, click or keyboard (Enter or Space on the focused zone opens the file
 * picker). Files of other types, and files over the server's upload limit, are refused with a message
 * before anything is sent.
 */
export function ImageDropzone({ onFile, label = 'Upload an image' }: { onFile: (file: File) => void; label?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<string>();
  const hintId = useId();
  const maxBytes = useAppConfig().uploads.max_bytes;

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (files.length > 1 || !isAcceptedImage(file)) {
      setRefused(files.length > 1 ? 'Please choose a single image.' : 'Please choose a PNG, JPG, GIF, BMP or WebP image.');
      return;
    }
    if (file.size > maxBytes) {
      setRefused(`This image is ${fileSizeMb(file)}; images can be at most ${megabytes(maxBytes)}. Please choose a smaller one.`);
      return;
    }
    setRefused(undefined);
    onFile(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  return (
    <div>
      <div
        role="button"
        tabIndex={0}
        aria-label={label}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            input.current?.click();
          }
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-10 text-center transition ${dragging ? 'border-violet-500 bg-violet-50' : 'border-slate-300 bg-white hover:border-violet-400'}`}
      >
        <Icon name="image" className="h-10 w-10 text-violet-500" />
        <p className="mt-2 font-medium">{label}</p>
        <p id={hintId} className="mt-1 text-sm text-slate-500">
          Drag and drop or click to choose · PNG, JPG, JPEG, GIF, BMP, WEBP · max {megabytes(maxBytes).replace(' ', '')}
        </p>
      </div>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="file-input"
        onChange={(event) => take(event.target.files)}
      />
      {refused && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {refused}
        </p>
      )}
    </div>
  );
}
