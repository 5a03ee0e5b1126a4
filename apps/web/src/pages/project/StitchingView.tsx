import type { Pattern } from '@stitchwise/core';
import { useEffect, useMemo } from 'react';
import { ChartStage, useChartStage } from '../../components/chart/ChartStage';
import { toViewerChart } from '../../components/chart/PatternChart';
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
  const chart = useMemo(() => toViewerChart(pattern), [pattern]);
  // Held here, so the mode outlasts the chart's reload after an edit elsewhere.
  const view = useChartStage();
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
      <section className="card space-y-3" aria-label="Stitching">
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
            <ChartStage
              chart={chart}
              state={view}
              layerToggles={false}
              highlight={stitching.filter}
              tool={stitching.tool}
              done={done}
              initialView={stitching.initialView}
              onViewChange={stitching.onViewChange}
              label={`Chart of ${name} for stitching, ${chart.width} × ${chart.height} stitches. ${stitching.marking ? 'Tap a stitch to mark it done; drag to mark a line; two fingers move and zoom.' : 'Drag to move; switch to Mark to mark stitches.'}`}
              viewerClassName="h-[65vh] min-h-80"
            >
              {filterEntry && (
                <p className="text-sm text-slate-700" data-testid="thread-filter">
                  Only DMC {filterEntry.dmc_code} {filterEntry.dmc_name}: its stitches are shown and marked.{' '}
                  <button type="button" className="font-medium text-violet-700 underline" onClick={() => stitching.setFilter(undefined)}>
                    Show all
                  </button>
                </p>
              )}
            </ChartStage>
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
