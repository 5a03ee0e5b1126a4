import { describe, expect, it } from 'vitest';
import type { ChartConversion } from '../src/contract/chart-conversion.js';
import type { Problem } from '../src/contract/problem.js';
import type { Project } from '../src/contract/projects.js';
import { useTestServer } from './support/harness.js';
import { repaintFirstRow } from './support/pattern-fixtures.js';
import { bitsOf, doneCells, markableOf, progressOf, putProgress, stored } from './support/progress-bits.js';
import { convertChart, duplicateProject, generated, readPattern, saved } from './support/stitch-requests.js';
import { DATABASES } from './support/test-server.js';

/** The record of stitches marked per day kept with the progress (`daily`), and the `day` a PUT names. */
describe.each(DATABASES)('stitches marked per day on $name', (database) => {
  // The server's clock: 10 March 2026, noon in UTC, unless a test moves it.
  let clock = new Date('2026-03-10T12:00:00Z');
  const suite = useTestServer({ database, users: ['alice'], now: () => clock });
  const alice = suite.user('alice');

  /** A new project's chart and its first markable cells. */
  async function chart() {
    clock = new Date('2026-03-10T12:00:00Z');
    const projectId = (await generated(alice)).project_id!;
    const { etag, document } = await readPattern(alice, projectId);
    return { projectId, etag, document, cells: markableOf(document) };
  }

  it('adds each write’s change to the day it names, marks less unmarks, and to the server’s date in UTC without one', async () => {
    const { projectId, document, cells } = await chart();
    const first = await stored(alice, projectId, { version: 1, done: bitsOf(document, cells.slice(0, 10)), day: '2026-03-10' });
    expect(first.daily).toEqual({ '2026-03-10': 10 });

    // Unmark 3, mark 1: 8 on the day.
    const second = await stored(alice, projectId, {
      version: 1,
      done: bitsOf(document, [...cells.slice(3, 10), cells[20]!]),
      base: first.done,
      day: '2026-03-10',
    });
    expect(second).toMatchObject({ done_count: 8, daily: { '2026-03-10': 8 } });

    // Another device, whose calendar is still on the 9th, marks 5.
    const yesterday = await stored(alice, projectId, {
      version: 1,
      done: bitsOf(document, cells.slice(30, 35)),
      base: bitsOf(document, []),
      day: '2026-03-09',
    });
    expect(yesterday).toMatchObject({ done_count: 13, daily: { '2026-03-09': 5, '2026-03-10': 8 } });
    expect(Object.keys(yesterday.daily)).toEqual(['2026-03-09', '2026-03-10']);

    // Without a day, the server's date; marks already stored (from a stale base) count nothing.
    const undated = await stored(alice, projectId, { version: 1, done: bitsOf(document, [...cells.slice(30, 35), cells[40]!]), base: bitsOf(document, []) });
    expect(undated).toMatchObject({ done_count: 14, daily: { '2026-03-09': 5, '2026-03-10': 9 } });

    // A day of unpicking, ahead on a device east of here: negative.
    const unpick = doneCells(undated).filter((cell) => cell !== cells[40] && cell !== cells[30]);
    const unpicked = await stored(alice, projectId, { version: 1, done: bitsOf(document, unpick), base: undated.done, day: '2026-03-11' });
    expect(unpicked.daily).toEqual({ '2026-03-09': 5, '2026-03-10': 9, '2026-03-11': -2 });

    // A write that changes nothing changes no count; the read has the same record.
    const same = await stored(alice, projectId, { version: 1, done: unpicked.done, base: unpicked.done, day: '2026-03-08' });
    expect(same.daily).toEqual(unpicked.daily);
    expect((await progressOf(alice, projectId)).daily).toEqual(unpicked.daily);
  });

  it('refuses a day that is not a date, naming day, and stores nothing', async () => {
    const { projectId, document, cells } = await chart();
    const done = bitsOf(document, cells.slice(0, 3));
    for (const day of ['2026-3-10', '2026-02-30', 'yesterday', '', 20260310, null]) {
      const response = await putProgress(alice, projectId, { version: 1, done, day });
      expect(response.status, String(day)).toBe(400);
      const problem = (await response.json()) as Problem;
      expect(problem.errors?.map((error) => error.field)).toEqual(['day']);
      expect(problem.errors?.[0]?.message).toMatch(/^day must be/);
    }
    expect(await progressOf(alice, projectId)).toMatchObject({ done_count: 0, daily: {}, updated_at: null });
  });

  it('counts a day within 2 days of the server’s on that day, and one further off (a wrong clock) on the server’s date, storing the marks', async () => {
    const { projectId, document, cells } = await chart();
    // Two days either way are taken as they are.
    await stored(alice, projectId, { version: 1, done: bitsOf(document, cells.slice(0, 3)), day: '2026-03-12' });
    const back = await stored(alice, projectId, { version: 1, done: bitsOf(document, cells.slice(0, 5)), day: '2026-03-08' });
    expect(back.daily).toEqual({ '2026-03-08': 2, '2026-03-12': 3 });

    // A device whose clock is three days ahead, then one three days behind, then one years off: the marks are
    // stored and each change is counted on the server's date in UTC (10 March).
    const ahead = await stored(alice, projectId, { version: 1, done: bitsOf(document, cells.slice(0, 9)), base: back.done, day: '2026-03-13' });
    expect(ahead).toMatchObject({ done_count: 9, daily: { '2026-03-08': 2, '2026-03-10': 4, '2026-03-12': 3 } });
    const behind = await stored(alice, projectId, { version: 1, done: bitsOf(document, cells.slice(0, 11)), base: ahead.done, day: '2026-03-07' });
    expect(behind).toMatchObject({ done_count: 11, daily: { '2026-03-08': 2, '2026-03-10': 6, '2026-03-12': 3 } });
    const reset = await stored(alice, projectId, { version: 1, done: bitsOf(document, cells.slice(0, 12)), base: behind.done, day: '1970-01-01' });
    expect(reset).toMatchObject({ done_count: 12, daily: { '2026-03-08': 2, '2026-03-10': 7, '2026-03-12': 3 } });
    expect(doneCells(reset)).toEqual(cells.slice(0, 12));

    const read = await progressOf(alice, projectId);
    expect(read).toMatchObject({ done_count: 12, daily: reset.daily });
    expect(doneCells(read)).toEqual(cells.slice(0, 12));
  });

  it('keeps the last 365 days: older days are dropped', async () => {
    const { projectId, document, cells } = await chart();
    await stored(alice, projectId, { version: 1, done: bitsOf(document, cells.slice(0, 4)), day: '2026-03-10' });
    clock = new Date('2026-09-01T08:00:00Z');
    await stored(alice, projectId, { version: 1, done: bitsOf(document, cells.slice(0, 6)) });
    // 9 March 2027 is 364 days on: the 10th is still in the last 365 days.
    clock = new Date('2027-03-09T23:00:00Z');
    expect((await progressOf(alice, projectId)).daily).toEqual({ '2026-03-10': 4, '2026-09-01': 2 });
    clock = new Date('2027-03-10T01:00:00Z');
    expect((await progressOf(alice, projectId)).daily).toEqual({ '2026-09-01': 2 });
    const written = await stored(alice, projectId, { version: 1, done: bitsOf(document, cells.slice(0, 7)), day: '2027-03-09' });
    expect(written.daily).toEqual({ '2026-09-01': 2, '2027-03-09': 1 });
  });

  it('keeps the record over a save of the chart and counts marks carried from an older version; a copy or a converted copy starts without one', async () => {
    const { projectId, etag, document, cells } = await chart();
    const lower = cells.filter((cell) => cell >= document.width * 2);
    await stored(alice, projectId, { version: 1, done: bitsOf(document, [0, 1, ...lower.slice(0, 10)]), day: '2026-03-09' });
    const read = await stored(alice, projectId, { version: 1, done: bitsOf(document, [0, 1, ...lower.slice(0, 12)]), day: '2026-03-10' });

    // The first row is repainted: its two marks go with it, but what was stitched on each day stays counted.
    await saved(alice, projectId, repaintFirstRow(document, document.width + 1), etag);
    const after = await progressOf(alice, projectId);
    expect(after).toMatchObject({ version: 2, done_count: 12, daily: { '2026-03-09': 12, '2026-03-10': 2 } });

    // Marks made offline on version 1 are carried over and counted on their day.
    const carried = await stored(alice, projectId, { version: 1, done: bitsOf(document, [0, 1, ...lower.slice(0, 15)]), base: read.done, day: '2026-03-10' });
    expect(carried).toMatchObject({ version: 2, done_count: 15, daily: { '2026-03-09': 12, '2026-03-10': 5 } });

    const copy = (await (await duplicateProject(alice, projectId)).json()) as Project;
    expect(await progressOf(alice, copy.id)).toMatchObject({ done_count: 0, daily: {} });
    const converted = await convertChart(alice, projectId, 'anchor');
    expect(converted.status).toBe(201);
    const { project: anchor } = (await converted.json()) as ChartConversion;
    expect(await progressOf(alice, anchor.id)).toMatchObject({ done_count: 0, daily: {} });
    expect((await progressOf(alice, projectId)).daily).toEqual(carried.daily);
  });
});
