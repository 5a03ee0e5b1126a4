import { countDone, decodeProgress, emptyProgress, encodeProgress, keepMarkable, markableCells, type DailyMarks, type Pattern } from '@stitchwise/core';
import type { ProgressState } from '../../repositories/progress.js';

/*
 * A chart's stitching progress as it is stored: shared by the services that store charts (generation,
 * import, saves) and the progress service, so none of them imports another for it.
 */

/** A chart's progress row with these marks (limited to the cells that can be marked), or with none. */
export function progressStateOf(pattern: Pattern, done?: Uint8Array, updatedAt: string | null = null): ProgressState {
  const markable = markableCells(pattern);
  const bits = done ? keepMarkable(done, markable) : emptyProgress(pattern.width, pattern.height);
  return {
    width: pattern.width,
    height: pattern.height,
    markable: encodeProgress(markable),
    done: encodeProgress(bits),
    done_count: countDone(bits),
    total: countDone(markable),
    updated_at: updatedAt,
  };
}

/** A bitset this server stored. */
export function storedBits(text: string): Uint8Array {
  const bits = decodeProgress(text);
  if (!bits) throw new Error('A stored progress bitset is not base64');
  return bits;
}

/** The record of stitches marked per day this server stored (JSON `{ "YYYY-MM-DD": n }`); empty if it does not read as one. */
export function storedDaily(text: string): DailyMarks {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as DailyMarks) : {};
  } catch {
    return {};
  }
}
