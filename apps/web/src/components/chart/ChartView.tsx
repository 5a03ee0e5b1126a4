import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { LegendEntry } from '../../api/schemas';
import { Legend } from '../Legend';
import { ChartToolbar } from './ChartToolbar';
import { ChartViewer, type ChartViewerHandle, type ChartViewerProps } from './ChartViewer';
import { hasMarks } from './LayerToggles';
import { ALL_LAYERS, type ChartLayers, type ChartMode, type ViewerChart } from './types';

/** What ChartView hands on to its viewer unchanged (the editor's tool, selection and saved view). */
type ViewerPassThrough = Pick<ChartViewerProps, 'revision' | 'tool' | 'selection' | 'initialView' | 'onViewChange'>;

/**
 * A chart wherever one is shown: a card with `header` (the page's title and actions), the toolbar
 * (Colour / Symbols / Print, the layers of a chart with part stitches, backstitch or knots, zoom −, +, Fit)
 * and the viewer, then the legend, where clicking a thread
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
  const [layers, setLayers] = useState<ChartLayers>(ALL_LAYERS);
  const [highlight, setHighlight] = useState<number | undefined>();
  const marked = hasMarks(chart.marks);
  const [scale, setScale] = useState<number | undefined>();
  // The zoom readout changes every frame of a zoom; the legend need not render again for it.
  const { marks } = chart;
  const legendPanel = useMemo(() => <Legend entries={legend} marks={marks} selected={highlight} onSelect={setHighlight} />, [legend, marks, highlight]);

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
          layers={marked ? layers : undefined}
          onLayers={marked ? setLayers : undefined}
        />
        <ChartViewer
          {...viewerProps}
          ref={viewer}
          chart={chart}
          mode={mode}
          layers={layers}
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
