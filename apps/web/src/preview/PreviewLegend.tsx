import { codeLabel, threadKey, threadLabel } from '@stitchwise/core';
import { ThreadSwatch } from '../components/ThreadSwatch';
import { blendColours, blendStrandsText } from '../components/swatch';
import type { PreviewThread } from './protocol';

/** The preview's threads and blends, most used first: a swatch and the code each (brand, name and strands on hover). */
export function PreviewLegend({ threads }: { threads: PreviewThread[] }) {
  return (
    <ul aria-label="Threads in the preview" className="flex flex-wrap gap-1.5">
      {threads.map((thread) => {
        const strands = blendStrandsText(thread);
        return (
          <li
            key={threadKey(thread)}
            title={`${threadLabel(thread)} ${thread.name}${strands ? ` (${strands})` : ''}: ${thread.stitch_count.toLocaleString('en')} stitches`}
            className="flex items-center gap-1 rounded border border-slate-200 px-1.5 py-0.5 text-xs"
          >
            <ThreadSwatch hex={thread.hex} blend={blendColours(thread)} size="h-3 w-3 rounded-sm" />
            {codeLabel(thread.code)}
          </li>
        );
      })}
    </ul>
  );
}

/** "12 threads", or with blends "10 threads + 4 blends": the threads to buy, and the blends made of them. */
export function previewThreadsText(legend: readonly PreviewThread[]): string {
  const blends = legend.filter((thread) => thread.threads.length === 2).length;
  const threads = new Set(legend.flatMap((thread) => thread.threads.map((part) => part.code))).size;
  const text = `${threads} ${threads === 1 ? 'thread' : 'threads'}`;
  return blends > 0 ? `${text} + ${blends} ${blends === 1 ? 'blend' : 'blends'}` : text;
}
