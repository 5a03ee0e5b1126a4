/**
 * Test support for the palette's tests (not used by the app): the palette wired to a real
 * `useChartEditor` as the editor screen wires it, with a refused edit shown as an alert.
 */
import { activeLegend, markUse, threadCounts, type EditableChart } from '@stitchwise/core';
import { act, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Palette } from './Palette';
import { useChartEditor } from './use-chart-editor';

export function PaletteHost({ initial }: { initial: EditableChart }) {
  const editor = useChartEditor(initial);
  const [current, setCurrent] = useState<number | undefined>();
  const [highlight, setHighlight] = useState<number | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const counts = threadCounts(editor.chart);
  const uses = markUse(editor.chart.marks, editor.chart.threads.length);
  return (
    <>
      <Palette
        chart={editor.chart}
        counts={counts}
        uses={uses}
        legend={activeLegend(editor.chart, counts, uses)}
        current={current}
        onCurrent={setCurrent}
        highlight={highlight}
        onHighlight={setHighlight}
        onEdit={(operation) => setRefusal(editor.apply(operation))}
      />
      {refusal && <p role="alert">{refusal}</p>}
    </>
  );
}

/** The palette's thread buttons, by DMC code, in order. */
export const paletteCodes = (): string[] => screen.getAllByTestId('palette-thread').map((row) => row.dataset.code ?? '');

/** The palette's button for a thread. */
export function paletteRow(code: string): HTMLElement {
  const row = screen.getAllByTestId('palette-thread').find((element) => element.dataset.code === code);
  if (!row) throw new Error(`DMC ${code} is not in the palette`);
  return row;
}

/** The stitch count the palette shows for a thread, as a number. */
export const paletteCount = (code: string): number => Number(within(paletteRow(code)).getByTestId('palette-count').textContent.replace(/,/g, ''));

/** What the palette says a thread stitches besides full stitches ('' when nothing). */
export const paletteMarks = (code: string): string => within(paletteRow(code)).queryByTestId('palette-marks')?.textContent ?? '';

/** Waits for the palette to follow the chart: the editor updates it once the frame showing an edit is out. */
export async function paletteFollows(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  });
}
