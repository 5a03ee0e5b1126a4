// @vitest-environment jsdom
import { upgradeLegendEntry } from '@stitchwise/core';
import { NO_MARKS, toPatternDocument, type Pattern } from '@stitchwise/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/harness';
import { installFakeCanvas } from './fake-canvas';
import { PatternChart } from './PatternChart';

afterEach(() => vi.restoreAllMocks());

const legend = [
  upgradeLegendEntry({
    index: 0,
    hex: '#112233',
    symbol: '■',
    dmc_code: '939',
    dmc_name: 'Navy Blue Very Dark',
    stitch_count: 6,
    rgb: { r: 17, g: 34, b: 51 },
  }),
];
const pattern: Pattern = {
  width: 3,
  height: 2,
  legend,
  cells: new Int16Array(6),
  marks: NO_MARKS,
  stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 1 },
};

function show() {
  return (
    <PatternChart
      label="Stitch Plan"
      header={<h3>Stitch Plan</h3>}
      patternUrl="http://localhost/files/pattern.json"
      imageUrl="http://localhost/files/chart.png"
      imageAlt="The stitch chart"
      imageClassName=""
      legend={legend}
    />
  );
}

describe('PatternChart', () => {
  it('reads the pattern document and shows it in the viewer', async () => {
    installFakeCanvas({ width: 400, height: 300 });
    const harness = renderScreen(show(), { answers: { 'GET /files/pattern.json': { status: 200, data: toPatternDocument(pattern) } } });
    expect(await screen.findByRole('application', { name: /Stitch chart, 3 by 2 stitches/ })).toBeInTheDocument();
    expect(harness.requests).toEqual(['GET /files/pattern.json']);
    expect(screen.queryByRole('img', { name: 'The stitch chart' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Stitch Plan' })).toBeInTheDocument();
    expect(screen.getAllByTestId('legend-row')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Highlight DMC 939/ })).toBeInTheDocument();
  });

  it('passes the document’s backstitch and knots on to the viewer and the legend', async () => {
    installFakeCanvas({ width: 400, height: 300 });
    const marks = { parts: [], backstitches: [{ x1: 0, y1: 0, x2: 6, y2: 0, thread: 0 }], knots: [{ x: 3, y: 3, thread: 0 }] };
    renderScreen(show(), { answers: { 'GET /files/pattern.json': { status: 200, data: toPatternDocument({ ...pattern, marks }) } } });
    expect(await screen.findByRole('group', { name: 'Stitches shown' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Backstitch' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('columnheader', { name: 'Knots' })).toBeInTheDocument();
  });

  it('keeps showing the chart image and the plain legend when the document cannot be read', async () => {
    installFakeCanvas({ width: 400, height: 300 });
    renderScreen(show(), { answers: { 'GET /files/pattern.json': { status: 200, data: { format: 'something else' } } } });
    expect(screen.getByRole('img', { name: 'The stitch chart' })).toHaveAttribute('src', 'http://localhost/files/chart.png');
    expect(await screen.findByText('Loading the zoomable chart…')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText('Loading the zoomable chart…')).toBeNull());
    expect(screen.getByRole('img', { name: 'The stitch chart' })).toBeInTheDocument();
    expect(screen.queryByRole('application')).toBeNull();
    expect(screen.getAllByTestId('legend-row')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Highlight/ })).toBeNull();
  });
});
