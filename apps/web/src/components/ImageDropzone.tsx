import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useAppConfig } from '../auth/config-context';
import { canPreparePictures } from '../lib/encode-picture';
import { prepareUpload, UnreadableHeicError } from '../lib/prepare-upload';
import { fileSizeMb, megabytes } from '../lib/sizes';
import { TOUCH_SCREEN, useMediaQuery } from '../lib/use-media-query';
import { Icon } from './Icon';

export const ACCEPTED_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp', 'heic', 'heif'];
const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/webp', 'image/heic', 'image/heif'];
const ACCEPT = [...ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`), ...ACCEPTED_TYPES].join(',');

/** By name or by type: phones and browsers disagree on both for HEIC photos; the bytes decide later. */
export function isAcceptedImage(file: File): boolean {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return ACCEPTED_EXTENSIONS.includes(extension) || ACCEPTED_TYPES.includes(file.type.toLowerCase());
}

/**
 * One image by drag-and-drop, click or keyboard (Enter or Space on the focused zone opens the file
 * picker). Files of other types, and files over the server's upload limit, are refused with a message
 * before anything is sent. Accepted files are prepared before they are handed on (prepareUpload):
 * HEIC photos become JPEG, pictures larger than any tool needs are shrunk, upright. On a touch screen,
 * where nothing can be dragged in, it says 'Choose a photo' (the phone then offers its photos and camera).
 */
export function ImageDropzone({ onFile, label = 'Upload an image' }: { onFile: (file: File) => void; label?: string }) {
  const touch = useMediaQuery(TOUCH_SCREEN);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<string>();
  const [preparing, setPreparing] = useState(false);
  // Only the newest choice is handed on: a photo still being prepared when another is chosen, or
  // when the page is left, is dropped.
  const latestChoice = useRef(0);
  useEffect(
    () => () => {
      latestChoice.current++;
    },
    [],
  );
  const maxBytes = useAppConfig().uploads.max_bytes;

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (files.length > 1 || !isAcceptedImage(file)) {
      setRefused(files.length > 1 ? 'Please choose a single image.' : 'Please choose a PNG, JPG, GIF, BMP, WebP or HEIC image.');
      return;
    }
    // The limit the box states applies to the file as chosen, even where shrinking would make it fit.
    if (file.size > maxBytes) {
      setRefused(`This image is ${fileSizeMb(file)}; images can be at most ${megabytes(maxBytes)}. Please choose a smaller one.`);
      return;
    }
    setRefused(undefined);
    const choice = ++latestChoice.current;
    if (!canPreparePictures()) {
      onFile(file); // a browser that cannot decode pictures prepares nothing: the server judges the file as it is
      return;
    }
    const isLatest = () => choice === latestChoice.current;
    prepareUpload(file, () => isLatest() && setPreparing(true)).then(
      (prepared) => {
        if (!isLatest()) return;
        setPreparing(false);
        onFile(prepared);
      },
      (error: unknown) => {
        if (!isLatest()) return;
        setPreparing(false);
        setRefused(
          error instanceof UnreadableHeicError
            ? 'This HEIC photo could not be opened in this browser. Please save it as JPG or PNG and choose it again.'
            : 'This image could not be read. Please choose another one.',
        );
      },
    );
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
        // Named by its content, all of its visible text (WCAG 2.5.3), so speech users can say what they see.
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
        className={`flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 text-center transition ${touch ? 'py-6' : 'py-10'} ${dragging ? 'border-violet-500 bg-violet-50' : 'border-slate-300 bg-white hover:border-violet-400'}`}
      >
        <Icon name="image" className="h-10 w-10 text-violet-500" />
        <p className="mt-2 font-medium">{touch ? 'Choose a photo' : label}</p>
        <p className="mt-1 text-sm text-slate-600">
          {touch ? '' : 'Drag and drop or click to choose · '}PNG, JPG, JPEG, GIF, BMP, WEBP, HEIC · max {megabytes(maxBytes).replace(' ', '')}
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
      <p role="status" className={preparing ? 'mt-2 text-sm text-slate-600' : 'sr-only'}>
        {preparing ? 'Preparing photo…' : ''}
      </p>
      {refused && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {refused}
        </p>
      )}
    </div>
  );
}
