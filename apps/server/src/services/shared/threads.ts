import {
  findBrandThread,
  formatHex,
  BRANDS,
  nearestThreads,
  rgbToLab,
  searchThreads,
  threadsOf,
  type Rgb,
  type Thread as CoreThread,
  type ThreadBrand,
  type ThreadMatch,
} from '@stitchwise/core';
import type { z } from 'zod';
import type { BrandThread, BrandThreadList, BrandThreadMatch } from '../../contract/thread-brands.js';
import type { Color, Thread, ThreadList, threadListQuery, ThreadMatch as ThreadMatchView } from '../../contract/threads.js';
import { HttpProblem } from '../../http/problem.js';

/*
 * Threads as the API shows them. The specification's `/api/dmc/...` routes show a thread without its
 * brand (`Thread`); the routes of every brand show it with one (`BrandThread`). Both come from the same
 * functions here, told which view to give.
 */

type ListQuery = z.output<typeof threadListQuery>;

function toThread({ code, name, r, g, b, hex }: CoreThread): Thread {
  return { code, name, r, g, b, hex };
}

export function toBrandThread(thread: CoreThread): BrandThread {
  return { brand: thread.brand, ...toThread(thread) };
}

/** A ΔE00 as the API gives it: 4 decimals. */
export const roundedDistance = (distance: number): number => Math.round(distance * 10_000) / 10_000;

/** A core match as the API shows it: the thread and its ΔE00, 4 decimals. */
export function toThreadMatch({ thread, distance }: ThreadMatch): ThreadMatchView {
  return { ...toThread(thread), distance: roundedDistance(distance) };
}

/** The same with the thread's brand. */
export function toBrandThreadMatch({ thread, distance }: ThreadMatch): BrandThreadMatch {
  return { ...toBrandThread(thread), distance: roundedDistance(distance) };
}

/** A page of a brand's threads matching `q` (all without it), and how many match. */
function threadPage<View>(brand: ThreadBrand, query: ListQuery, view: (thread: CoreThread) => View): { threads: View[]; total: number } {
  const matches = searchThreads(query.q ?? '', threadsOf(brand));
  return { threads: matches.slice(query.offset, query.offset + query.limit).map(view), total: matches.length };
}

/** A brand's thread by code, or 404 naming both: `There is no Anchor thread with the code "9999".` */
export function brandThreadOrNotFound(brand: ThreadBrand, code: string): CoreThread {
  const thread = findBrandThread(brand, code);
  if (!thread) throw HttpProblem.notFound(`There is no ${BRANDS[brand].name} thread with the code "${code}".`);
  return thread;
}

/** The `count` threads of a brand closest to a colour by ΔE00, nearest first. */
function nearestOfBrand(brand: ThreadBrand, color: Rgb, count: number): ThreadMatch[] {
  return nearestThreads(rgbToLab(color), count, threadsOf(brand));
}

export function listThreads(query: ListQuery): ThreadList {
  return threadPage('dmc', query, toThread);
}

export function listBrandThreads(brand: ThreadBrand, query: ListQuery): BrandThreadList {
  return threadPage(brand, query, toBrandThread);
}

export function getThread(code: string): Thread {
  return toThread(brandThreadOrNotFound('dmc', code));
}

export function getBrandThread(brand: ThreadBrand, code: string): BrandThread {
  return toBrandThread(brandThreadOrNotFound(brand, code));
}

/** The `count` DMC threads closest to a colour by ΔE00, nearest first. */
export function closestThreads(color: Rgb, count: number): ThreadMatchView[] {
  return nearestOfBrand('dmc', color, count).map(toThreadMatch);
}

/** The `count` threads of a brand closest to a colour by ΔE00, nearest first, each naming its brand. */
export function closestBrandThreads(brand: ThreadBrand, color: Rgb, count: number): BrandThreadMatch[] {
  return nearestOfBrand(brand, color, count).map(toBrandThreadMatch);
}

export function colorView(color: Rgb): Color {
  return { r: color.r, g: color.g, b: color.b, hex: formatHex(color) };
}
