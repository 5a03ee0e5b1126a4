import { useOnline } from '../lib/connection';
import { useKeptOffline } from './kept-projects';

const NOTES = {
  off: 'Opened in the last 30 days, it opens offline on this device too.',
  keeping: 'Keeping its chart, progress and PDF on this device…',
  kept: 'Its chart, progress and PDF stay on this device, however long ago it was opened.',
  incomplete: 'Part of it could not be kept. Switch it off and on again when you are online.',
} as const;

/** 'Keep available offline': a switch on the project's page that pins the project on this device. */
export function KeepOffline({ projectId }: { projectId: string }) {
  const kept = useKeptOffline(projectId);
  const online = useOnline();
  if (!kept.available) return null;
  const on = kept.state !== 'off';
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby={`keep-offline-${projectId}`}
        className="btn-secondary min-h-11 gap-2"
        disabled={kept.state === 'keeping' || (!on && !online)}
        onClick={kept.toggle}
      >
        <span aria-hidden="true" className={`relative h-5 w-9 rounded-full transition-colors ${on ? 'bg-violet-600' : 'bg-slate-300'}`}>
          <span className={`absolute top-0.5 size-4 rounded-full bg-white shadow transition-all ${on ? 'left-4.5' : 'left-0.5'}`} />
        </span>
        Keep available offline
      </button>
      <span id={`keep-offline-${projectId}`} className="max-w-64 text-xs text-slate-500" role="status">
        {NOTES[kept.state]}
      </span>
    </div>
  );
}
