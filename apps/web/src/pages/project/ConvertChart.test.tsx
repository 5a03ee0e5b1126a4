// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChartConversion, Project } from '../../api/schemas';
import { keeping } from '../../test/fixtures';
import type { SentRequest } from '../../test/harness';
import { CHARTED, showProject } from '../../test/project-page';
import { conversionTargets } from './ConvertChart';

const thread = (brand: 'dmc' | 'anchor' | 'madeira', code: string, name: string, hex: string) => ({ brand, code, name, hex });

/** The server's answer: DMC 310 and 3371 both nearest Anchor 403, B5200 nearest Anchor 1. */
const COPY: Project = { ...CHARTED, id: 'p2', name: 'Roses (Anchor)' };
const CONVERSION: ChartConversion = {
  project: COPY,
  note: 'Nearest colours by ΔE00 between screen colours, not official equivalents.',
  mappings: [
    { from: thread('dmc', '310', 'Black', '#000000'), to: thread('anchor', '403', 'Black', '#000000'), delta_e: 0 },
    { from: thread('dmc', 'B5200', 'Snow White', '#FFFFFF'), to: thread('anchor', '1', 'White', '#FFFFFF'), delta_e: 0.2 },
    { from: thread('dmc', '3371', 'Black Brown', '#1E1108'), to: thread('anchor', '403', 'Black', '#000000'), delta_e: 4.3561 },
  ],
};

/** The 'Convert chart to …' button once the chart is read (the chart panel's header is drawn again then). */
async function chartRead(): Promise<HTMLElement> {
  await screen.findByRole('link', { name: 'Start stitching' });
  return screen.getByRole('button', { name: 'Convert chart to …' });
}

describe('Convert chart to …', () => {
  it('offers the other brands, sends the one chosen, and reports every mapping with its ΔE00 and a link to the copy', async () => {
    const user = userEvent.setup();
    const sent: SentRequest[] = [];
    showProject({ 'POST /api/stitch/projects/p1/convert': keeping(sent, { status: 201, data: CONVERSION }) }, CHARTED);

    const opener = await chartRead();
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Convert this chart to another brand' });
    expect(dialog).toHaveTextContent('not official equivalents');
    // The chart is DMC: Anchor and Madeira, not DMC.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel', 'Convert chart to Anchor', 'Convert chart to Madeira']);
    await user.click(within(dialog).getByRole('button', { name: 'Convert chart to Anchor' }));

    const report = await screen.findByRole('region', { name: 'Chart converted to Anchor' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.map((request) => request.json)).toEqual([{ to: 'anchor' }]);
    expect(within(report).getByRole('heading', { name: 'Chart converted to Anchor' })).toHaveFocus();
    expect(report).toHaveTextContent('“Roses (Anchor)” is a new project with this chart in Anchor threads; this project is unchanged.');
    expect(report).toHaveTextContent('3 threads became 2: threads that became the same thread share one in the copy.');
    expect(within(report).getByRole('link', { name: 'Open “Roses (Anchor)”' })).toHaveAttribute('href', '/stitch/projects/p2');

    const table = within(report).getByRole('table', { name: /Nearest colours \(ΔE00\), not official equivalents/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['In this chart', 'In the copy', 'ΔE00']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['DMC 310 Black', 'Anchor 403 Blackshared by 2 threads', '0.0'],
      ['DMC B5200 Snow White', 'Anchor 1 White', '0.2'],
      ['DMC 3371 Black Brown', 'Anchor 403 Blackshared by 2 threads', '4.4'],
    ]);

    // Closing the report gives the focus back to the button that made it.
    await user.click(within(report).getByRole('button', { name: 'Close report' }));
    expect(screen.queryByRole('region', { name: 'Chart converted to Anchor' })).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('shows a blend with both its threads in its swatch, on both sides', async () => {
    const user = userEvent.setup();
    const blend = {
      ...thread('dmc', '318+414', 'Steel Gray Light + Steel Gray Dark', '#9C9C9C'),
      blend: [thread('dmc', '318', 'Steel Gray Light', '#ABABAB'), thread('dmc', '414', 'Steel Gray Dark', '#8C8C8C')],
    };
    const anchored = {
      ...thread('anchor', '399+400', 'Pewter Grey + Pewter Grey Dark', '#999999'),
      blend: [thread('anchor', '399', 'Pewter Grey', '#A0A0A0'), thread('anchor', '400', 'Pewter Grey Dark', '#8A8A8A')],
    };
    const conversion = { ...CONVERSION, mappings: [{ from: blend, to: anchored, delta_e: 1.2 }] };
    showProject({ 'POST /api/stitch/projects/p1/convert': { status: 201, data: conversion } }, CHARTED);
    await user.click(await chartRead());
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Convert chart to Anchor' }));
    const report = await screen.findByRole('region', { name: 'Chart converted to Anchor' });
    expect(report).toHaveTextContent('DMC 318 + 414');
    expect(report).toHaveTextContent('Anchor 399 + 400');
    expect([...report.querySelectorAll('[data-blend]')].map((swatch) => swatch.getAttribute('data-blend'))).toEqual(['#ABABAB #8C8C8C', '#A0A0A0 #8A8A8A']);
  });

  it('opens the copy from the report', async () => {
    const user = userEvent.setup();
    showProject(
      {
        'POST /api/stitch/projects/p1/convert': { status: 201, data: CONVERSION },
        'GET /api/stitch/projects/p2': { status: 200, data: COPY },
      },
      CHARTED,
    );
    await user.click(await chartRead());
    await user.click(screen.getByRole('button', { name: 'Convert chart to Anchor' }));
    await user.click(await screen.findByRole('link', { name: 'Open “Roses (Anchor)”' }));
    expect(await screen.findByRole('heading', { name: 'Roses (Anchor)' })).toBeInTheDocument();
    expect(screen.queryByTestId('conversion-report')).toBeNull();
  });

  it('says why when the server refuses, and shows no report', async () => {
    const user = userEvent.setup();
    const detail = 'This needs 310 KB, and your projects use 1 MB of your 1 MB of storage. Delete projects or copies you no longer need, then try again.';
    showProject({ 'POST /api/stitch/projects/p1/convert': { status: 507, data: { status: 507, code: 'storage_quota_exceeded', detail } } }, CHARTED);
    await user.click(await chartRead());
    await user.click(screen.getByRole('button', { name: 'Convert chart to Madeira' }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('conversion-report')).toBeNull();
  });

  it('is not offered before there is a chart', async () => {
    showProject();
    expect(await screen.findByRole('heading', { name: 'Roses' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Convert chart to …' })).toBeNull();
  });

  it('offers every brand but the chart’s own, and all three for a chart of several brands', () => {
    const entry = (brand: 'dmc' | 'anchor', code: string) => ({ ...CHARTED.color_legend[0]!, brand, code });
    expect(conversionTargets([entry('anchor', '403')])).toEqual(['dmc', 'madeira']);
    expect(conversionTargets([entry('dmc', '310'), entry('anchor', '403')])).toEqual(['dmc', 'anchor', 'madeira']);
  });
});
