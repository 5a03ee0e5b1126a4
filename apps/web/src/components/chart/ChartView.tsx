import { useMemo, useState, type ReactNode } from 'react';
import type { LegendEntry } from '../../api/schemas';
import { Legend } from '../Legend';
import { ChartStage, type ChartStageProps } from './ChartStage';

/**
 * A generated chart on its own (the wizard's result, the project page): a card with `header` (the page's
 * title and actions) and the chart stage (toolbar and viewer), then the legend, where clicking a thread
 * highlights its stitches and dims the rest (clicking it again shows all).
 */
export function ChartView({
  legend,
  header,
  label,
  ...stageProps
}: Omit<ChartStageProps, 'highlight' | 'className' | 'children'> & {
  legend: LegendEntry[];
  header?: ReactNode;
  /** The card's accessible name (a page's panel title). */
  label?: string;
}) {
  const [highlight, setHighlight] = useState<number | undefined>();
  // The legend renders again only when it or the highlight changes, not whenever the page around it does.
  const { marks } = stageProps.chart;
  const legendPanel = useMemo(() => <Legend entries={legend} marks={marks} selected={highlight} onSelect={setHighlight} />, [legend, marks, highlight]);

  return (
    <div className="space-y-6">
      <section className="card space-y-3" aria-label={label}>
        {header}
        <ChartStage {...stageProps} highlight={highlight} />
      </section>
      {legendPanel}
    </div>
  );
}
