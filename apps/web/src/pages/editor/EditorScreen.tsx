import {
  chartFromPattern,
  activeLegend,
  flipChart,
  markUse,
  PATTERN_LIMITS,
  patternFromChart,
  rotateChart,
  threadCounts,
  type ChartPoint,
  type ChartRect,
  type EditableChart,
  type EditResult,
  type Pattern,
} from '@stitchwise/core';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { ChartStage, useChartStage } from '../../components/chart/ChartStage';
import type { ChartGuide, ChartLayers, ChartOverlay } from '../../components/chart/types';
import { Downloads } from '../../components/Downloads';
import { BELOW_LG, useMediaQuery } from '../../lib/use-media-query';
import { EditorTools } from './EditorTools';
import { Palette } from './Palette';
import { CloseSheetButton, ThreadSheet } from './ThreadSheet';
import type { TextPreview } from './TextTool';
import { SelectionBar } from './SelectionBar';
import { ChartTurns, MirrorOptions, SelectionOptions } from './ToolOptions';
import { axesTool, chartTool, SELECTING_TOOLS, type SelectionMode, type ToolName } from './tools';
import { useAfterFrame } from './use-after-frame';
import { useChartEditor, type ChartEditor } from './use-chart-editor';
import { useEditorKeys } from './use-editor-keys';
import { useMirror } from './use-mirror';
import { useSelection } from './use-selection';

// The Text tool brings the alphabets with it: loaded when it is first chosen.
const TextTool = lazy(() => import('./TextTool'));

/** The layer each stitch tool draws on: choosing the tool shows it. */
const LAYER_OF_TOOL: Partial<Record<ToolName, keyof ChartLayers>> = {
  pencil: 'full',
  half: 'part',
  quarter: 'part',
  'three-quarter': 'part',
  backstitch: 'backstitch',
  knot: 'knots',
};

/** The tools that draw: with mirror drawing on, each draws its mirror images in the same step. */
const DRAWING_TOOLS: readonly ToolName[] = ['pencil', 'half', 'quarter', 'three-quarter', 'backstitch', 'knot', 'eraser', 'fill'];

export interface EditorScreenProps {
  name: string;
  pattern: Pattern;
  /** Where "Back" goes. */
  back: ReactNode;
  /** The save button and what it says: saving, or why it is not possible. */
  save: (editor: ChartEditor) => ReactNode;
  /** Stitches a side the chart may grow to (a visitor's chart downloads up to 100); the largest chart by default. */
  maxSide?: number;
}

/** The chart editor: tools, the chart, the palette, undo and redo, and downloads of the edited chart. */
export function EditorScreen({ name, pattern, back, save, maxSide = PATTERN_LIMITS.maxSide }: EditorScreenProps) {
  const initial = useMemo(() => chartFromPattern(pattern), [pattern]);
  const editor = useChartEditor(initial);
  const { chart } = editor;
  const [tool, setTool] = useState<ToolName>('pencil');
  const [thread, setThread] = useState<number | undefined>(chart.threads.length > 0 ? 0 : undefined);
  const [highlight, setHighlight] = useState<number | undefined>();
  const view = useChartStage();
  // The next segment of the backstitch being drawn; set from its first point on, so also "a line is going".
  const [guide, setGuide] = useState<ChartGuide | undefined>();
  const [selectionMode, setSelectionMode] = useState<SelectionMode>('replace');
  const [wandEverywhere, setWandEverywhere] = useState(false);
  // The lasso's path while it is drawn.
  const [lassoPath, setLassoPath] = useState<readonly ChartPoint[] | undefined>();
  // The Text tool's floating text: where its top-left stitch is (undefined: centred), and the chart with it in.
  const [textAt, setTextAt] = useState<ChartPoint | undefined>();
  const [textPreview, setTextPreview] = useState<TextPreview | undefined>();
  const textBox = useRef<ChartRect | undefined>(undefined);
  textBox.current = textPreview?.box;
  // Where the text was as a drag on the chart began: the drag reports how far it has gone from there.
  const textDragStart = useRef<ChartPoint | undefined>(undefined);
  // Beside the chart from Tailwind's lg up (and where media queries are unknown, as in a test's DOM); narrower,
  // the palette is a sheet opened from the current thread.
  const paletteBeside = !useMediaQuery(BELOW_LG);
  const [sheetWanted, setSheetWanted] = useState(false);
  const sheetOpen = sheetWanted && !paletteBeside;
  const closeSheet = useCallback(() => setSheetWanted(false), []);
  // Choosing a thread in the sheet is what it was opened for: it closes, showing the chart again.
  const chooseThread = useCallback((index: number) => {
    setThread(index);
    setSheetWanted(false);
  }, []);

  const refuse = (message: string) => toast.warn(message, { toastId: message });
  /** Makes an edit; false (and the user told why) when the chart cannot take it. */
  const edit = (operation: (chart: EditableChart) => EditResult): boolean => {
    const refusal = editor.apply(operation);
    if (refusal) refuse(refusal);
    return !refusal;
  };
  // The same function throughout, so the memoised palette is not drawn again for a new one.
  const editRef = useRef(edit);
  useLayoutEffect(() => {
    editRef.current = edit;
  });
  const stableEdit = useCallback((operation: (chart: EditableChart) => EditResult) => editRef.current(operation), []);
  const current = thread !== undefined && chart.threads[thread] && !chart.threads[thread].removed ? thread : undefined;
  const { read, apply, applyPart, endDrag, cancelDrag } = editor;
  const { selection, setSelection, current: currentSelection, clipboard, actions: selectionActions } = useSelection(read, edit, current);
  const mirror = useMirror(chart);
  const { axes, placing: placingAxes, place: placeAxes } = mirror;
  // The axes show while a drawing tool, which draws mirrored, is chosen (its Mirror choice beside the tools).
  const shownAxes = DRAWING_TOOLS.includes(tool) ? axes : undefined;
  const overlay = useMemo<ChartOverlay | undefined>(() => (shownAxes || lassoPath ? { axes: shownAxes, path: lassoPath } : undefined), [shownAxes, lassoPath]);
  const viewerTool = useMemo(() => {
    if (placingAxes) return axesTool(read, placeAxes);
    return chartTool(tool, {
      editor: { read, apply, applyPart, endDrag, cancelDrag },
      thread: current,
      // Mirror drawing: every drawing tool's step, each of a drag's too, drawn in its mirror images as well.
      mirror: axes,
      onThread: (picked) => {
        setThread(picked);
        setTool('pencil');
      },
      selection: currentSelection,
      onSelection: setSelection,
      selectionMode,
      wandTouching: !wandEverywhere,
      onPath: setLassoPath,
      onRefused: refuse,
      onGuide: setGuide,
      onMoveText: (dx, dy) => {
        if (dx === 0 && dy === 0) textDragStart.current = textBox.current;
        const start = textDragStart.current;
        if (start) setTextAt({ x: start.x + dx, y: start.y + dy });
      },
    });
  }, [tool, current, read, apply, applyPart, endDrag, cancelDrag, placingAxes, placeAxes, axes, selectionMode, wandEverywhere, currentSelection, setSelection]);
  // Another tool (or thread) ends the backstitch line the old one was drawing.
  useEffect(() => () => viewerTool?.end?.(), [viewerTool]);
  const endLine = guide ? () => viewerTool?.end?.() : undefined;
  /** Chooses a tool, showing the layer it draws on if it was hidden. */
  const chooseTool = (name: ToolName) => {
    setTool(name);
    mirror.stopPlacing();
    // The text's box takes the selection's place on the chart: a selection left behind would be erased unseen by Delete.
    if (name === 'text') setSelection(undefined);
    const layer = LAYER_OF_TOOL[name];
    if (layer) view.setLayers((shown) => (shown[layer] ? shown : { ...shown, [layer]: true }));
  };
  // Undo and redo leave the selection behind: after a flip or a turn is undone (or a chart turn, or a resize) it
  // would stand for other stitches than the ones it was made round, and the next action would act on those.
  const undo = () => {
    if (editor.canUndo) setSelection(undefined);
    editor.undo();
  };
  const redo = () => {
    if (editor.canRedo) setSelection(undefined);
    editor.redo();
  };
  useEditorKeys({ editor: { undo, redo }, onTool: chooseTool, selection: selection && selectionActions, onClearSelection: selectionActions.clear, endLine });

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!editor.unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [editor.unsaved]);

  // The palette and the materials line follow the chart once the frame showing an edit is out: a stroke or an
  // undo changes only the canvas at once, not the page's text (whose layout and paint would hold that frame
  // up). Stitches per thread are counted once per such chart.
  const settled = useAfterFrame(chart);
  const counts = useMemo(() => threadCounts(settled), [settled]);
  const uses = useMemo(() => markUse(settled.marks, settled.threads.length), [settled.marks, settled.threads.length]);
  // The materials' legend: each active thread's entry (a blend's names its two threads), without building the pattern.
  const legend = useMemo(() => activeLegend(settled, counts, uses), [settled, counts, uses]);
  const currentThread = current === undefined ? undefined : chart.threads[current];
  const palette = (action?: ReactNode) => (
    <Palette
      chart={settled}
      counts={counts}
      uses={uses}
      legend={legend}
      current={current}
      onCurrent={chooseThread}
      highlight={highlight}
      onHighlight={setHighlight}
      onEdit={stableEdit}
      action={action}
    />
  );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          {back}
          <h1 className="text-xl font-bold">Edit chart: {name}</h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className="btn-secondary"
            disabled={!editor.canUndo}
            title={editor.undoLabel ? `Undo ${editor.undoLabel} (Ctrl+Z)` : 'Undo (Ctrl+Z)'}
            onClick={undo}
          >
            Undo
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={!editor.canRedo}
            title={editor.redoLabel ? `Redo ${editor.redoLabel} (Shift+Ctrl+Z)` : 'Redo (Shift+Ctrl+Z)'}
            onClick={redo}
          >
            Redo
          </button>
          {save(editor)}
        </div>
      </div>

      <EditorTools
        tool={tool}
        onTool={chooseTool}
        lineGoing={!!guide}
        onEndLine={() => endLine?.()}
        thread={currentThread}
        onOpenPalette={paletteBeside ? undefined : () => setSheetWanted(true)}
        paletteOpen={sheetOpen}
      />

      {tool === 'text' && (
        <Suspense fallback={<p className="text-sm text-slate-600">Loading the alphabets…</p>}>
          <TextTool chart={chart} thread={current} at={textAt} onAt={setTextAt} onPreview={setTextPreview} onPlace={edit} maxSide={maxSide} />
        </Suspense>
      )}

      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        {DRAWING_TOOLS.includes(tool) && <MirrorOptions {...mirror.options} />}
        {SELECTING_TOOLS.includes(tool) && (
          <SelectionOptions
            mode={selectionMode}
            onMode={setSelectionMode}
            wand={tool === 'wand'}
            wandEverywhere={wandEverywhere}
            onWandEverywhere={setWandEverywhere}
          />
        )}
        <ChartTurns
          onRotate={(turns) => {
            // The selection and axes placed would stand for other stitches on the turned chart: the axes go back to its centre.
            if (!edit((chart) => rotateChart(chart, turns))) return;
            setSelection(undefined);
            mirror.recentre();
          }}
          onFlip={(direction) => {
            if (!edit((chart) => flipChart(chart, direction))) return;
            setSelection(undefined);
            mirror.recentre();
          }}
        />
      </div>

      {(selection || SELECTING_TOOLS.includes(tool)) && (
        <SelectionBar selection={selection} actions={selectionActions} clipboard={clipboard} hasThread={current !== undefined} />
      )}

      {/* At 1280 px the chart keeps over 60 % of the window beside a narrow palette; from 1536 px the palette is roomier. */}
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_12rem] 2xl:grid-cols-[minmax(0,1fr)_22rem]">
        <ChartStage
          className="space-y-2"
          chart={textPreview?.chart ?? chart}
          state={view}
          layerToggles
          guide={guide}
          overlay={overlay}
          highlight={highlight}
          tool={viewerTool}
          selection={textPreview?.box ?? selection}
          label={`Chart of ${name}, ${chart.width} × ${chart.height} stitches, for editing`}
          // On a laptop the whole chart stays on the first screen under the tool options; taller on a phone, where the chart is what the screen is for.
          viewerClassName="h-[calc(60vh-3rem)] min-h-80 max-lg:h-[70vh]"
        />
        {paletteBeside && palette()}
        {sheetOpen && <ThreadSheet onClose={closeSheet}>{palette(<CloseSheetButton onClose={closeSheet} />)}</ThreadSheet>}
      </div>

      <Downloads source={{ edited: () => patternFromChart(read()), name }} width={settled.width} height={settled.height} legend={legend} />
    </div>
  );
}
