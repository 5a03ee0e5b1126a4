import type { ChartThread } from '@stitchwise/core';
import { Swatch } from './Palette';
import { TOOLS, type ToolName } from './tools';

/**
 * The Tools toolbar: a button per tool (the chosen one pressed; all wrap onto more rows on a narrow screen,
 * so the chosen one is always in sight), "End line" while a backstitch is being drawn, and the current thread.
 */
export function EditorTools({
  tool,
  onTool,
  lineGoing,
  onEndLine,
  thread,
}: {
  tool: ToolName;
  onTool: (tool: ToolName) => void;
  lineGoing: boolean;
  onEndLine: () => void;
  thread: ChartThread | undefined;
}) {
  // Finger-sized (44 px) on touch screens, where a toolbar button is tapped.
  const size = 'rounded-lg border px-3 py-1.5 text-sm font-medium pointer-coarse:min-h-11';
  return (
    <div role="toolbar" aria-label="Tools" className="flex flex-wrap items-center gap-2">
      {TOOLS.map((option) => (
        <button
          key={option.name}
          type="button"
          aria-pressed={tool === option.name}
          title={`${option.hint} (${option.key.toUpperCase()})`}
          className={`${size} ${tool === option.name ? 'border-violet-600 bg-violet-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
          onClick={() => onTool(option.name)}
        >
          {option.label}
        </button>
      ))}
      {lineGoing && (
        <button type="button" className={`${size} border-violet-300 bg-violet-50 text-violet-800`} title="End the backstitch line (Escape)" onClick={onEndLine}>
          End line
        </button>
      )}
      <span className="ml-2 flex items-center gap-2 text-sm" data-testid="current-thread">
        {thread ? (
          <>
            <Swatch hex={thread.hex} symbol={thread.symbol} /> DMC {thread.dmc_code} {thread.dmc_name}
          </>
        ) : (
          'No thread chosen'
        )}
      </span>
    </div>
  );
}
