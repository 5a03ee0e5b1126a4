/** A thread's colour beside its code; the code and name around it say what it is. */
export function ThreadSwatch({ hex, size = 'h-6 w-6' }: { hex: string; size?: string }) {
  return <span aria-hidden="true" className={`inline-block ${size} shrink-0 rounded border border-slate-300`} style={{ backgroundColor: hex }} />;
}
