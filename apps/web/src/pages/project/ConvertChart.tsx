import { threadKey } from '@stitchwise/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { detailOf } from '../../api/client';
import { useConvertChart } from '../../api/project-actions';
import type { BrandMapping, ChartConversion, Project } from '../../api/schemas';
import { ThreadSwatch } from '../../components/ThreadSwatch';
import { blendColours } from '../../components/swatch';
import { brandName, THREAD_BRANDS, threadLabel, type ThreadBrand } from '../../lib/thread-brands';
import { Dialog } from '../editor/Dialog';

/** A chart converted, as the page keeps it to show the report: the answer and the brand asked for. */
export interface ConvertedChart {
  to: ThreadBrand;
  conversion: ChartConversion;
}

/** The brands a chart can be converted to: all but its own, when every thread of its legend is of one brand. */
export function conversionTargets(legend: Project['color_legend']): ThreadBrand[] {
  const brands = new Set(legend.map((entry) => entry.brand));
  return THREAD_BRANDS.filter((brand) => !(brands.size === 1 && brands.has(brand)));
}

/**
 * 'Convert chart to …': a dialog offers the other brands, and the one chosen makes a copy of the project with
 * the chart in that brand (the server's nearest threads by ΔE00); then the report shows. Held by the page,
 * not by the button: the chart panel's header, where the button is, is drawn again once the chart is read.
 */
export function useChartConversion(project: Project) {
  const convert = useConvertChart(project.id);
  const [choosing, setChoosing] = useState(false);
  const [converted, setConverted] = useState<ConvertedChart>();
  const opener = useRef<HTMLButtonElement>(null);
  return {
    targets: conversionTargets(project.color_legend),
    choosing,
    converted,
    opener,
    pendingBrand: convert.isPending ? convert.variables : undefined,
    open: () => setChoosing(true),
    cancel: () => setChoosing(false),
    start: (to: ThreadBrand) =>
      convert.mutate(to, {
        onSuccess: (conversion) => {
          setChoosing(false);
          setConverted({ to, conversion });
        },
        onError: (error) => {
          setChoosing(false);
          toast.error(detailOf(error) ?? 'The chart could not be converted. Please try again.');
        },
      }),
    /** Closes the report, the focus back on the button that made it. */
    closeReport: () => {
      setConverted(undefined);
      opener.current?.focus();
    },
  };
}

export type ChartConversionState = ReturnType<typeof useChartConversion>;

/** The button, in the chart panel's header. */
export function ConvertChartButton({ conversion }: { conversion: ChartConversionState }) {
  return (
    <button ref={conversion.opener} type="button" className="btn-secondary min-h-11" onClick={conversion.open}>
      Convert chart to …
    </button>
  );
}

/** The choice of brand while it is being made, and the report of the conversion once made (until closed). */
export function ChartConversionPanel({ conversion }: { conversion: ChartConversionState }) {
  const { choosing, converted, targets, pendingBrand } = conversion;
  return (
    <>
      {choosing && (
        <Dialog
          title="Convert this chart to another brand"
          message={
            <>
              <p>
                A new project is made with a copy of this chart in the brand you choose: each thread becomes the nearest thread of that brand by colour (ΔE00),
                and threads that become the same thread are merged. This project stays as it is.
              </p>
              <p>These are the nearest colours of each maker’s table, not official equivalents.</p>
            </>
          }
          onCancel={conversion.cancel}
        >
          <button type="button" className="btn-secondary min-h-8" onClick={conversion.cancel}>
            Cancel
          </button>
          {targets.map((to) => (
            <button key={to} type="button" className="btn-primary min-h-8" disabled={pendingBrand !== undefined} onClick={() => conversion.start(to)}>
              {pendingBrand === to ? `Converting to ${brandName(to)}…` : `Convert chart to ${brandName(to)}`}
            </button>
          ))}
        </Dialog>
      )}
      {converted && <ConversionReport converted={converted} onClose={conversion.closeReport} />}
    </>
  );
}

/** 'DMC 310 Black' beside its colour. */
function ThreadName({ thread }: { thread: BrandMapping['from'] }) {
  return (
    <span className="flex items-start gap-2">
      <ThreadSwatch hex={thread.hex} blend={blendColours(thread)} size="h-5 w-5" />
      <span>
        <span className="font-medium whitespace-nowrap">{threadLabel(thread)}</span> <span className="text-slate-600">{thread.name}</span>
      </span>
    </span>
  );
}

/**
 * What a conversion did, shown on the project it was made from: the new project (with a link to open it) and
 * every thread of the chart beside the thread it became, with their ΔE00, labelled as nearest colours. The
 * heading takes the focus when it appears, so the report is read (and scrolled to) at once.
 */
function ConversionReport({ converted: { to, conversion }, onClose }: { converted: ConvertedChart; onClose: () => void }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const { project, mappings } = conversion;
  const sharing = new Map<string, number>();
  for (const mapping of mappings) sharing.set(threadKey(mapping.to), (sharing.get(threadKey(mapping.to)) ?? 0) + 1);
  const brand = brandName(to);

  return (
    <section className="card space-y-3" aria-labelledby={headingId} data-testid="conversion-report">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-semibold">
          Chart converted to {brand}
        </h2>
        <button type="button" className="btn-ghost min-h-8" onClick={onClose}>
          Close report
        </button>
      </div>
      <p className="text-sm text-slate-700">
        “{project.name}” is a new project with this chart in {brand} threads; this project is unchanged. {mappings.length}{' '}
        {mappings.length === 1 ? 'thread' : 'threads'} became {sharing.size}
        {sharing.size < mappings.length ? ': threads that became the same thread share one in the copy.' : '.'}
      </p>
      <Link className="btn-primary min-h-8" to={`/stitch/projects/${encodeURIComponent(project.id)}`}>
        Open “{project.name}”
      </Link>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="pb-2 text-left">
            <span className="font-semibold">Nearest colours (ΔE00), not official equivalents</span>
            <span className="block text-xs text-slate-600">ΔE00 is the colour difference between the two threads: the lower, the closer.</span>
          </caption>
          <thead className="border-b border-slate-200 text-xs text-slate-600">
            <tr>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                In this chart
              </th>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                In the copy
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                ΔE00
              </th>
            </tr>
          </thead>
          <tbody>
            {mappings.map((mapping) => {
              const shared = sharing.get(threadKey(mapping.to))!;
              return (
                <tr key={threadKey(mapping.from)} className="border-b border-slate-100 align-top last:border-0" data-testid="conversion-mapping">
                  <td className="py-1.5 pr-3">
                    <ThreadName thread={mapping.from} />
                  </td>
                  <td className="py-1.5 pr-3">
                    <ThreadName thread={mapping.to} />
                    {shared > 1 && <span className="ml-7 block text-xs text-slate-600">shared by {shared} threads</span>}
                    {mapping.from.brand === to && <span className="ml-7 block text-xs text-slate-600">already {brand}</span>}
                  </td>
                  <td className="py-1.5 text-right tabular-nums">{mapping.delta_e.toFixed(1)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
