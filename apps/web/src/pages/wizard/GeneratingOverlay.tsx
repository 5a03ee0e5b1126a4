import { Spinner } from '../../components/Spinner';

/** The modal shown while a pattern is generated; for visitors, then the seconds until their result is shown. */
export function GeneratingOverlay({ countdown }: { countdown: number | undefined }) {
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4"
      role="dialog"
      aria-modal="true"
      aria-label="Generating your pattern"
    >
      <div className="max-w-sm rounded-2xl bg-white p-8 text-center shadow-xl">
        {countdown === undefined ? (
          <>
            <Spinner label="Generating" />
            <p className="mt-3 font-semibold">Generating your pattern…</p>
            <p className="mt-1 text-sm text-slate-500">Matching every stitch to a DMC thread.</p>
          </>
        ) : (
          <>
            <p className="text-4xl font-bold text-violet-700" data-testid="countdown">
              {countdown}
            </p>
            <p className="mt-2 font-semibold">Your pattern is ready in {countdown} s</p>
            <p className="mt-1 text-sm text-slate-500">Sign in to see results at once and save them as projects.</p>
          </>
        )}
      </div>
    </div>
  );
}
