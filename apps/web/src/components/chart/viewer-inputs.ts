import type { CellPoint, ChartDone, ChartGuide, ChartLayers, ChartMode, ChartOverlay, ChartSelection, ChartTool, InitialChartView, ViewerChart } from './types';

/** What the owner sets; any change redraws. */
export interface ViewerInputs {
  chart: ViewerChart;
  revision: number;
  mode: ChartMode;
  layers: ChartLayers;
  highlight: number | undefined;
  selection: ChartSelection | undefined;
  guide: ChartGuide | undefined;
  /** Mirror axes and a lasso path; a new object for every change. */
  overlay?: ChartOverlay | undefined;
  tool: ChartTool | undefined;
  initialView: InitialChartView | undefined;
  /** Stitches marked done (stitching). */
  done?: ChartDone | undefined;
  /** A stitch whose row and column are highlighted. */
  crosshair?: CellPoint | undefined;
}

/** Whether anything drawn differs between two sets of inputs (the chart and done stitches included). */
export function drawnInputsDiffer(before: ViewerInputs, inputs: ViewerInputs): boolean {
  return (
    before.chart !== inputs.chart ||
    before.revision !== inputs.revision ||
    before.mode !== inputs.mode ||
    !sameLayers(before.layers, inputs.layers) ||
    before.highlight !== inputs.highlight ||
    !sameSelection(before.selection, inputs.selection) ||
    before.crosshair?.x !== inputs.crosshair?.x ||
    before.crosshair?.y !== inputs.crosshair?.y ||
    !sameGuide(before.guide, inputs.guide) ||
    before.overlay !== inputs.overlay ||
    before.done?.style !== inputs.done?.style
  );
}

function sameLayers(a: ChartLayers, b: ChartLayers): boolean {
  return a.full === b.full && a.part === b.part && a.backstitch === b.backstitch && a.knots === b.knots;
}

function sameGuide(a: ChartGuide | undefined, b: ChartGuide | undefined): boolean {
  return a === b || (!!a && !!b && a.x1 === b.x1 && a.y1 === b.y1 && a.x2 === b.x2 && a.y2 === b.y2 && a.thread === b.thread);
}

function sameSelection(a: ChartSelection | undefined, b: ChartSelection | undefined): boolean {
  return a === b || (!!a && !!b && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height && a.mask === b.mask);
}
