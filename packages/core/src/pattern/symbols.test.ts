import { describe, expect, it } from 'vitest';
import { CHART_SYMBOLS, symbolFor } from './symbols.js';

/** A filled shape and its outline: told apart on paper only by a careful look. */
const FILLED_AND_HOLLOW = [
  ['■', '□'],
  ['▲', '△'],
  ['◆', '◇'],
  ['●', '○'],
  ['★', '☆'],
  ['♥', '♡'],
  ['▼', '▽'],
  ['◆', '♦'],
];

describe('chart symbols', () => {
  it('are all different', () => {
    expect(new Set(CHART_SYMBOLS).size).toBe(CHART_SYMBOLS.length);
  });

  it('give the 20 most used threads of a chart clearly different shapes: no filled shape beside its outline', () => {
    const first = CHART_SYMBOLS.slice(0, 20);
    for (const [filled, hollow] of FILLED_AND_HOLLOW) {
      expect(first.includes(filled!) && first.includes(hollow!), `${filled} and ${hollow} both among the first 20`).toBe(false);
    }
  });

  it('keep every symbol for charts of more threads', () => {
    expect(CHART_SYMBOLS.length).toBeGreaterThanOrEqual(50);
    for (const [filled, hollow] of FILLED_AND_HOLLOW) expect(CHART_SYMBOLS).toEqual(expect.arrayContaining([filled, hollow]));
    expect(symbolFor(0)).toBe('■');
    expect(() => symbolFor(CHART_SYMBOLS.length)).toThrow(RangeError);
  });
});
