import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { LegendEntry } from '../../api/schemas';
import { Legend } from '../Legend';
import { ChartToolbar } from './ChartToolbar';
import { ChartViewer, type ChartViewerHandle, type ChartViewerProps } from './ChartViewer';
import type { ChartMode, ViewerChart } from './types';

/** What ChartView hands on to its viewer unchanged (the editor's tool, selection and saved view). */
type ViewerPassThrough = Pick<ChartViewerProps, 'revision' | 'tool' | 'selection' | 'initialView' | 'onViewChange'>;

/**
 * A chart wherever one is shown: a card with `header` (the page's title and actions), the toolbar
 * (Colour / Symbols / Print, zoom −, +, Fit) and the viewer, then the legend, where clicking a thread
 * highlights its stitches and dims the rest (clicking it again shows all).
 */
export function ChartView({
  chart,
  legend,
  header,
  label,
  initialMode = 'symbols',
  viewerClassName,
  onViewChange,
  ...viewerProps
}: ViewerPassThrough & {
  chart: ViewerChart;
  legend: LegendEntry[];
  header?: ReactNode;
  /** The card's accessible name (a page's panel title). */
  label?: string;
  initialMode?: ChartMode;
  viewerClassName?: string;
}) {
  const viewer = useRef<ChartViewerHandle>(null);
  const [mode, setMode] = useState<ChartMode>(initialMode);
  const [highlight, setHighlight] = useState<number | undefined>();
  const [scale, setScale] = useState<number | undefined>();
  // The zoom readout changes every frame of a zoom; the legend need not render again for it.
  const legendPanel = useMemo(() => <Legend entries={legend} selected={highlight} onSelect={setHighlight} />, [legend, highlight]);

  return (
    <div className="space-y-6">
      <section className="card space-y-3" aria-label={label}>
        {header}
        <ChartToolbar
          mode={mode}
          onMode={setMode}
          scale={scale}
          onZoomIn={() => viewer.current?.zoomIn()}
          onZoomOut={() => viewer.current?.zoomOut()}
          onFit={() => viewer.current?.fit()}
        />
        <ChartViewer
          {...viewerProps}
          ref={viewer}
          chart={chart}
          mode={mode}
          highlight={highlight}
          className={viewerClassName}
          onViewChange={(view) => {
            setScale(view.scale);
            onViewChange?.(view);
          }}
        />
      </section>
      {legendPanel}
    </div>
  );
}
