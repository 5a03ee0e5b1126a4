/**
 * Test support for the editor screen's tests (not used by the app): the screen on a chart, its viewer on a
 * fake canvas, and the mouse on chart positions as a user would point at them.
 */
import type { Pattern } from '@stitchwise/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeCanvas } from '../../components/chart/fake-canvas';
import { renderScreen } from '../../test/harness';
import { EditorScreen } from './EditorScreen';

/**
 * The mouse on the editor's chart, once it is shown: `click`, `dragAt` and `hover` at chart positions in
 * stitches (x 2.5: the middle of the third column), `drag` through the middles of stitches.
 */
export async function chartPointer() {
  const canvas = screen.getByTestId('chart-canvas');
  // The editor publishes where the chart sits on the canvas (scale, offsets), which the canvas's box starts at 0, 0.
  const stage = await waitFor(() => {
    const element = canvas.closest<HTMLElement>('[data-view]');
    if (!element) throw new Error('the chart is not shown yet');
    return element;
  });
  const point = (x: number, y: number) => {
    const [scale, offsetX, offsetY] = stage.dataset.view!.split(' ').map(Number) as [number, number, number];
    return { clientX: offsetX + x * scale, clientY: offsetY + y * scale };
  };
  const mouse = { pointerType: 'mouse', pointerId: 1, button: 0 };
  /** A mouse drag through chart positions, from the first to the last. */
  const dragAt = (...positions: [number, number][]) => {
    const points = positions.map(([x, y]) => point(x, y));
    fireEvent.pointerDown(canvas, { ...points[0], ...mouse });
    for (const at of points.slice(1)) fireEvent.pointerMove(canvas, { ...at, ...mouse });
    fireEvent.pointerUp(canvas, { ...points.at(-1), ...mouse });
  };
  return {
    dragAt,
    drag: (...cells: [number, number][]) => dragAt(...cells.map(([x, y]): [number, number] => [x + 0.5, y + 0.5])),
    click: (x: number, y: number) => dragAt([x, y]),
    /** The mouse moved over the chart with no button down. */
    hover: (x: number, y: number) => fireEvent.pointerMove(canvas, { ...point(x, y), ...mouse, buttons: 0 }),
  };
}

/** The editor on `pattern`, the viewer on a fake canvas (its record of drawing calls in `canvasFake`). */
export async function openEditor(pattern: Pattern) {
  const canvasFake = installFakeCanvas({ width: 640, height: 480 });
  const user = userEvent.setup();
  renderScreen(<EditorScreen name="Roses" pattern={pattern} back={<a href="/back">Back</a>} save={() => <button type="button">Save</button>} />);
  return { user, canvasFake, ...(await chartPointer()) };
}

export const toolButton = (name: string) => within(screen.getByRole('toolbar', { name: 'Tools' })).getByRole('button', { name });
export const currentThread = () => screen.getByTestId('current-thread');
