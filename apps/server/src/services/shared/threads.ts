import { findThread, formatHex, nearestThreads, rgbToLab, searchThreads, type Rgb, type Thread as CoreThread, type ThreadMatch } from '@stitchwise/core';
import type { z } from 'zod';
import type { Color, Thread, ThreadList, threadListQuery, ThreadMatch as ThreadMatchView } from '../../contract/threads.js';
import { HttpProblem } from '../../http/problem.js';

function toThread({ code, name, r, g, b, hex }: CoreThread): Thread {
  return { code, name, r, g, b, hex };
}

export function listThreads(query: z.output<typeof threadListQuery>): ThreadList {
  const matches = searchThreads(query.q ?? '');
  return {
    threads: matches.slice(query.offset, query.offset + query.limit).map(toThread),
    total: matches.length,
  };
}

export function getThread(code: string): Thread {
  const thread = findThread(code);
  if (!thread) throw HttpProblem.notFound(`There is no DMC thread with the code "${code}".`);
  return toThread(thread);
}

/** A core match as the API shows it: the thread and its ΔE00, 4 decimals. */
export function toThreadMatch({ thread, distance }: ThreadMatch): ThreadMatchView {
  return { ...toThread(thread), distance: Math.round(distance * 10_000) / 10_000 };
}

/** The `count` threads closest to a colour by ΔE00, nearest first. */
export function closestThreads(color: Rgb, count: number): ThreadMatchView[] {
  return nearestThreads(rgbToLab(color), count).map(toThreadMatch);
}

export function colorView(color: Rgb): Color {
  return { r: color.r, g: color.g, b: color.b, hex: formatHex(color) };
}
