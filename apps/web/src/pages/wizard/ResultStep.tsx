import { Link } from 'react-router';
import type { StitchPlan } from '../../api/schemas';
import { Downloads } from '../../components/Downloads';
import { PatternChart } from '../../components/chart/PatternChart';

/** Step 3: the generated chart (zoomable) with its figures and thread legend, then the downloads. */
export function ResultStep({ plan, signedIn, onReset }: { plan: StitchPlan; signedIn: boolean; onReset: () => void }) {
  const { metadata } = plan;
  const header = (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold">Your stitch pattern</h3>
        <div className="flex flex-wrap gap-2">
          <a className="btn-primary" href={plan.stitch_plan_url} target="_blank" rel="noreferrer">
            Download Pattern
          </a>
          <Link
            className="btn-secondary"
            to={plan.project_id ? `/stitch/projects/${plan.project_id}/edit` : `/stitch/edit/${plan.pattern_url.split('/').pop() ?? ''}`}
          >
            Edit chart
          </Link>
          <button type="button" className="btn-secondary" onClick={onReset}>
            Create New Pattern
          </button>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Stat label="Total stitches" value={metadata.total_stitches.toLocaleString('en')} />
        <Stat label="Colors used" value={String(metadata.colors_used)} />
        <Stat label="Canvas size" value={`${metadata.canvas_size.width} × ${metadata.canvas_size.height} px`} />
        <Stat label="Processing time" value={`${(plan.processing_time_ms / 1000).toFixed(1)} s`} />
      </dl>
      {signedIn && plan.project_id && (
        <p className="mt-3 text-sm">
          Saved to your projects.{' '}
          <Link className="text-violet-700 underline" to={`/stitch/projects/${plan.project_id}`}>
            Open the project
          </Link>
        </p>
      )}
    </>
  );
  return (
    <section className="space-y-6" aria-label="Generate Pattern">
      {/* The zoomable chart once its pattern document is read; the chart image until then. */}
      <PatternChart
        patternUrl={plan.pattern_url}
        imageUrl={plan.stitch_plan_url}
        imageAlt="The stitch chart"
        imageClassName="mt-4 max-h-[40rem] w-full rounded border border-slate-200 object-contain"
        legend={plan.legend_data}
        header={header}
      />
      <Downloads
        source={plan.project_id ? { projectId: plan.project_id } : { patternId: plan.pattern_url.split('/').pop() ?? '' }}
        width={plan.metadata.grid_size.width}
        height={plan.metadata.grid_size.height}
        legend={plan.legend_data}
      />
    </section>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}
