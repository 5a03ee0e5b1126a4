import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { statusOf } from '../api/client';
import { useProject } from '../api/projects';
import { useSession } from '../auth/use-session';
import { Downloads } from '../components/Downloads';
import { PatternChart } from '../components/chart/PatternChart';
import { StatusBadge } from './ProjectsList';

export function projectErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 404) return 'Project not found';
  if (status === 401) return 'Authentication required. Please log in.';
  return 'Failed to load project';
}

export function ProjectDetail() {
  const { projectId } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const project = useProject(projectId, { enabled: session.signedIn });

  if (!projectId) return <NotFound message="Project ID is required" />;
  if (!session.signedIn) return <NotFound message="Authentication required. Please log in." />;
  if (project.isPending) return <p className="text-slate-600">Loading project...</p>;
  if (project.isError) return <NotFound message={projectErrorMessage(project.error)} />;

  const { data } = project;
  const parameters = data.parameters;
  const yesNo = (value: unknown) => (value ? 'Yes' : 'No');
  return (
    <div className="space-y-6">
      <button type="button" className="btn-ghost" onClick={() => void navigate('/stitch/projects')}>
        ← Back to projects
      </button>
      <header>
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-2xl font-bold">{data.name}</h2>
          <StatusBadge status={data.status} />
          {data.outputs.pattern_url && (
            <Link className="btn-primary ml-auto" to={`/stitch/projects/${data.id}/edit`}>
              Edit chart
            </Link>
          )}
        </div>
        <p className="mt-1 text-slate-600">{data.description || 'No description available'}</p>
      </header>
      <div className="grid gap-4 lg:grid-cols-3">
        <Panel title="Project Information">
          <Row label="Project ID" value={<span className="font-mono text-xs break-all">{data.id}</span>} />
          <Row label="User ID" value={<span className="font-mono text-xs break-all">{data.user_id}</span>} />
          <Row label="Created" value={new Date(data.created_at).toLocaleString('en')} />
          <Row label="Last updated" value={new Date(data.updated_at).toLocaleString('en')} />
        </Panel>
        <Panel title="Generation Parameters">
          <Row label="Colors" value={parameters.colors ?? '—'} />
          <Row label="Stitch size" value={parameters.cell_size ? `${parameters.cell_size} px` : '—'} />
          <Row label="Pattern size" value={parameters.max_side ? `${parameters.max_side} stitches` : '—'} />
          <Row label="Original size" value={`${parameters.original_size.width} × ${parameters.original_size.height} px`} />
          <Row label="k-means" value={yesNo(parameters.use_kmeans)} />
          <Row label="Background removed" value={yesNo(parameters.remove_background)} />
        </Panel>
        <Panel title="Project Statistics">
          <Row label="Colors used" value={data.metadata.colors_count ?? '—'} />
          <Row label="Total stitches" value={data.metadata.total_stitches?.toLocaleString('en') ?? '—'} />
          <Row label="Canvas size" value={data.metadata.canvas_size ? `${data.metadata.canvas_size.width} × ${data.metadata.canvas_size.height} px` : '—'} />
        </Panel>
      </div>
      {/* The Stitch Plan panel shows the zoomable chart once its pattern document is read (the chart image until then), then the legend. */}
      <PatternChart
        label="Stitch Plan"
        header={<PanelHeader title="Stitch Plan" url={data.outputs.stitch_plan_url} />}
        patternUrl={data.outputs.pattern_url}
        imageUrl={data.outputs.stitch_plan_url}
        imageAlt={`${data.name}: stitch chart`}
        imageClassName="max-h-96 w-full rounded object-contain"
        legend={data.color_legend}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <ImagePanel title="Original Image" url={data.outputs.input_image_url} alt={`${data.name}: original image`} />
      </div>
      {data.outputs.pattern_url && data.metadata.grid_size && (
        <Downloads source={{ projectId: data.id }} width={data.metadata.grid_size.width} height={data.metadata.grid_size.height} legend={data.color_legend} />
      )}
    </div>
  );
}

function NotFound({ message }: { message: string }) {
  return (
    <div className="card mx-auto max-w-lg text-center">
      <h2 className="text-xl font-semibold">Project Not Found</h2>
      <p className="mt-2 text-slate-600">{message}</p>
      <Link to="/stitch/projects" className="btn-primary mt-4 inline-block">
        Back to projects
      </Link>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card" aria-label={title}>
      <h3 className="mb-3 font-semibold">{title}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">{children}</dl>
    </section>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

function ImagePanel({ title, url, alt }: { title: string; url: string | null | undefined; alt: string }) {
  return (
    <section className="card" aria-label={title}>
      <PanelHeader title={title} url={url} />
      {url ? <img src={url} alt={alt} className="max-h-96 w-full rounded object-contain" /> : <p className="text-sm text-slate-500">Not available.</p>}
    </section>
  );
}

/** A picture panel's title, and 'View Full Size' when there is a picture. */
function PanelHeader({ title, url }: { title: string; url: string | null | undefined }) {
  return (
    <div className="mb-3 flex items-center justify-between">
      <h3 className="font-semibold">{title}</h3>
      {url && (
        <a href={url} target="_blank" rel="noreferrer" className="text-sm text-violet-700 underline">
          View Full Size
        </a>
      )}
    </div>
  );
}
