import { blockArea, type ChartPageBlock, type Pattern } from '@stitchwise/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ChartStage, useChartStage } from '../../components/chart/ChartStage';
import type { ChartViewerHandle } from '../../components/chart/ChartViewer';
import { toViewerChart } from '../../components/chart/PatternChart';
import { Sheet } from '../../components/Sheet';
import { useWakeLock } from '../../lib/use-wake-lock';
import { PageJump } from './PageJump';
import { StitchingBar } from './StitchingBar';
import { StitchingOptions } from './StitchingOptions';
import { StitchingThreads } from './StitchingThreads';
import { useStitching } from './use-stitching';

type OpenSheet = 'threads' | 'pages' | 'options' | undefined;

/**
 * Stitching mode, the hoop-side screen of a project's chart: the chart fills the screen under one compact
 * bar (Mark/Move, Undo, the thread filter, the page jump, progress and this session's count; today's count,
 * the pace and the estimated finish are in the Threads sheet, with each thread's stitches left). Mark stitches
 * done with a tap or a drag (or a whole same-thread region); a tapped stitch's row and column are
 * highlighted; the screen is kept awake. Marks are saved to the server and kept on the device while
 * offline; the position and zoom are remembered for the next visit.
 */
export function StitchingView({ projectId, name, pattern, backTo }: { projectId: string; name: string; pattern: Pattern; backTo: string }) {
  const stitching = useStitching(projectId, pattern);
  const { progress, ready, undo } = stitching;
  const chart = useMemo(() => toViewerChart(pattern), [pattern]);
  // Held here, so the mode outlasts the chart's reload after an edit elsewhere.
  const view = useChartStage();
  const viewer = useRef<ChartViewerHandle>(null);
  const done = useMemo(() => ({ bits: progress.bits, style: stitching.doneStyle }), [progress.bits, stitching.doneStyle]);
  const [sheet, setSheet] = useState<OpenSheet>();
  // The page block shown, for this chart (another chart, or other print choices, number their pages anew).
  const [shownPage, setShownPage] = useState<{ block: ChartPageBlock; pattern: Pattern } | undefined>();
  const page = shownPage?.pattern === pattern ? shownPage.block : undefined;
  const wake = useWakeLock();

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

  const showPage = (block: ChartPageBlock) => {
    setShownPage({ block, pattern });
    setSheet(undefined);
    viewer.current?.showBlock(blockArea(block));
  };

  const filterEntry = stitching.filter === undefined ? undefined : pattern.legend[stitching.filter];
  return (
    <div className="fixed inset-0 flex flex-col bg-slate-50 short:flex-row" data-testid="stitching-screen">
      <StitchingBar
        backTo={backTo}
        stitching={stitching}
        filterEntry={filterEntry}
        page={page?.page}
        onThreads={() => setSheet('threads')}
        onPages={() => setSheet('pages')}
        onOptions={() => setSheet('options')}
      />
      <main className="flex min-h-0 min-w-0 flex-1 flex-col p-1.5 sm:p-2">
        {/* Named for screen readers; on screen the chart has the room (the tab title names it too). */}
        <h1 className="sr-only">Stitching {name}</h1>
        {stitching.query.isError ? (
          <div className="m-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p>Your progress could not be loaded.</p>
            <button type="button" className="btn-secondary mt-2 min-h-11" onClick={() => void stitching.query.refetch()}>
              Try Again
            </button>
          </div>
        ) : !ready ? (
          <p className="m-2 text-sm text-slate-600">
            {progress.version === undefined ? 'Loading your progress…' : 'The chart was changed; loading the new version…'}
          </p>
        ) : (
          <ChartStage
            ref={viewer}
            className="flex min-h-0 flex-1 flex-col gap-1.5"
            large
            chart={chart}
            state={view}
            layerToggles={false}
            highlight={stitching.filter}
            tool={stitching.tool}
            done={done}
            crosshair={stitching.crosshair}
            onTap={stitching.toggleCrosshair}
            selection={page && blockArea(page)}
            initialView={stitching.initialView}
            onViewChange={stitching.onViewChange}
            label={`Chart of ${name} for stitching, ${chart.width} × ${chart.height} stitches. ${stitching.marking ? 'Tap a stitch to mark it done; drag to mark a line; two fingers move and zoom.' : 'Drag to move; switch to Mark to mark stitches.'}`}
            viewerClassName="min-h-0 flex-1"
          />
        )}
      </main>
      {sheet === 'threads' && (
        <Sheet title="Threads" onClose={() => setSheet(undefined)}>
          <StitchingThreads
            legend={pattern.legend}
            perThread={stitching.perThread}
            statistics={stitching.statistics}
            filter={stitching.filter}
            onFilter={(thread) => {
              stitching.setFilter(thread);
              setSheet(undefined);
            }}
          />
        </Sheet>
      )}
      {sheet === 'pages' && (
        <Sheet title="Go to a page" onClose={() => setSheet(undefined)}>
          <PageJump width={pattern.width} height={pattern.height} current={page?.page} onPage={showPage} onLayoutChange={() => setShownPage(undefined)} />
        </Sheet>
      )}
      {sheet === 'options' && (
        <Sheet title="Stitching options" onClose={() => setSheet(undefined)}>
          <StitchingOptions stitching={stitching} wake={wake} />
        </Sheet>
      )}
    </div>
  );
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}
