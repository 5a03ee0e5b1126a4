import type { Pattern } from '@stitchwise/core';
import { useMemo, type ReactNode } from 'react';
import { usePatternDocument } from '../../api/pattern-document';
import type { LegendEntry } from '../../api/schemas';
import { Legend } from '../Legend';
import { ChartView } from './ChartView';
import type { ViewerChart } from './types';

/** A pattern document in the viewer's shape: its legend entries are the threads, in cell-index order (the marks' thread indices too). */
export function toViewerChart(pattern: Pattern): ViewerChart {
  return { width: pattern.width, height: pattern.height, cells: pattern.cells, threads: pattern.legend, marks: pattern.marks };
}

/**
 * A generated chart in the viewer, loaded from its pattern document. While the document loads, or if
 * it cannot be read, the chart image (`imageUrl`) and the plain legend are shown instead.
 */
export function PatternChart({
  patternUrl,
  imageUrl,
  imageAlt,
  imageClassName,
  legend,
  header,
  label,
}: {
  patternUrl: string | null | undefined;
  imageUrl: string | null | undefined;
  imageAlt: string;
  imageClassName: string;
  legend: LegendEntry[];
  header?: ReactNode;
  label?: string;
}) {
  const document = usePatternDocument(patternUrl);
  const chart = useMemo(() => (document.data ? toViewerChart(document.data) : undefined), [document.data]);
  if (chart) return <ChartView chart={chart} legend={legend} header={header} label={label} />;
  return (
    <div className="space-y-6">
      <section className="card" aria-label={label}>
        {header}
        {imageUrl ? <img src={imageUrl} alt={imageAlt} className={imageClassName} /> : <p className="text-sm text-slate-500">Not available.</p>}
        {document.isFetching && <p className="mt-2 text-xs text-slate-500">Loading the zoomable chart…</p>}
      </section>
      <Legend entries={legend} />
    </div>
  );
}
