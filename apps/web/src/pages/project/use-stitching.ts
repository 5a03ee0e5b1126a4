import { cellThreads, isDone, type Pattern } from '@stitchwise/core';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CellPoint, ChartViewState, DoneStyle } from '../../components/chart/types';
import { readStitchingMemory, rememberStitching } from './stitching-memory';
import { markTool, type MarkAction, type MarkContext } from './stitching-tool';
import { useChartProgress } from './use-chart-progress';

/** Mark actions that can be undone. */
const UNDO_LIMIT = 100;
/** How long the view must stay still before it is remembered. */
const REMEMBER_VIEW_MS = 400;

/**
 * Stitching mode's state for a project's chart: its progress (kept in sync with the server), Mark or Move,
 * the region option, the thread filter, how done stitches are shown, the undo stack, the counts per thread
 * and overall, the statistics, and the remembered view.
 */
export function useStitching(projectId: string, pattern: Pattern) {
  const { state, sync, query, chartVersion, ready, perThread, done, total, statistics } = useChartProgress(projectId, pattern);
  const [memory] = useState(() => readStitchingMemory(projectId));
  const cells = useMemo(() => cellThreads(pattern), [pattern]);
  const [filter, setFilter] = useState<number | undefined>();
  const [region, setRegion] = useState(false);
  const [marking, setMarking] = useState(memory.marking ?? true);
  const [doneStyle, setDoneStyle] = useState<DoneStyle>(memory.doneStyle ?? 'dimmed');
  // The undo stack lives outside React state, so two quick undos take two actions; its length is state, to render.
  const undoStack = useRef<MarkAction[]>([]);
  const [undoCount, setUndoCount] = useState(0);
  // Stitches marked done since the screen opened (less those undone or unmarked), for the session counter.
  const [sessionMarked, setSessionMarked] = useState(0);
  const countSession = useCallback((action: MarkAction) => setSessionMarked((count) => count + (action.done ? 1 : -1) * action.cells.length), []);
  // The stitch last tapped, on this chart: its row and column are highlighted (none once the chart is another).
  const [tapped, setTapped] = useState<{ cell: CellPoint; pattern: Pattern } | undefined>();
  const crosshair = tapped?.pattern === pattern ? tapped.cell : undefined;
  const showCrosshair = useCallback((cell: CellPoint) => setTapped({ cell, pattern }), [pattern]);
  // Moving about, a second tap on the lit stitch puts the highlight out (marking, a second tap unmarks instead).
  const toggleCrosshair = useCallback(
    (cell: CellPoint) => setTapped((last) => (last?.pattern === pattern && last.cell.x === cell.x && last.cell.y === cell.y ? undefined : { cell, pattern })),
    [pattern],
  );
  // Marks only on the chart version the engine is on (`ready`): after an edit elsewhere the new chart is read first, then its progress.
  // The engine checks the version again as it marks: an answer may have moved it on since this render.
  const markShown = useCallback((list: readonly number[], done: boolean) => (ready ? sync.mark(list, done, chartVersion) : []), [ready, sync, chartVersion]);

  const context = useRef<MarkContext | null>(null);
  useLayoutEffect(() => {
    context.current = {
      cells,
      filter,
      region,
      isDone: (cell) => isDone(sync.getState().bits, cell),
      mark: markShown,
      onAction: (action) => {
        undoStack.current = [...undoStack.current.slice(1 - UNDO_LIMIT), action];
        setUndoCount(undoStack.current.length);
        countSession(action);
      },
      onTap: showCrosshair,
    };
  });
  const tool = useMemo(() => markTool(() => context.current!), []);

  // Undo belongs to one chart version.
  useEffect(() => {
    undoStack.current = [];
    setUndoCount(0);
  }, [state.version]);

  const undo = useCallback(() => {
    const last = undoStack.current.pop();
    if (last) countSession({ cells: markShown(last.cells, !last.done), done: !last.done });
    setUndoCount(undoStack.current.length);
  }, [markShown, countSession]);

  const viewTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(viewTimer.current), []);
  const onViewChange = useCallback(
    (view: ChartViewState) => {
      clearTimeout(viewTimer.current);
      viewTimer.current = setTimeout(
        () => rememberStitching(projectId, { view: { centerX: view.centerX, centerY: view.centerY, scale: view.scale } }),
        REMEMBER_VIEW_MS,
      );
    },
    [projectId],
  );

  return {
    progress: state,
    query,
    ready,
    initialView: memory.view,
    onViewChange,
    tool: marking ? tool : undefined,
    marking,
    setMarking: (value: boolean) => {
      setMarking(value);
      rememberStitching(projectId, { marking: value });
    },
    region,
    setRegion,
    filter,
    setFilter,
    doneStyle,
    setDoneStyle: (value: DoneStyle) => {
      setDoneStyle(value);
      rememberStitching(projectId, { doneStyle: value });
    },
    canUndo: undoCount > 0,
    undo,
    // Unmarking stitches marked on another day does not make the session's count negative.
    sessionMarked: Math.max(0, sessionMarked),
    crosshair,
    toggleCrosshair,
    perThread,
    done,
    total,
    statistics,
  };
}

export type Stitching = ReturnType<typeof useStitching>;
