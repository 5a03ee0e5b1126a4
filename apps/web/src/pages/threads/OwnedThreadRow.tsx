import { findBrandThread, threadLabel } from '@stitchwise/core';
import { useEffect, useState } from 'react';
import { ThreadSwatch } from '../../components/ThreadSwatch';
import { MAX_SKEINS, skeinsFrom, type StashThread } from '../../lib/thread-lists';

const stepButton = 'btn-ghost h-10 w-10 shrink-0 px-0 text-lg';

/**
 * One owned thread: its colour, brand and code ('Anchor 403'), name, its skeins (typed, or one more or fewer with large buttons
 * for a finger), and a button to remove it. A count being typed is kept only once it is a whole number 0–999.
 */
export function OwnedThreadRow({
  thread,
  onSkeins,
  onRemove,
}: {
  thread: StashThread;
  onSkeins: (skeins: number, typing: boolean) => void;
  onRemove: () => void;
}) {
  const { skeins } = thread;
  const label = threadLabel(thread);
  const catalogue = findBrandThread(thread.brand, thread.code);
  const [text, setText] = useState(String(skeins));
  useEffect(() => setText(String(skeins)), [skeins]);
  const valid = skeinsFrom(text) !== undefined;

  return (
    <li className="flex items-center gap-2 py-1.5" data-testid="owned-thread">
      <ThreadSwatch hex={catalogue?.hex ?? '#ffffff'} />
      <span className="w-28 shrink-0 font-mono text-sm">{label}</span>
      <span className="min-w-0 flex-1 truncate text-sm">{catalogue?.name}</span>
      <button
        type="button"
        className={stepButton}
        aria-label={`One skein fewer of ${label}`}
        disabled={skeins === 0}
        onClick={() => onSkeins(skeins - 1, false)}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_SKEINS}
        step={1}
        className={`input w-16 px-2 text-right tabular-nums ${valid ? '' : 'border-red-500'}`}
        aria-label={`Skeins of ${label}`}
        aria-invalid={!valid}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const typed = skeinsFrom(event.target.value);
          if (typed !== undefined && typed !== skeins) onSkeins(typed, true);
        }}
        onBlur={() => setText(String(skeins))}
      />
      <button
        type="button"
        className={stepButton}
        aria-label={`One skein more of ${label}`}
        disabled={skeins === MAX_SKEINS}
        onClick={() => onSkeins(skeins + 1, false)}
      >
        +
      </button>
      <button type="button" className={`${stepButton} text-slate-500`} aria-label={`Remove ${label}`} onClick={onRemove}>
        ✕
      </button>
    </li>
  );
}
