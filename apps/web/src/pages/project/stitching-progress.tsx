import type { ProgressState } from '../../api/progress';

/** A share as a percentage with one decimal, rounded down: 100 % only when every stitch is done. */
export function formatPercent(done: number, total: number): string {
  if (total <= 0) return '0';
  return (Math.floor((done / total) * 1000) / 10).toLocaleString('en', { maximumFractionDigits: 1 });
}

/** A thin bar filled to done / total. */
export function ProgressBar({ done, total, className = '' }: { done: number; total: number; className?: string }) {
  const share = total > 0 ? Math.min(1, done / total) : 0;
  return (
    <div className={`h-2 overflow-hidden rounded-full bg-slate-200 ${className}`} aria-hidden="true">
      <div className="h-full rounded-full bg-emerald-600" style={{ width: `${share * 100}%` }} />
    </div>
  );
}

const marks = (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'mark' : 'marks'}`;

/** Where the marks are: "Saved", "Saving…", "Offline — 12 marks kept on this device", … */
export function syncText(state: ProgressState): string {
  const kept = `${marks(state.unsent)} kept on this device`;
  const text = {
    loading: 'Loading progress…',
    saved: 'Saved',
    saving: 'Saving…',
    offline: `Offline — ${kept}`,
    retrying: `Not saved yet — ${kept}; trying again soon`,
    refused: `Not saved: ${state.refusal ?? 'the server refused the marks'} — ${kept}`,
  }[state.status];
  return state.lost ? `${text}. Some marks made on an older version of the chart could not be kept.` : text;
}
