import { parseHex } from '@stitchwise/core';
import { swatchStyle } from '../swatch';
import { cssOf, inkOn } from './thread-colors';

const GREY = { r: 128, g: 128, b: 128 };

/**
 * A thread's colour with its chart symbol on it, in the ink the chart itself uses on that colour. A blend
 * (`blend`: its two threads' colours) shows them in the corners, the symbol on their mix between.
 */
export function SymbolSwatch({
  hex,
  blend,
  symbol,
  className = 'size-6 text-sm',
}: {
  hex: string;
  blend?: readonly [string, string] | undefined;
  symbol: string;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      data-blend={blend?.join(' ')}
      className={`inline-grid shrink-0 place-items-center rounded border border-slate-300 ${className}`}
      style={{ ...swatchStyle(hex, blend), color: cssOf(inkOn(parseHex(hex) ?? GREY)) }}
    >
      {symbol}
    </span>
  );
}
