// @vitest-environment jsdom
import { addDays, emptyProgress, encodeProgress, localDay, setDone } from '@stitchwise/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SentRequest } from '../../test/harness';
import { CHARTED, showProject, UNMARKED } from '../../test/project-page';
import { readKept, writeKept } from '../../lib/progress-store';
import { formatDay } from './statistics-text';

/** The charted project's progress with its first `done` black stitches marked (cells 0 to 7499 are black, 7500 white). */
function marked(done: number, daily: Record<string, number>) {
  const bits = emptyProgress(150, 113);
  for (let cell = 0; cell < done; cell++) setDone(bits, cell, true);
  return { ...UNMARKED, done: encodeProgress(bits), done_count: done, daily };
}

const today = localDay(new Date());
const section = () => screen.findByRole('region', { name: 'Stitching statistics' });

beforeEach(() => localStorage.clear());

describe('the project page’s stitching statistics', () => {
  it('shows done of total, today, the pace, the estimated finish, the last 14 days and the stitches left per thread', async () => {
    // 1,000 three days ago, 1,500 yesterday, 500 today: 750 a day over 4 days; 4,501 left is 7 days at that pace.
    const daily = { [addDays(today, -3)]: 1000, [addDays(today, -1)]: 1500, [today]: 500 };
    showProject({ 'GET /api/stitch/projects/p1/progress': { status: 200, data: marked(3000, daily) } }, CHARTED);
    const statistics = await section();
    await within(statistics).findByText('3,000 of 7,501 stitches done — 39.9 %');
    expect(statistics).toHaveTextContent('500 stitches marked today');
    expect(statistics).toHaveTextContent('About 750 stitches a day over the last 4 days');
    expect(within(statistics).getByTestId('finish-estimate')).toHaveTextContent(`At this pace you will finish around ${formatDay(addDays(today, 7))}`);

    // The bars are drawn for the eye; the same days are a table for screen readers.
    const days = within(statistics).getByRole('table', { name: 'Stitches marked each day, the last 14 days' });
    const rows = within(days).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(14);
    expect(rows[13]).toHaveTextContent(`${formatDay(today, { weekday: true })}500`);
    expect(rows[12]).toHaveTextContent('1,500');
    expect(rows[11]).toHaveTextContent(/0$/);
    expect(within(statistics).getByTestId('day-bars')).toHaveAttribute('aria-hidden', 'true');

    // Most stitches left first.
    const threads = within(statistics).getByRole('table', { name: 'Stitches left per thread' });
    expect(
      within(threads)
        .getAllByTestId('thread-left')
        .map((row) => row.textContent),
    ).toEqual(['■DMC 310 Black4,50040 %', '▲DMC B5200 Snow White10 %']);
    expect(
      within(statistics)
        .getAllByRole('heading')
        .map((heading) => [heading.tagName, heading.textContent]),
    ).toEqual([
      ['H2', 'Stitching statistics'],
      ['H3', 'Last 14 days'],
      ['H3', 'Stitches left per thread'],
    ]);
  });

  it('asks for marks before any, and says Finished! once every stitch is done', async () => {
    const first = showProject({}, CHARTED);
    const statistics = await section();
    await within(statistics).findByText('0 of 7,501 stitches done — 0 %');
    expect(statistics).toHaveTextContent('No stitches marked today');
    expect(within(statistics).getByTestId('finish-estimate')).toHaveTextContent('Mark some stitches to see when you will finish.');
    first.unmount();

    const all = marked(7500, { [addDays(today, -20)]: 7000, [today]: 501 });
    const bits = emptyProgress(150, 113);
    for (let cell = 0; cell <= 7500; cell++) setDone(bits, cell, true);
    showProject({ 'GET /api/stitch/projects/p1/progress': { status: 200, data: { ...all, done: encodeProgress(bits), done_count: 7501 } } }, CHARTED);
    expect(await within(await section()).findByText('Finished!')).toHaveAttribute('data-testid', 'finish-estimate');
  });

  it('counts marks kept on this device and not yet sent on today, and sends them with today’s date', async () => {
    const local = emptyProgress(150, 113);
    for (let cell = 7000; cell < 7010; cell++) setDone(local, cell, true);
    writeKept(localStorage, 'p1', { version: 1, width: 150, height: 113, base: emptyProgress(150, 113), local });
    const sent: SentRequest[] = [];
    const server = { ...UNMARKED, daily: { [addDays(today, -1)]: 30 } };
    showProject(
      {
        'GET /api/stitch/projects/p1/progress': { status: 200, data: server },
        'PUT /api/stitch/projects/p1/progress': (request) => {
          sent.push(request);
          // The server has them now, counted on the day sent.
          return { status: 200, data: { ...UNMARKED, done: (request.json as { done: string }).done, done_count: 10, daily: { ...server.daily, [today]: 10 } } };
        },
      },
      CHARTED,
    );
    const statistics = await section();
    await within(statistics).findByText('10 of 7,501 stitches done — 0.1 %');
    expect(statistics).toHaveTextContent('10 stitches marked today');
    expect(statistics).toHaveTextContent('About 20 stitches a day over the last 2 days');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.json).toMatchObject({ version: 1, day: today });
    // Answered: the server's count, the same ten, and nothing kept any more.
    await waitFor(() => expect(readKept(localStorage, 'p1')).toEqual([]));
    expect(statistics).toHaveTextContent('10 stitches marked today');
  });

  it('says so when the progress cannot be read', async () => {
    showProject({ 'GET /api/stitch/projects/p1/progress': { status: 404, data: { status: 404, title: 'Not Found', detail: 'No such project.' } } }, CHARTED);
    const statistics = await section();
    expect(await within(statistics).findByText('Your stitching progress could not be loaded.')).toBeInTheDocument();
    expect(within(statistics).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
