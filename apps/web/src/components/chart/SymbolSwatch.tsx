import { parseHex } from '@stitchwise/core';
import { cssOf, inkOn } from './thread-colors';

const GREY = { r: 128, g: 128, b: 128 };

/** A thread's colour with its chart symbol on it, in the ink the chart itself uses on that colour. */
export function SymbolSwatch({ hex, symbol, className = 'size-6 text-sm' }: { hex: string; symbol: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-grid shrink-0 place-items-center rounded border border-slate-300 ${className}`}
      style={{ backgroundColor: hex, color: cssOf(inkOn(parseHex(hex) ?? GREY)) }}
    >
      {symbol}
    </span>
  );
}
