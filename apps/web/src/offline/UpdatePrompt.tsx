import { useState } from 'react';
import { useAppUpdate } from './app-update';

/**
 * 'Update available — reload', in a corner of every screen (Stitching mode too) while a new version waits; 'Later'
 * puts it away until the next visit. Its live region stays mounted so that screen readers announce the offer (a
 * live region, not a role="status" of its own beside each screen's).
 */
export function UpdatePrompt() {
  const update = useAppUpdate();
  const [later, setLater] = useState(false);
  const shown = update.ready && !later;
  return (
    <div
      aria-live="polite"
      className={shown ? 'fixed right-3 bottom-3 z-50 flex flex-wrap items-center gap-2 rounded-xl border border-violet-200 bg-white p-3 shadow-lg' : 'sr-only'}
    >
      {shown && (
        <>
          <span className="text-sm text-slate-700">A new version of Stitchwise is ready.</span>
          <button type="button" className="btn-primary min-h-11" onClick={update.reload}>
            Update available — reload
          </button>
          <button type="button" className="btn-secondary min-h-11" onClick={() => setLater(true)}>
            Later
          </button>
        </>
      )}
    </div>
  );
}
