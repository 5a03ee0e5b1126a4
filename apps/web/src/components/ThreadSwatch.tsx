import { swatchStyle } from './swatch';

/**
 * A thread's colour beside its code; the code and name around it say what it is. A blend (`blend`: its two
 * threads' colours, see blendColours) shows both threads and their mix.
 */
export function ThreadSwatch({ hex, blend, size = 'h-6 w-6' }: { hex: string; blend?: readonly [string, string] | undefined; size?: string }) {
  return (
    <span
      aria-hidden="true"
      data-blend={blend?.join(' ')}
      className={`inline-block ${size} shrink-0 rounded border border-slate-300`}
      style={swatchStyle(hex, blend)}
    />
  );
}
