/**
 * Chart symbols, most legible first: the most used thread gets the first. Every one exists in
 * DejaVu Sans Bold (shipped in an npm package and embedded by the renderers), so charts never depend
 * on fonts installed on a machine. Look-alikes are left out: I/l/1, O/0, Q, S/5/$, B/8, G/6, Z/2, X/✖, + /✚.
 */
export const CHART_SYMBOLS: readonly string[] = [
  '■', '□', '▲', '△', '●', '○', '◆', '◇', '★', '☆', '♥', '♡', '♠', '♣', '♦', '▼', '▽', '✚', '✖', '⊕',
  '⊗', '⊞', '⊠', '◐', '◑', '◒', '◓', '⬢', '◉', '◎', '▣', '▤', '▥', '▦', '▧', '▨', '✦', '✱', '♪', '✓',
  '⌂', '☀', 'A', 'C', 'D', 'E', 'F', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'R', 'T', 'U', 'V', 'W', 'Y',
  '3', '4', '7', '9', '#', '@', '&', '%', '=', '?', 'Σ', 'Ω', 'Φ', 'Ψ', 'Ξ', 'Π', '§', '¶',
];

/** The symbol for the n-th thread of a legend (0 = most stitches). */
export function symbolFor(rank: number): string {
  const symbol = CHART_SYMBOLS[rank];
  if (symbol === undefined) throw new RangeError(`A chart has at most ${CHART_SYMBOLS.length} symbols`);
  return symbol;
}
