import { useState } from 'react';
import { Link } from 'react-router';
import { detailOf, statusOf } from '../api/client';
import { useProjects } from '../api/projects';
import { useSession } from '../auth/use-session';
import { Icon } from '../components/Icon';
import { useDocumentTitle } from '../lib/use-document-title';
import { ImportChart } from './editor/ImportChart';
import { StorageMeter } from './project/StorageMeter';
import { formatPercent, ProgressBar } from './project/stitching-progress';

/** The message shown under 'Error loading projects' (spec §8). */
export function projectsErrorMessage(error: unknown): string {
  if (statusOf(error) === 401) return 'Authentication required. Please log in.';
  return detailOf(error) ?? (error instanceof Error && error.message ? error.message : 'Failed to load projects');
}

export function StatusBadge({ status }: { status: string }) {
  const active = status === 'active';
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${active ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-600'}`}>{status}</span>
  );
}

export function ProjectsList() {
  const session = useSession();
  const projects = useProjects({ enabled: session.signedIn });
  const [importing, setImporting] = useState(false);
  useDocumentTitle('Stitch Projects');

  if (!session.signedIn) {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold">Stitch Projects</h1>
        <div className="card mx-auto max-w-lg text-center">
          <Icon name="lock" className="mx-auto h-10 w-10 text-violet-600" />
          <p className="mt-2 font-medium">Please sign in to see history of your stitch projects</p>
          <button type="button" className="btn-primary mt-4" onClick={() => void session.signIn()}>
            Sign In
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Stitch Projects</h1>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" aria-expanded={importing} onClick={() => setImporting((shown) => !shown)}>
            Import a chart
          </button>
          <Link to="/stitch/wizard" className="btn-primary">
            + New Project
          </Link>
        </div>
      </header>
      <StorageMeter enabled={session.signedIn} />
      {importing && <ImportChart onClose={() => setImporting(false)} />}
      {projects.isPending ? (
        <p className="text-slate-600">Loading projects...</p>
      ) : projects.isError ? (
        <div className="card border-red-200 bg-red-50">
          <p className="font-semibold text-red-800">Error loading projects</p>
          <p className="mt-1 text-sm text-red-700">{projectsErrorMessage(projects.error)}</p>
          <button type="button" className="btn-secondary mt-3" onClick={() => void projects.refetch()}>
            Try Again
          </button>
        </div>
      ) : projects.data.projects.length === 0 ? (
        <div className="card text-center">
          <p className="font-medium">No projects yet</p>
          <Link to="/stitch/wizard" className="btn-primary mt-3 inline-block">
            Create First Project
          </Link>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {projects.data.projects.map((project) => (
            <li key={project.id} className="card flex flex-col" data-testid="project-card">
              {project.outputs.input_image_url ? (
                <img src={project.outputs.input_image_url} alt={`${project.name} input image`} className="h-40 w-full rounded-lg object-cover" />
              ) : project.outputs.stitch_plan_url ? (
                // An imported chart has no photo: its chart stands in.
                <img
                  src={project.outputs.stitch_plan_url}
                  alt={`${project.name} chart`}
                  loading="lazy"
                  decoding="async"
                  className="h-40 w-full rounded-lg bg-white object-contain"
                />
              ) : (
                <div className="flex h-40 items-center justify-center rounded-lg bg-slate-100 text-sm text-slate-600">No image</div>
              )}
              <div className="mt-3 flex items-start justify-between gap-2">
                <h2 className="font-semibold">{project.name}</h2>
                <StatusBadge status={project.status} />
              </div>
              <p className="mt-1 line-clamp-2 text-sm text-slate-600">{project.description || 'No description'}</p>
              <StitchedShare progress={project.progress} />
              <dl className="mt-3 grid grid-cols-2 gap-1 text-xs text-slate-600">
                <dt>Colors</dt>
                <dd>{project.metadata.colors_count ?? '—'}</dd>
                <dt>Total stitches</dt>
                <dd>{project.metadata.total_stitches?.toLocaleString('en') ?? '—'}</dd>
                <dt>Canvas size</dt>
                <dd>{project.metadata.canvas_size ? `${project.metadata.canvas_size.width} × ${project.metadata.canvas_size.height} px` : '—'}</dd>
                <dt>Created</dt>
                <dd>{new Date(project.created_at).toLocaleDateString('en')}</dd>
              </dl>
              <div className="mt-4 flex gap-2">
                <Link to={`/stitch/projects/${project.id}`} className="btn-secondary">
                  View Details
                </Link>
                {project.outputs.stitch_plan_url && (
                  <a href={project.outputs.stitch_plan_url} target="_blank" rel="noreferrer" className="btn-ghost">
                    View Plan
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** How much of the chart is stitched: a small bar and "n %", once a stitch is marked done. */
function StitchedShare({ progress }: { progress: { done: number; total: number } }) {
  if (progress.done === 0 || progress.total === 0) return null;
  const percent = formatPercent(progress.done, progress.total);
  return (
    <div
      className="mt-2 flex items-center gap-2 text-xs text-slate-600"
      data-testid="project-progress"
      title={`${progress.done.toLocaleString('en')} of ${progress.total.toLocaleString('en')} stitches done`}
    >
      <ProgressBar done={progress.done} total={progress.total} className="flex-1" />
      <span className="tabular-nums">{percent} % stitched</span>
    </div>
  );
}
