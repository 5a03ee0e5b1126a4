import { useOnline } from '../lib/connection';
import { useKeptOffline } from './kept-projects';

/** What the switch means now: a word or two beside it, the whole sentence for its description and tooltip. */
const NOTES = {
  off: { shown: '', told: 'Opened in the last 30 days, this project opens offline on this device too; switch on to keep it for good.' },
  keeping: { shown: 'Keeping…', told: 'Keeping its chart, progress and PDF on this device…' },
  kept: { shown: 'Kept on this device', told: 'Its chart, progress and PDF stay on this device, however long ago it was opened.' },
  incomplete: { shown: 'Not all kept', told: 'Part of it could not be kept. Switch it off and on again when you are online.' },
} as const;

/** 'Keep available offline': a switch on the project's page that pins the project on this device. */
export function KeepOffline({ projectId }: { projectId: string }) {
  const kept = useKeptOffline(projectId);
  const online = useOnline();
  if (!kept.available) return null;
  const on = kept.state !== 'off';
  const note = NOTES[kept.state];
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby={`keep-offline-${projectId}`}
        title={note.told}
        className="btn-secondary gap-2"
        disabled={kept.state === 'keeping' || (!on && !online)}
        onClick={kept.toggle}
      >
        <span aria-hidden="true" className={`relative h-5 w-9 rounded-full transition-colors ${on ? 'bg-violet-600' : 'bg-slate-300'}`}>
          <span className={`absolute top-0.5 size-4 rounded-full bg-white shadow transition-all ${on ? 'left-4.5' : 'left-0.5'}`} />
        </span>
        Keep available offline
      </button>
      <span role="status" className="text-xs text-slate-600">
        {note.shown}
      </span>
      <span id={`keep-offline-${projectId}`} className="sr-only">
        {note.told}
      </span>
    </div>
  );
}
