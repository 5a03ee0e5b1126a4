import { threadKey, threadLabel } from '@stitchwise/core';
import type { PreviewThread } from './protocol';

/** The preview's threads, most used first: a swatch and the code each (brand and name on hover). */
export function PreviewLegend({ threads }: { threads: PreviewThread[] }) {
  return (
    <ul aria-label="Threads in the preview" className="flex flex-wrap gap-1.5">
      {threads.map((thread) => (
        <li
          key={threadKey(thread)}
          title={`${threadLabel(thread)} ${thread.name}: ${thread.stitch_count.toLocaleString('en')} stitches`}
          className="flex items-center gap-1 rounded border border-slate-200 px-1.5 py-0.5 text-xs"
        >
          <span className="inline-block h-3 w-3 rounded-sm border border-slate-300" style={{ backgroundColor: thread.hex }} aria-hidden="true" />
          {thread.code}
        </li>
      ))}
    </ul>
  );
}
