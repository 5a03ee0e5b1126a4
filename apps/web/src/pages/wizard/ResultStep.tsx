import { Link } from 'react-router';
import { threadAndBlendCounts } from '@stitchwise/core';
import type { LegendEntry, StitchPlan } from '../../api/schemas';
import { useChartDownloads } from '../../components/chart-downloads';
import { DownloadsPanel, PdfChartButton } from '../../components/Downloads';
import { PatternChart } from '../../components/chart/PatternChart';
import { useSession } from '../../auth/use-session';
import { formatGridSize } from '../../lib/grid-size';

interface ResultStepProps {
  plan: StitchPlan;
  /** The project name it was made under: a visitor's PDF is titled by it (a project's by its own name). */
  name?: string | undefined;
  signedIn: boolean;
  onReset: () => void;
  /** Back to the settings with the same picture; absent when the picture is no longer here (after a reload). */
  onAdjust: (() => void) | undefined;
}

/** A link-like button with room for a finger: at least 24 × 24 px (WCAG 2.2, 2.5.8), 44 px tall on a phone. */
const textButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-1 font-semibold text-violet-700 underline hover:bg-violet-50 sm:min-h-8';

/**
 * Step 3: the generated chart (zoomable) with its figures and thread legend, then the print options and
 * other downloads. 'Download PDF chart', the print action, sits beside the spec's 'Download Pattern' (the
 * chart image) and prints as the options below say.
 */
export function ResultStep({ plan, name, signedIn, onReset, onAdjust }: ResultStepProps) {
  const { metadata } = plan;
  const session = useSession();
  const source = plan.project_id ? { projectId: plan.project_id } : { patternId: plan.pattern_url.split('/').pop() ?? '', name };
  const downloads = useChartDownloads(source, metadata.grid_size.width, metadata.grid_size.height);
  const header = (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Your stitch pattern</h2>
        <div className="flex flex-wrap gap-2">
          <a className="btn-primary" href={plan.stitch_plan_url} target="_blank" rel="noreferrer">
            Download Pattern
          </a>
          <PdfChartButton downloads={downloads} />
          <Link
            className="btn-secondary"
            to={plan.project_id ? `/stitch/projects/${plan.project_id}/edit` : `/stitch/edit/${plan.pattern_url.split('/').pop() ?? ''}`}
          >
            Edit chart
          </Link>
          {onAdjust && (
            <button type="button" className="btn-secondary" onClick={onAdjust}>
              Adjust settings
            </button>
          )}
          <button type="button" className="btn-secondary" onClick={onReset}>
            Create New Pattern
          </button>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Stat label="Total stitches" value={metadata.total_stitches.toLocaleString('en')} />
        <Stat label="Colors used" value={coloursUsedText(metadata.colors_used, plan.legend_data)} />
        <Stat label="Chart size" value={formatGridSize(metadata.grid_size, metadata.canvas_size)} />
        <Stat label="Processing time" value={`${(plan.processing_time_ms / 1000).toFixed(1)} s`} />
      </dl>
      {!signedIn && plan.claim && (
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          Keep this pattern in your projects:
          <button type="button" className={textButton} onClick={() => void session.signUp()}>
            Sign up
          </button>
          or
          <button type="button" className={textButton} onClick={() => void session.signIn()}>
            sign in
          </button>
          and it is saved for you.
        </p>
      )}
      {signedIn && plan.project_id && (
        <p className="mt-3 text-sm">
          Saved to your projects.{' '}
          <Link className={textButton} to={`/stitch/projects/${plan.project_id}`}>
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
      <DownloadsPanel downloads={downloads} legend={plan.legend_data} source={source} pdfAbove />
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

/** The colours of the legend; with blends, what they are made of: "12 (10 threads + 2 blends)". */
function coloursUsedText(coloursUsed: number, legend: readonly LegendEntry[]): string {
  const { threads, blends } = threadAndBlendCounts(legend);
  return blends === 0 ? String(coloursUsed) : `${coloursUsed} (${threads} threads + ${blends} blend${blends === 1 ? '' : 's'})`;
}
