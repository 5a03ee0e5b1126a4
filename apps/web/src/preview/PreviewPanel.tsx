import { useState } from 'react';
import { adjustmentsOf, isNeutral, NEUTRAL_ADJUSTMENTS } from '@stitchwise/core';
import type { ImageSource } from '../api/colors';
import { FinishedSize } from './FinishedSize';
import type { WizardSettings } from '../pages/wizard/model';
import type { WorkerLike } from './client';
import { PreviewCanvas } from './PreviewCanvas';
import { PreviewLegend, previewThreadsText } from './PreviewLegend';
import { usePreview, type PreviewState } from './use-preview';
import { usePreviewSource, type PreviewSourceState } from './use-preview-source';
import { previewSettingsOf } from './wizard-settings';

interface PreviewPanelProps {
  picture: ImageSource | undefined;
  settings: WizardSettings;
  signedIn: boolean;
  /** The user's own threads (thread keys, `anchor:403`) when the chart is to use only those: the preview does too. */
  ownedThreads?: readonly string[];
  /** Tests hand in a stand-in worker; the app uses the built one. */
  createWorker?: () => WorkerLike | undefined;
}

/**
 * The wizard's live preview: the chart as it will come out, computed in the browser, redrawn on
 * every change of the settings. Its element carries the preview's threads (`data-threads`, DMC
 * codes, most used first) and mean ΔE00 (`data-mean-delta-e`) for tests. 'Show before' previews the
 * photo as it is, without its adjustments, until it is pressed again or an adjustment changes.
 */
export function PreviewPanel({ picture, settings, signedIn, ownedThreads, createWorker }: PreviewPanelProps) {
  // Background removal is for signed-in users only; the form locks it for visitors.
  const sourceState = usePreviewSource(picture, settings.removeBackground && signedIn);
  // 'Show before' holds for the adjustments it was pressed at: moving a slider shows the change.
  const adjustments = JSON.stringify(adjustmentsOf(settings));
  const [beforeOf, setBeforeOf] = useState<string>();
  const adjusted = !isNeutral(settings);
  const before = adjusted && beforeOf === adjustments;
  const preview = usePreview(
    sourceState?.status === 'ready' ? sourceState.source : undefined,
    previewSettingsOf(before ? { ...settings, ...NEUTRAL_ADJUSTMENTS } : settings, signedIn, ownedThreads),
    createWorker,
  );
  const { pattern } = preview;
  const [fabricCount, setFabricCount] = useState(14);
  const message = messageFor(sourceState, preview);
  const updating = preview.updating || sourceState?.status === 'loading';

  return (
    <section aria-labelledby="preview-title" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="preview-title" className="text-sm font-medium">
          Preview{before && <span className="font-normal text-slate-500"> · before the photo&apos;s adjustments</span>}
        </h2>
        <button
          type="button"
          className={`btn-ghost min-h-8 min-w-8 py-1 text-xs disabled:cursor-not-allowed disabled:opacity-50 ${before ? 'bg-violet-100 text-violet-800' : ''}`}
          aria-pressed={before}
          disabled={!adjusted}
          title={adjusted ? undefined : 'The photo has no adjustments'}
          onClick={() => setBeforeOf(before ? undefined : adjustments)}
        >
          Show before
        </button>
      </div>
      <div
        data-testid="chart-preview"
        data-state={message ? 'unavailable' : updating || !pattern ? 'updating' : 'ready'}
        data-threads={pattern?.legend.map((thread) => thread.code).join(' ')}
        data-mean-delta-e={pattern?.meanDeltaE.toFixed(3)}
        className="h-72"
      >
        {pattern && !message ? (
          <PreviewCanvas pattern={pattern} settings={preview.settings!} />
        ) : (
          <div className="flex h-full flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 px-4 text-center text-sm text-slate-500">
            <p>{message ?? (sourceState?.status === 'loading' ? loadingText[sourceState.step] : 'Preparing the preview…')}</p>
            {message && <p className="mt-1 text-xs">The pattern can still be generated.</p>}
          </div>
        )}
      </div>
      <p className="flex justify-between gap-2 text-xs text-slate-500" aria-live="polite">
        <span>{pattern && !message ? `${pattern.width} × ${pattern.height} stitches · ${previewThreadsText(pattern.legend)}` : ''}</span>
        {updating && !message && <span data-testid="preview-updating">{sourceState?.status === 'loading' ? loadingText[sourceState.step] : 'Updating…'}</span>}
      </p>
      {/* Fixed heights: the preview appearing or changing never moves the Generate button under the pointer. */}
      <div className="h-24 overflow-y-auto">{pattern && !message && <PreviewLegend threads={pattern.legend} />}</div>
      {pattern && !message && <FinishedSize width={pattern.width} height={pattern.height} fabricCount={fabricCount} onFabric={setFabricCount} />}
    </section>
  );
}

const loadingText = { copy: 'Fetching the picture…', cutout: 'Removing the background…' } as const;

/** Why there is no preview to show, in a quiet sentence; undefined when there is one (or one is coming). */
function messageFor(source: PreviewSourceState | undefined, preview: PreviewState): string | undefined {
  if (preview.problem === 'unsupported') return 'Preview unavailable in this browser';
  if (source?.status === 'failed')
    return source.step === 'cutout' ? 'Preview unavailable: the background could not be removed' : 'Preview unavailable for this image';
  if (preview.problem === 'undecodable') return 'Preview unavailable for this image';
  if (preview.problem === 'failed') return 'Preview unavailable';
  return undefined;
}
