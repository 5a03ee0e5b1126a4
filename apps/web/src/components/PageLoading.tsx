/** Shown while a page's code arrives (each route is its own chunk); announced politely to screen readers. */
export function PageLoading() {
  return (
    <p role="status" className="flex items-center gap-2 p-8 text-slate-600">
      <span aria-hidden="true" className="inline-block h-5 w-5 animate-spin rounded-full border-2 border-violet-200 border-t-violet-600" />
      Loading page…
    </p>
  );
}
