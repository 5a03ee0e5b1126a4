import { Link } from 'react-router';
import type { Project } from '../../api/schemas';
import { formatPercent, ProgressBar } from './stitching-progress';

/** The way into Stitching mode's own screen, in the chart panel's header, with how far the stitching is when it has begun. */
export function StartStitching({ project }: { project: Project }) {
  const { progress } = project;
  return (
    <div className="flex flex-1 flex-wrap items-center gap-3">
      <Link to={`/stitch/projects/${encodeURIComponent(project.id)}/stitch`} className="btn-primary min-h-11">
        {progress.done > 0 ? 'Continue stitching' : 'Start stitching'}
      </Link>
      {progress.done > 0 && (
        <div className="flex min-w-40 flex-1 items-center gap-2 text-sm text-slate-600">
          <ProgressBar done={progress.done} total={progress.total} className="max-w-48 flex-1" />
          <span className="tabular-nums">{formatPercent(progress.done, progress.total)} % stitched</span>
        </div>
      )}
    </div>
  );
}
