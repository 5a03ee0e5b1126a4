/**
 * Test support for the chart stage's tests (not used by the app): what the toolbar says about the zoom.
 */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** The zoom the toolbar shows, px per stitch, once the viewer has a view. */
export async function shownScale(): Promise<number> {
  await waitFor(() => expect(screen.getByTestId('zoom-level')).toHaveTextContent(/px per stitch/));
  return parseFloat(screen.getByTestId('zoom-level').textContent);
}
