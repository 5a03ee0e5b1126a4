import { compareThreadCodes, csvText, findThread, MAX_OWNED_SKEINS as MAX_SKEINS, parseCsv } from '@stitchwise/core';
import type { OwnedThread } from '../api/schemas';

export { MAX_SKEINS };

/** Whole skeins 0–999 from what a person typed or a file held; undefined for anything else. */
export function skeinsFrom(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** What a pasted list of codes holds: the catalogue's codes, once each, and what is not a DMC code. */
export interface CodeList {
  codes: string[];
  unknown: string[];
}

/**
 * Codes as stitchers write them down — `310, 321, 3865`, one a line, or separated by spaces or semicolons;
 * `DMC 310` and `#310` too. Each as the catalogue spells it (`1` → `01`, `blanc` → `Blanc`), once.
 */
export function readCodeList(text: string): CodeList {
  const codes = new Set<string>();
  const unknown = new Set<string>();
  for (const token of text.split(/[\s,;]+/)) {
    const word = token.replace(/^#/, '');
    if (word === '' || /^dmc$/i.test(word)) continue;
    const thread = findThread(word);
    if (thread) codes.add(thread.code);
    else unknown.add(word);
  }
  return { codes: [...codes], unknown: [...unknown] };
}

/** A CSV file read as threads with skeins, and the lines that could not be (numbered as a spreadsheet shows them). */
export interface CsvImport {
  threads: OwnedThread[];
  skipped: string[];
}

const SKEINS_HEADER = /^(skeins|owned|quantity|qty|count|amount)$/i;

/**
 * Threads from a CSV file: `DMC,Skeins` (with any header, or none), this page's own export (`DMC,Name,Skeins`),
 * or a first column of codes alone (1 skein each). A header row is recognised by a first cell that is not a
 * DMC code; the skeins column is the one headed skeins (or owned, quantity …), else the second.
 */
export function readThreadsCsv(text: string): CsvImport {
  const rows = parseCsv(text);
  const headed = rows.length > 0 && !findThread(rows[0]![0] ?? '');
  const header = headed ? rows[0]!.map((cell) => cell.trim()) : [];
  const named = [header.findIndex((cell) => SKEINS_HEADER.test(cell)), header.findIndex((cell) => /skein/i.test(cell))];
  const skeinsColumn = named.find((column) => column >= 0) ?? 1;
  const byCode = new Map<string, number>();
  const skipped: string[] = [];
  rows.slice(headed ? 1 : 0).forEach((row, index) => {
    const line = index + (headed ? 2 : 1);
    const thread = findThread(row[0] ?? '');
    const cell = (row[skeinsColumn] ?? '').trim();
    const skeins = cell === '' ? 1 : skeinsFrom(cell);
    if (!thread) skipped.push(`line ${line}: "${(row[0] ?? '').trim()}" is not a DMC code`);
    else if (skeins === undefined) skipped.push(`line ${line}: "${cell}" is not a number of skeins from 0 to ${MAX_SKEINS}`);
    else byCode.set(thread.code, skeins);
  });
  return { threads: sortedThreads([...byCode].map(([dmc_code, skeins]) => ({ dmc_code, skeins }))), skipped };
}

/** The list as a CSV file: `DMC,Name,Skeins`, which `readThreadsCsv` reads back. */
export function threadsCsv(threads: readonly OwnedThread[]): string {
  return csvText([['DMC', 'Name', 'Skeins'], ...threads.map(({ dmc_code, skeins }) => [dmc_code, findThread(dmc_code)?.name ?? '', skeins])]);
}

/** In DMC number order, as the server answers. */
export function sortedThreads(threads: OwnedThread[]): OwnedThread[] {
  return threads.sort((a, b) => compareThreadCodes(a.dmc_code, b.dmc_code));
}
