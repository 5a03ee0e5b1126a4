import { csvText } from '@stitchwise/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { statusOf } from '../../api/client';
import type { BrandThread, BrandThreadMatch, ThreadConversion } from '../../api/schemas';
import { brandName, threadLabel, type ThreadBrand } from '../../lib/thread-brands';

/** One code of the list and what the server said of it, for each brand converted to. */
export type ConversionRow =
  { code: string; state: 'pending' | 'unknown' | 'failed' } | { code: string; state: 'done'; from: BrandThread; matches: Record<string, BrandThreadMatch[]> };

/**
 * The rows of the table from the answers, asked code by code and, within a code, brand by brand (`targets`).
 * A code the brand does not have is `unknown`; one that failed otherwise (the server busy, the network gone)
 * is `failed`. Two codes naming one thread (`403` and `0403`) give one row, the first.
 */
export function conversionRows(
  codes: readonly string[],
  targets: readonly ThreadBrand[],
  answers: readonly UseQueryResult<ThreadConversion>[],
): ConversionRow[] {
  const shown = new Set<string>();
  return codes.flatMap((code, index): ConversionRow[] => {
    const mine = answers.slice(index * targets.length, (index + 1) * targets.length);
    if (mine.some((answer) => statusOf(answer.error) === 404)) return [{ code, state: 'unknown' }];
    if (mine.some((answer) => answer.isError)) return [{ code, state: 'failed' }];
    const done = mine.map((answer) => answer.data).filter((data) => data !== undefined);
    if (done.length < targets.length) return [{ code, state: 'pending' }];
    const from = done[0]!.from;
    if (shown.has(from.code)) return [];
    shown.add(from.code);
    return [{ code, state: 'done', from, matches: Object.fromEntries(done.map((answer) => [answer.to, answer.matches])) }];
  });
}

/** The table as a CSV file: one line per nearest thread, and one per code the brand does not have. */
export function conversionCsv(from: ThreadBrand, targets: readonly ThreadBrand[], rows: readonly ConversionRow[]): string {
  const header = [
    'Thread',
    'Name',
    'Hex',
    'Nearest thread',
    'Nearest name',
    'Nearest hex',
    'Rank',
    'Delta E 2000 (nearest colour; not an official equivalent)',
  ];
  const lines = rows.flatMap((row) => {
    if (row.state === 'unknown') return [[`${brandName(from)} ${row.code}`, `not a known ${brandName(from)} code`, '', '', '', '', '', '']];
    if (row.state !== 'done') return [];
    return targets.flatMap((to) =>
      (row.matches[to] ?? []).map((match, rank) => [
        threadLabel(row.from),
        row.from.name,
        row.from.hex,
        threadLabel(match),
        match.name,
        match.hex,
        rank + 1,
        match.distance,
      ]),
    );
  });
  return csvText([header, ...lines]);
}
