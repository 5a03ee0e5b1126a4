export {
  activeThreads,
  ChartEditError,
  chartFromPattern,
  MAX_CHART_THREADS,
  patternFromChart,
  threadCounts,
  threadName,
  type ChartThread,
  type EditableChart,
} from './chart.js';
export { applyEdit, composeEdits, composeUndo, invertEdit, isEmptyEdit, type CellChange, type Edit, type EditResult, type ThreadChange } from './edit.js';
export { fill, stroke, type ChartPoint } from './draw.js';
export { clipRect, copyRect, fillRect, flipRect, paste, type ChartClipboard, type ChartRect } from './selection.js';
export { addThread, mergeThread, nearestThreadsToRgb, removeThread, replaceThread, setSymbol, type ThreadSuggestion } from './threads.js';
export { EditHistory, editBytes } from './history.js';
export { canonicalDocument, documentOfChart, replaceChart, sameChart } from './replace.js';
