import type { ReactNode } from 'react';
import type { Project } from '../../api/schemas';
import { formatGridSize, formatPixels } from '../../lib/grid-size';

/** The chart's size, stitches first ('150 × 113 stitches (1800 × 1356 px)'); pixels alone for a project from before grid sizes were kept. */
export function projectSize({ metadata }: Project): string | undefined {
  if (metadata.grid_size) return formatGridSize(metadata.grid_size, metadata.canvas_size);
  return metadata.canvas_size ? formatPixels(metadata.canvas_size) : undefined;
}

/** The spec's three information panels: Project Information, Generation Parameters, Project Statistics. */
export function InformationPanels({ project }: { project: Project }) {
  const { parameters, metadata } = project;
  const yesNo = (value: unknown) => (value ? 'Yes' : 'No');
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Panel title="Project Information">
        <Row label="Project ID" value={<span className="font-mono text-xs break-all">{project.id}</span>} />
        <Row label="User ID" value={<span className="font-mono text-xs break-all">{project.user_id}</span>} />
        <Row label="Created" value={new Date(project.created_at).toLocaleString('en')} />
        <Row label="Last updated" value={new Date(project.updated_at).toLocaleString('en')} />
      </Panel>
      <Panel title="Generation Parameters">
        <Row label="Colors" value={parameters.colors ?? '—'} />
        <Row label="Stitch size" value={parameters.cell_size ? `${parameters.cell_size} px` : '—'} />
        <Row label="Pattern size" value={parameters.max_side ? `${parameters.max_side} stitches` : '—'} />
        <Row label="Original size" value={formatPixels(parameters.original_size)} />
        <Row label="k-means" value={yesNo(parameters.use_kmeans)} />
        <Row label="Background removed" value={yesNo(parameters.remove_background)} />
      </Panel>
      <Panel title="Project Statistics">
        <Row label="Colors used" value={metadata.colors_count ?? '—'} />
        <Row label="Total stitches" value={metadata.total_stitches?.toLocaleString('en') ?? '—'} />
        <Row label="Size" value={projectSize(project) ?? '—'} />
      </Panel>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card" aria-label={title}>
      <h2 className="mb-3 font-semibold">{title}</h2>
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

export function ImagePanel({ title, url, alt }: { title: string; url: string | null | undefined; alt: string }) {
  return (
    <section className="card" aria-label={title}>
      <PanelHeader title={title} url={url} />
      {url ? <img src={url} alt={alt} className="max-h-96 w-full rounded object-contain" /> : <p className="text-sm text-slate-500">Not available.</p>}
    </section>
  );
}

/**
 * A picture panel's title, then `actions` (on the same line while it fits), and 'View Full Size' when there
 * is a picture, with `downloads` (the chart's 'Download PDF chart') beside it: the picture and the printable file together.
 */
export function PanelHeader({ title, url, actions, downloads }: { title: string; url: string | null | undefined; actions?: ReactNode; downloads?: ReactNode }) {
  const link = url && (
    <a href={url} target="_blank" rel="noreferrer" className="inline-flex min-h-8 items-center text-sm text-violet-700 underline">
      View Full Size
    </a>
  );
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <h2 className="font-semibold">{title}</h2>
      {actions}
      {downloads ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {downloads}
          {link}
        </div>
      ) : (
        link
      )}
    </div>
  );
}
