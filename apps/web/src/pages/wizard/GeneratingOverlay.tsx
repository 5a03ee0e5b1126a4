import { useFocusTrap } from '../../lib/use-focus-trap';
import type { GenerationProgress } from '../../api/generation';

const STAGE_LABELS: Record<GenerationProgress['stage'], string> = {
  uploading: 'Uploading your picture',
  removing_background: 'Removing the background',
  reducing_colours: 'Reducing colours',
  saving: 'Saving',
};

/**
 * How far along the whole generation is, 0–1: the upload's share is measured; each server stage
 * starts at a fixed point, background removal (when asked for) taking the largest part.
 */
export function progressShare(progress: GenerationProgress, removingBackground: boolean): number {
  const after = removingBackground ? 0.6 : 0.25;
  switch (progress.stage) {
    case 'uploading':
      return 0.2 * progress.sent;
    case 'removing_background':
      return 0.2;
    case 'reducing_colours':
      return after;
    case 'saving':
      return 0.95;
  }
}

interface GeneratingOverlayProps {
  /** Seconds left before a visitor sees the result; undefined while generating. */
  countdown: number | undefined;
  progress: GenerationProgress | undefined;
  removingBackground: boolean;
  /** Stops the generation, on the server too. */
  onCancel: () => void;
}

/**
 * The modal shown while a pattern is generated, with its stage, progress and a cancel; for visitors,
 * then the seconds until their result is shown. Focus stays inside while it is open; Escape cancels.
 */
export function GeneratingOverlay({ countdown, progress, removingBackground, onCancel }: GeneratingOverlayProps) {
  // Escape cancels while generating; the countdown that follows takes the focus anew.
  const trap = useFocusTrap<HTMLDivElement>(countdown === undefined ? onCancel : undefined, countdown === undefined);

  const current = progress ?? { stage: 'uploading', sent: 0 };
  const percent = Math.round(progressShare(current, removingBackground) * 100);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4">
      <div
        ref={trap.ref}
        role="dialog"
        aria-modal="true"
        aria-label="Generating your pattern"
        tabIndex={-1}
        onKeyDown={trap.onKeyDown}
        className="w-full max-w-sm rounded-2xl bg-white p-8 text-center shadow-xl outline-none"
      >
        {countdown === undefined ? (
          <>
            <p className="font-semibold">Generating your pattern…</p>
            <p className="mt-3 text-sm text-slate-700" aria-live="polite" data-testid="generation-stage">
              {STAGE_LABELS[current.stage]}
              {current.stage === 'uploading' ? ` (${Math.round(current.sent * 100)} %)` : '…'}
            </p>
            <progress className="mt-2 h-2 w-full accent-violet-600" max={100} value={percent} aria-label="Progress">
              {percent} %
            </progress>
            <p className="mt-2 text-sm text-slate-600">Matching every stitch to a thread.</p>
            <button type="button" className="btn-secondary mt-5" onClick={onCancel}>
              Cancel
            </button>
          </>
        ) : (
          <>
            <p className="text-4xl font-bold text-violet-700" data-testid="countdown">
              {countdown}
            </p>
            <p className="mt-2 font-semibold">Your pattern is ready in {countdown} s</p>
            <p className="mt-1 text-sm text-slate-600">Sign in to see results at once and save them as projects.</p>
          </>
        )}
      </div>
    </div>
  );
}
