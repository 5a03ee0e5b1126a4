// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/harness';
import { MD_UP } from '../../lib/use-media-query';
import { photo } from '../../test/wizard';
import { ImageStep } from './ImageStep';

/** The screen's width as the browser's media queries see it: the idea box is open from the start only where there are two columns. */
function stubWidth(wide: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query === MD_UP,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function showStep() {
  const file = photo();
  return renderScreen(
    <ImageStep picture={{ kind: 'file', file }} preview="blob:preview" onPicture={() => undefined} onIdea={() => undefined} onContinue={() => undefined} />,
  );
}

const follows = (first: Element, second: Element) => (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

describe('The upload step', () => {
  it('shows the preview and Continue right after the upload box, then the address, then the idea box (closed on a phone)', () => {
    stubWidth(false);
    showStep();
    const order = [
      screen.getByRole('button', { name: /^Upload an image/ }),
      screen.getByRole('img', { name: 'The selected image' }),
      screen.getByRole('button', { name: 'Continue to Settings' }),
      screen.getByLabelText('Or enter an image URL'),
      screen.getByText('Or start from an idea'),
    ];
    for (let i = 1; i < order.length; i++) expect(follows(order[i - 1]!, order[i]!)).toBe(true);
    expect(screen.getByText('garden.png (0.00 MB)')).toBeInTheDocument();
    const ideas = screen.getByText('Or start from an idea').closest('details')!;
    expect(ideas.open).toBe(false);
    expect(screen.getByRole('heading', { name: 'Generate an idea', hidden: true })).not.toBeVisible();
  });

  it('opens the idea box from the start where there is room beside the preview', () => {
    stubWidth(true);
    showStep();
    expect(screen.getByText('Or start from an idea').closest('details')!.open).toBe(true);
    expect(screen.getByText(/Up to 10 AI ideas per day/)).toBeInTheDocument();
  });
});
