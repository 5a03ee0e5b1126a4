import { useAppUpdate } from './app-update';

/** 'Update available — reload', in a corner of every screen (Stitching mode too) while a new version waits. */
export function UpdatePrompt() {
  const update = useAppUpdate();
  if (!update.ready) return null;
  return (
    <div role="status" className="fixed right-3 bottom-3 z-50 flex items-center gap-3 rounded-xl border border-violet-200 bg-white p-3 shadow-lg">
      <span className="text-sm text-slate-700">A new version of Stitchwise is ready.</span>
      <button type="button" className="btn-primary min-h-11" onClick={update.reload}>
        Update available — reload
      </button>
    </div>
  );
}
