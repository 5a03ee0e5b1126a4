export {
  activeLegend,
  activeThreads,
  ChartEditError,
  OffChartError,
  chartFromPattern,
  MAX_CHART_THREADS,
  patternFromChart,
  threadCounts,
  threadsInUse,
  threadName,
  type ChartThread,
  type EditableChart,
} from './chart.js';
export {
  applyEdit,
  composeEdits,
  composeUndo,
  diffMarks,
  invertEdit,
  isEmptyEdit,
  type CellChange,
  type ChartResize,
  type ChartSize,
  type Edit,
  type EditResult,
  type MarksChange,
  type ThreadChange,
} from './edit.js';
export { fill, stroke, type ChartPoint } from './draw.js';
export { growChart } from './grow.js';
export {
  clipRect,
  copyRect,
  fillRect,
  flipRect,
  paste,
  recolourSelection,
  rotateSelection,
  type ChartClipboard,
  type ChartRect,
  type ChartSelection,
  type SelectionEditResult,
} from './selection.js';
export { combineSelections, isSelected, selectedCellCount } from './region.js';
export { lassoSelection, selectionOutline, wandSelection, type OutlineSegment } from './select-tools.js';
export { flipChart, rotateChart } from './chart-turn.js';
export { AS_DRAWN, centredAxes, drawMirrored, mirrorImages, type MirrorAxes, type MirrorImage } from './mirror.js';
export { addBlend, addThread, hasColour, mergeThread, nearestThreadsToRgb, removeThread, replaceThread, setSymbol, type ThreadSuggestion } from './threads.js';
export { EditHistory, editBytes } from './history.js';
export { letteringClipboard, placeLettering } from './lettering.js';
export { canonicalDocument, documentOfChart, replaceChart, sameChart } from './replace.js';
export {
  addBackstitch,
  backstitchNear,
  erasePartsAt,
  nearestLatticePoint,
  partAt,
  placeKnot,
  placePart,
  removeBackstitch,
  removeKnot,
  removePart,
  type LatticePoint,
} from './marks.js';
