import type { Project } from '../../api/schemas';
import { formatPercent, ProgressBar } from './StitchingSummary';

/** The way into stitching mode, in the chart panel's header, with how far the stitching is when it has begun. */
export function StartStitching({ project, onStart }: { project: Project; onStart: () => void }) {
  const { progress } = project;
  return (
    <div className="flex flex-1 flex-wrap items-center gap-3">
      <button type="button" className="btn-primary min-h-11" onClick={onStart}>
        {progress.done > 0 ? 'Continue stitching' : 'Start stitching'}
      </button>
      {progress.done > 0 && (
        <div className="flex min-w-40 flex-1 items-center gap-2 text-sm text-slate-600">
          <ProgressBar done={progress.done} total={progress.total} className="max-w-48 flex-1" />
          <span className="tabular-nums">{formatPercent(progress.done, progress.total)} % stitched</span>
        </div>
      )}
    </div>
  );
}
