import type { Pattern } from '@stitchwise/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ChartToolbar } from '../../components/chart/ChartToolbar';
import { ChartViewer, type ChartViewerHandle } from '../../components/chart/ChartViewer';
import { toViewerChart } from '../../components/chart/PatternChart';
import type { ChartMode } from '../../components/chart/types';
import { StitchingControls } from './StitchingControls';
import { StitchingSummary } from './StitchingSummary';
import { StitchingThreads } from './StitchingThreads';
import { useStitching } from './use-stitching';

/**
 * Stitching mode of a project's chart, for a tablet or phone beside the hoop: mark stitches done with a tap
 * or a drag (or a whole same-thread region), undo, see done stitches dimmed or filled, filter to one thread,
 * and follow progress per thread and overall. Marks are saved to the server and kept on the device while
 * offline; the position and zoom are remembered for the next visit.
 */
export function StitchingView({ projectId, name, pattern, onClose }: { projectId: string; name: string; pattern: Pattern; onClose: () => void }) {
  const stitching = useStitching(projectId, pattern);
  const { progress, ready, undo } = stitching;
  const viewer = useRef<ChartViewerHandle>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<ChartMode>('symbols');
  const [scale, setScale] = useState<number | undefined>();
  const chart = useMemo(() => toViewerChart(pattern), [pattern]);
  const done = useMemo(() => ({ bits: progress.bits, style: stitching.doneStyle }), [progress.bits, stitching.doneStyle]);

  // Ctrl+Z (⌘Z) undoes the last mark, as in the editor.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'z' && !isTyping(event.target)) {
        event.preventDefault();
        undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo]);

  const filterEntry = stitching.filter === undefined ? undefined : pattern.legend[stitching.filter];
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section className="card space-y-3" aria-label="Stitching" ref={stage}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-lg font-semibold">Stitching</h2>
          <button type="button" className="btn-secondary min-h-11" onClick={onClose}>
            Done stitching
          </button>
        </div>
        {stitching.query.isError ? (
          <div className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p>Your progress could not be loaded.</p>
            <button type="button" className="btn-secondary mt-2" onClick={() => void stitching.query.refetch()}>
              Try Again
            </button>
          </div>
        ) : !ready ? (
          <p className="text-sm text-slate-600">
            {progress.version === undefined ? 'Loading your progress…' : 'The chart was changed; loading the new version…'}
          </p>
        ) : (
          <>
            <StitchingSummary done={stitching.done} total={stitching.total} state={progress} />
            <StitchingControls
              marking={stitching.marking}
              onMarking={stitching.setMarking}
              region={stitching.region}
              onRegion={stitching.setRegion}
              canUndo={stitching.canUndo}
              onUndo={undo}
              doneStyle={stitching.doneStyle}
              onDoneStyle={stitching.setDoneStyle}
            />
            <ChartToolbar
              mode={mode}
              onMode={setMode}
              scale={scale}
              onZoomIn={() => viewer.current?.zoomIn()}
              onZoomOut={() => viewer.current?.zoomOut()}
              onFit={() => viewer.current?.fit()}
            />
            {filterEntry && (
              <p className="text-sm text-slate-700" data-testid="thread-filter">
                Only DMC {filterEntry.dmc_code} {filterEntry.dmc_name}: its stitches are shown and marked.{' '}
                <button type="button" className="font-medium text-violet-700 underline" onClick={() => stitching.setFilter(undefined)}>
                  Show all
                </button>
              </p>
            )}
            <ChartViewer
              ref={viewer}
              chart={chart}
              mode={mode}
              highlight={stitching.filter}
              tool={stitching.tool}
              done={done}
              initialView={stitching.initialView}
              onViewChange={(view) => {
                setScale(view.scale);
                stitching.onViewChange(view);
                // Where the chart sits on the canvas, for browser tests to aim at stitches (not state: panning renders nothing).
                stage.current?.setAttribute('data-view', `${view.scale} ${view.offsetX} ${view.offsetY}`);
              }}
              label={`Chart of ${name} for stitching, ${chart.width} × ${chart.height} stitches. ${stitching.marking ? 'Tap a stitch to mark it done; drag to mark a line; two fingers move and zoom.' : 'Drag to move; switch to Mark to mark stitches.'}`}
              className="h-[65vh] min-h-80"
            />
          </>
        )}
      </section>
      {ready && <StitchingThreads legend={pattern.legend} perThread={stitching.perThread} filter={stitching.filter} onFilter={stitching.setFilter} />}
    </div>
  );
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}
