import { BRANDS, codeLabel, threadLabel } from '@stitchwise/core';
import type { ChartThread } from '@stitchwise/core';
import { useEffect, useRef } from 'react';
import { Icon, type IconName } from '../../components/Icon';
import { SymbolSwatch } from '../../components/chart/SymbolSwatch';
import { blendColours } from '../../components/swatch';
import { TOOLS, type ToolName } from './tools';

const TOOL_ICONS: Record<ToolName, IconName> = {
  pencil: 'pencil',
  half: 'halfStitch',
  quarter: 'quarterStitch',
  'three-quarter': 'threeQuarterStitch',
  backstitch: 'backstitch',
  knot: 'frenchKnot',
  eraser: 'eraser',
  fill: 'fill',
  eyedropper: 'eyedropper',
  select: 'select',
  wand: 'wand',
  lasso: 'lasso',
  text: 'text',
  pan: 'move',
};

// 40 px under a mouse; 56 CSS px on touch screens, which on a phone (pages at 75 %) is a 42 px fingertip.
const SQUARE = 'inline-flex size-10 shrink-0 items-center justify-center rounded-lg border pointer-coarse:size-14';

/**
 * The Tools toolbar, one row: an icon button per tool (named by its label, its hint in the tooltip, the
 * chosen one pressed; on a narrow screen the row scrolls sideways and keeps the chosen one in sight), "End
 * line" while a backstitch is being drawn, and the current thread. Where the palette is not beside the chart
 * (`onOpenPalette`), the current thread is the button that opens it.
 */
export function EditorTools({
  tool,
  onTool,
  lineGoing,
  onEndLine,
  thread,
  onOpenPalette,
  paletteOpen = false,
}: {
  tool: ToolName;
  onTool: (tool: ToolName) => void;
  lineGoing: boolean;
  onEndLine: () => void;
  thread: ChartThread | undefined;
  onOpenPalette?: () => void;
  paletteOpen?: boolean;
}) {
  const row = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const chosen = row.current?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (row.current && chosen) keepInSight(row.current, chosen);
  }, [tool]);

  return (
    <div role="toolbar" aria-label="Tools" className="flex items-center gap-2">
      {/* Padded so the focus ring of a button at the edge is not cut off by the scrolling. */}
      <div ref={row} className="relative -m-1 flex min-w-0 flex-1 gap-1 overflow-x-auto p-1">
        {TOOLS.map((option) => (
          <button
            key={option.name}
            type="button"
            aria-label={option.label}
            aria-pressed={tool === option.name}
            title={`${option.label} (${option.key.toUpperCase()})\n${option.hint}`}
            className={`${SQUARE} ${tool === option.name ? 'border-violet-600 bg-violet-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
            onClick={() => onTool(option.name)}
          >
            <Icon name={TOOL_ICONS[option.name]} className="size-6" />
          </button>
        ))}
      </div>
      {lineGoing && (
        <button
          type="button"
          className="shrink-0 rounded-lg border border-violet-300 bg-violet-50 px-3 py-1.5 text-sm font-medium text-violet-800 pointer-coarse:min-h-14"
          title="End the backstitch line (Escape)"
          onClick={onEndLine}
        >
          End line
        </button>
      )}
      {onOpenPalette ? (
        <button
          type="button"
          className="flex shrink-0 items-center gap-2 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 pointer-coarse:min-h-14"
          aria-haspopup="dialog"
          aria-expanded={paletteOpen}
          title="Threads"
          data-testid="current-thread"
          onClick={onOpenPalette}
        >
          {/* Its name is what it shows, said in full: "Threads, current: DMC 310 Black". */}
          {thread ? (
            <>
              <SymbolSwatch hex={thread.hex} blend={blendColours(thread)} symbol={thread.symbol} />
              <span>
                <span className="sr-only">Threads, current: {BRANDS[thread.brand].name}</span> {codeLabel(thread.code)}{' '}
                <span className="sr-only">{thread.name}</span>
              </span>
            </>
          ) : (
            <span>
              <span className="sr-only">Threads, current:</span> No thread chosen
            </span>
          )}
          <Icon name="chevronUp" className="size-4 text-slate-500" />
        </button>
      ) : (
        <span className="flex shrink-0 items-center gap-2 text-sm" data-testid="current-thread">
          {thread ? (
            <>
              <SymbolSwatch hex={thread.hex} blend={blendColours(thread)} symbol={thread.symbol} /> {threadLabel(thread)} {thread.name}
            </>
          ) : (
            'No thread chosen'
          )}
        </span>
      )}
    </div>
  );
}

/** Scrolls the row sideways, and only sideways, to show the chosen button whole. */
function keepInSight(row: HTMLElement, button: HTMLElement): void {
  const start = button.offsetLeft; // from the row's own start: the row is the button's offset parent
  const end = start + button.offsetWidth;
  if (start < row.scrollLeft) row.scrollLeft = start;
  else if (end > row.scrollLeft + row.clientWidth) row.scrollLeft = end - row.clientWidth;
}
