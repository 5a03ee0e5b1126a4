import { findThread, formatHex, nearestThreads, rgbToLab, searchThreads, type DmcThread, type Rgb, type ThreadMatch } from '@stitchwise/core';
import { HttpProblem } from '../http/problem.js';

/** A thread as the API shows it. */
export interface ThreadView {
  code: string;
  name: string;
  r: number;
  g: number;
  b: number;
  hex: string;
}

export interface ThreadMatchView extends ThreadView {
  /** CIEDE2000 distance, 4 decimals. */
  distance: number;
}

export function toThreadView({ code, name, r, g, b, hex }: DmcThread): ThreadView {
  return { code, name, r, g, b, hex };
}

export function listThreads(query: { q?: string | undefined; limit: number; offset: number }): {
  threads: ThreadView[];
  total: number;
} {
  const matches = searchThreads(query.q ?? '');
  return {
    threads: matches.slice(query.offset, query.offset + query.limit).map(toThreadView),
    total: matches.length,
  };
}

export function getThread(code: string): ThreadView {
  const thread = findThread(code);
  if (!thread) throw HttpProblem.notFound(`There is no DMC thread with the code "${code}".`);
  return toThreadView(thread);
}

export function toThreadMatchView({ thread, distance }: ThreadMatch): ThreadMatchView {
  return { ...toThreadView(thread), distance: Math.round(distance * 10_000) / 10_000 };
}

/** The `count` threads closest to a colour by ΔE00, nearest first. */
export function closestThreads(color: Rgb, count: number): ThreadMatchView[] {
  return nearestThreads(rgbToLab(color), count).map(toThreadMatchView);
}

export function colorView(color: Rgb): Rgb & { hex: string } {
  return { r: color.r, g: color.g, b: color.b, hex: formatHex(color) };
}
