import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { describeStitch } from './describe-stitch';
import {
  ALL_LAYERS,
  type CellPoint,
  type ChartDone,
  type ChartGuide,
  type ChartLayers,
  type ChartMode,
  type ChartOverlay,
  type ChartSelection,
  type ChartTool,
  type ChartViewState,
  type InitialChartView,
  type ViewerChart,
} from './types';
import { ViewerController } from './viewer-controller';

/** What a toolbar (or the editor) can ask of the viewer. */
export interface ChartViewerHandle {
  zoomIn(): void;
  zoomOut(): void;
  /** The whole chart. */
  fit(): void;
  /** CSS px per stitch, around the middle of the view. */
  zoomTo(scale: number): void;
  /** Shows a block of stitches as large as the viewer allows. */
  showBlock(block: ChartSelection): void;
  view(): ChartViewState | undefined;
}

export interface ChartViewerProps {
  chart: ViewerChart;
  /** Bump to redraw after the chart's cells changed in place (a new chart object redraws anyway). */
  revision?: number;
  mode: ChartMode;
  /** The kinds of stitches shown (default: all). */
  layers?: ChartLayers;
  /** The editor's backstitch in progress, drawn as a dashed line. */
  guide?: ChartGuide;
  /** Mirror axes and a lasso path, drawn over the stitches. */
  overlay?: ChartOverlay;
  /** A thread index: that thread at full strength, the rest dimmed. */
  highlight?: number;
  /** While set, a primary-button or one-finger drag goes to the tool; panning is then space+drag, middle drag or two fingers. */
  tool?: ChartTool;
  /** Drawn dashed around its outline. */
  selection?: ChartSelection;
  /** Stitches marked done while stitching, drawn dimmed or filled; a new `bits` array is drawn at once. */
  done?: ChartDone;
  /** A stitch whose row and column are highlighted across the chart. */
  crosshair?: CellPoint;
  /** A tap or click on a stitch that did not move the chart, while no tool is set. */
  onTap?: (cell: CellPoint) => void;
  /** Classes of the viewer's box, which sets its size (default: up to 70 % of the window's height). */
  className?: string;
  /** Called at most once per frame after the view moved or zoomed. */
  onViewChange?: (view: ChartViewState) => void;
  /** Where to start (e.g. the last position and zoom); the whole chart when unset. */
  initialView?: InitialChartView;
  /** The viewer's accessible name. */
  label?: string;
  ref?: Ref<ChartViewerHandle>;
}

/**
 * A stitch chart on a canvas: colour blocks, symbols on colour, or symbols as printed; rulers with
 * row and column numbers and centre marks; zoom from the whole chart to 64 px per stitch around the
 * pointer (wheel, pinch, + − 0 keys) and panning by dragging or with the arrow keys. Hovering or
 * tapping a stitch names it in the line below.
 */
export function ChartViewer({
  chart,
  revision = 0,
  mode,
  layers = ALL_LAYERS,
  guide,
  overlay,
  highlight,
  tool,
  selection,
  done,
  crosshair,
  onTap,
  className,
  onViewChange,
  initialView,
  label,
  ref,
}: ChartViewerProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const controllerRef = useRef<ViewerController | null>(null);
  const [pointed, setPointed] = useState<CellPoint | undefined>();
  const [failed, setFailed] = useState(false);
  const inputs = { chart, revision, mode, layers, highlight, selection, guide, overlay, tool, initialView, done, crosshair };
  const inputsRef = useRef(inputs);
  const onViewChangeRef = useRef(onViewChange);
  const onTapRef = useRef(onTap);

  useLayoutEffect(() => {
    inputsRef.current = inputs;
    onViewChangeRef.current = onViewChange;
    onTapRef.current = onTap;
    controllerRef.current?.update(inputs);
  });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let controller: ViewerController;
    try {
      controller = new ViewerController(canvas, inputsRef.current, {
        onViewChange: (view) => onViewChangeRef.current?.(view),
        onPoint: setPointed,
        onTap: (cell) => onTapRef.current?.(cell),
      });
    } catch {
      setFailed(true);
      return;
    }
    controllerRef.current = controller;
    const detach = controller.attach();
    const measure = () => controller.measure();
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(canvas);
    // Also catches browser zoom and a move to a screen of another pixel density.
    const resized = () => {
      measure();
      controller.invalidate();
    };
    window.addEventListener('resize', resized);
    return () => {
      detach();
      observer?.disconnect();
      window.removeEventListener('resize', resized);
      controller.destroy();
      controllerRef.current = null;
    };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      zoomIn: () => controllerRef.current?.zoomIn(),
      zoomOut: () => controllerRef.current?.zoomOut(),
      fit: () => controllerRef.current?.fit(),
      zoomTo: (scale) => controllerRef.current?.zoomTo(scale),
      showBlock: (block) => controllerRef.current?.showBlock(block),
      view: () => controllerRef.current?.viewState(),
    }),
    [],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    if (controllerRef.current?.keyDown(event.key, { ctrl: event.ctrlKey || event.metaKey, alt: event.altKey })) event.preventDefault();
  };
  const onKeyUp = (event: KeyboardEvent) => controllerRef.current?.keyUp(event.key);

  return (
    // A column, so a viewer box sized `flex-1` fills a screen that gives the stage the rest of its height (Stitching mode).
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        className={`relative touch-none overflow-hidden rounded-lg border border-slate-200 bg-slate-100 select-none focus-visible:outline-violet-500 ${className ?? 'h-[min(70vh,44rem)] min-h-72'}`}
        tabIndex={0}
        role="application"
        aria-roledescription="chart viewer"
        aria-label={
          label ??
          `Stitch chart, ${chart.width} by ${chart.height} stitches. Drag to move, wheel or + and − to zoom, 0 for the whole chart, arrow keys to move.`
        }
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
        onBlur={() => controllerRef.current?.releaseSpace()}
      >
        <canvas ref={canvasRef} className="block h-full w-full touch-none" data-testid="chart-canvas" />
        {failed && <p className="absolute inset-0 grid place-items-center p-4 text-sm text-slate-600">This browser cannot draw the chart.</p>}
      </div>
      <p role="status" className="mt-1 min-h-5 truncate text-sm text-slate-600" data-testid="chart-info">
        {describeStitch(chart, pointed)}
      </p>
    </div>
  );
}
