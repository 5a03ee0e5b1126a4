import {
  chartFromPattern,
  activeLegend,
  markUse,
  PATTERN_LIMITS,
  patternFromChart,
  threadCounts,
  type ChartClipboard,
  type ChartPoint,
  type ChartRect,
  type EditableChart,
  type EditResult,
  type Pattern,
} from '@stitchwise/core';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { ChartStage, useChartStage } from '../../components/chart/ChartStage';
import type { ChartGuide, ChartLayers } from '../../components/chart/types';
import { Downloads } from '../../components/Downloads';
import { BELOW_LG, useMediaQuery } from '../../lib/use-media-query';
import { EditorTools } from './EditorTools';
import { Palette } from './Palette';
import { CloseSheetButton, ThreadSheet } from './ThreadSheet';
import type { TextPreview } from './TextTool';
import { chartTool, selectionEdits, type ToolName } from './tools';
import { useAfterFrame } from './use-after-frame';
import { useChartEditor, type ChartEditor } from './use-chart-editor';
import { useEditorKeys } from './use-editor-keys';

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
  const [selection, setSelection] = useState<ChartRect | undefined>();
  const [clipboard, setClipboard] = useState<ChartClipboard | undefined>();
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
  const viewerTool = useMemo(
    () =>
      chartTool(tool, {
        editor: { read, apply, applyPart, endDrag, cancelDrag },
        thread: current,
        onThread: (picked) => {
          setThread(picked);
          setTool('pencil');
        },
        onSelection: setSelection,
        onRefused: refuse,
        onGuide: setGuide,
        onMoveText: (dx, dy) => {
          if (dx === 0 && dy === 0) textDragStart.current = textBox.current;
          const start = textDragStart.current;
          if (start) setTextAt({ x: start.x + dx, y: start.y + dy });
        },
      }),
    [tool, current, read, apply, applyPart, endDrag, cancelDrag],
  );
  // Another tool (or thread) ends the backstitch line the old one was drawing.
  useEffect(() => () => viewerTool?.end?.(), [viewerTool]);
  const endLine = guide ? () => viewerTool?.end?.() : undefined;
  /** Chooses a tool, showing the layer it draws on if it was hidden. */
  const chooseTool = (name: ToolName) => {
    setTool(name);
    // The text's box takes the selection's place on the chart: a selection left behind would be erased unseen by Delete.
    if (name === 'text') setSelection(undefined);
    const layer = LAYER_OF_TOOL[name];
    if (layer) view.setLayers((shown) => (shown[layer] ? shown : { ...shown, [layer]: true }));
  };
  const selectionActions = {
    fill: () => selection && current !== undefined && edit(selectionEdits.fill(selection, current)),
    erase: () => selection && edit(selectionEdits.erase(selection)),
    copy: () => selection && setClipboard(selectionEdits.copy(chart, selection)),
    paste: () => selection && clipboard && edit(selectionEdits.paste(clipboard, selection)),
    flip: (direction: 'horizontal' | 'vertical') => selection && edit(selectionEdits.flip(selection, direction)),
  };
  useEditorKeys({ editor, onTool: chooseTool, selection: selection && selectionActions, onClearSelection: () => setSelection(undefined), endLine });

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
            onClick={editor.undo}
          >
            Undo
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={!editor.canRedo}
            title={editor.redoLabel ? `Redo ${editor.redoLabel} (Shift+Ctrl+Z)` : 'Redo (Shift+Ctrl+Z)'}
            onClick={editor.redo}
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

      {selection && (
        <div role="group" aria-label="Selection" className="flex flex-wrap items-center gap-2 rounded-lg bg-violet-50 p-2 text-sm">
          <span>
            Selection {selection.width} × {selection.height}
          </span>
          <button type="button" className="btn-ghost" disabled={current === undefined} onClick={selectionActions.fill}>
            Fill
          </button>
          <button type="button" className="btn-ghost" onClick={selectionActions.erase}>
            Erase
          </button>
          <button type="button" className="btn-ghost" onClick={selectionActions.copy}>
            Copy
          </button>
          <button
            type="button"
            className="btn-ghost"
            disabled={!clipboard}
            title="Pastes with its top-left corner at the selection's"
            onClick={selectionActions.paste}
          >
            Paste
          </button>
          <button type="button" className="btn-ghost" onClick={() => selectionActions.flip('horizontal')}>
            Flip ↔
          </button>
          <button type="button" className="btn-ghost" onClick={() => selectionActions.flip('vertical')}>
            Flip ↕
          </button>
          <button type="button" className="btn-ghost" onClick={() => setSelection(undefined)}>
            Clear
          </button>
        </div>
      )}

      {/* At 1280 px the chart keeps over 60 % of the window beside a narrow palette; from 1536 px the palette is roomier. */}
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_12rem] 2xl:grid-cols-[minmax(0,1fr)_22rem]">
        <ChartStage
          className="space-y-2"
          chart={textPreview?.chart ?? chart}
          state={view}
          layerToggles
          guide={guide}
          highlight={highlight}
          tool={viewerTool}
          selection={textPreview?.box ?? selection}
          label={`Chart of ${name}, ${chart.width} × ${chart.height} stitches, for editing`}
          // Taller on a phone, where the chart is what the screen is for.
          viewerClassName="h-[60vh] min-h-80 max-lg:h-[70vh]"
        />
        {paletteBeside && palette()}
        {sheetOpen && <ThreadSheet onClose={closeSheet}>{palette(<CloseSheetButton onClose={closeSheet} />)}</ThreadSheet>}
      </div>

      <Downloads source={{ edited: () => patternFromChart(read()), name }} width={settled.width} height={settled.height} legend={legend} />
    </div>
  );
}
