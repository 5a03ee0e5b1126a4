import { useImperativeHandle, useRef, useState, type Dispatch, type ReactNode, type Ref, type SetStateAction } from 'react';
import { ChartToolbar } from './ChartToolbar';
import { ChartViewer, type ChartViewerHandle, type ChartViewerProps } from './ChartViewer';
import { hasMarks } from './LayerToggles';
import { ALL_LAYERS, type ChartLayers, type ChartMode } from './types';

/** How a chart stage shows its chart: the mode and the layers, and their setters. */
export interface ChartStageState {
  mode: ChartMode;
  setMode: (mode: ChartMode) => void;
  layers: ChartLayers;
  setLayers: Dispatch<SetStateAction<ChartLayers>>;
}

/**
 * A chart stage's mode and layers, for a screen that holds them itself: the editor (choosing a tool shows
 * its layer) and Stitching mode (they outlast the chart's reload after an edit elsewhere). Other stages
 * keep their own.
 */
export function useChartStage(initialMode: ChartMode = 'symbols'): ChartStageState {
  const [mode, setMode] = useState<ChartMode>(initialMode);
  const [layers, setLayers] = useState<ChartLayers>(ALL_LAYERS);
  return { mode, setMode, layers, setLayers };
}

/** What the stage hands on to its viewer unchanged: the chart, and what a screen draws over it or plugs in. */
type ViewerPassThrough = Omit<ChartViewerProps, 'mode' | 'layers' | 'className' | 'ref'>;

export type ChartStageProps = ViewerPassThrough & {
  /** Classes of the stage's box (default: its parts spaced as in a card). */
  className?: string;
  /** Classes of the viewer's box, which sets its size. */
  viewerClassName?: string;
  /** The mode and layers, when the screen holds them (`useChartStage`); the stage keeps its own otherwise. */
  state?: ChartStageState;
  /** Whether the toolbar offers the layer toggles (default: when the chart has part stitches, backstitch or knots). */
  layerToggles?: boolean;
  /** Shown between the toolbar and the chart (e.g. the thread Stitching mode is filtered to). */
  children?: ReactNode;
  /** Finger-sized toolbar buttons (Stitching mode's), at least 44 px; compact by default. */
  large?: boolean;
  /** The viewer's handle, for a screen that moves the view itself (Stitching mode's page jump). */
  ref?: Ref<ChartViewerHandle>;
};

/**
 * The chart viewer with its toolbar, wherever a chart is shown (the wizard's result, the project page, the
 * editor, Stitching mode): the mode (Colour / Symbols / Print), the layers shown and the zoom readout, the
 * toolbar's −, + and Fit wired to the viewer, and each view change published as `data-view` on the stage's
 * box ("scale offsetX offsetY", for browser tests and the benchmark to aim at stitches; an attribute, not
 * React state, so panning renders nothing) before it is passed on.
 */
export function ChartStage({
  className = 'space-y-3',
  viewerClassName,
  state,
  layerToggles,
  onViewChange,
  children,
  large,
  ref,
  ...viewerProps
}: ChartStageProps) {
  const viewer = useRef<ChartViewerHandle>(null);
  useImperativeHandle(ref, () => viewer.current!, []);
  const stage = useRef<HTMLDivElement>(null);
  const own = useChartStage();
  const { mode, setMode, layers, setLayers } = state ?? own;
  const [scale, setScale] = useState<number | undefined>();
  const toggles = layerToggles ?? hasMarks(viewerProps.chart.marks);

  return (
    <div className={className} ref={stage}>
      <ChartToolbar
        mode={mode}
        onMode={setMode}
        scale={scale}
        onZoomIn={() => viewer.current?.zoomIn()}
        onZoomOut={() => viewer.current?.zoomOut()}
        onFit={() => viewer.current?.fit()}
        large={large}
        layers={toggles ? layers : undefined}
        onLayers={toggles ? setLayers : undefined}
      />
      {children}
      <ChartViewer
        {...viewerProps}
        ref={viewer}
        mode={mode}
        layers={layers}
        className={viewerClassName}
        onViewChange={(view) => {
          setScale(view.scale); // the same scale while panning: no re-render
          stage.current?.setAttribute('data-view', `${view.scale} ${view.offsetX} ${view.offsetY}`);
          onViewChange?.(view);
        }}
      />
    </div>
  );
}
