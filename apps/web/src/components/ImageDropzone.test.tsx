// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOUCH_SCREEN } from '../lib/use-media-query';
import { renderScreen } from '../test/harness';
import { ImageDropzone } from './ImageDropzone';

/** A screen whose main pointer is a finger (`touch`) or a mouse, as the browser's media queries say. */
function stubPointer(touch: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: touch && query === TOUCH_SCREEN,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('ImageDropzone', () => {
  it('says drag and drop or click with a mouse', () => {
    stubPointer(false);
    renderScreen(<ImageDropzone label="Upload an image" onFile={() => undefined} />);
    expect(
      screen.getByRole('button', { name: /^Upload an image Drag and drop or click to choose · PNG, JPG, JPEG, GIF, BMP, WEBP, HEIC · max 10MB$/ }),
    ).toBeInTheDocument();
  });

  it("says 'Choose a photo' on a touch screen, where nothing can be dragged in, and keeps the types and the limit", () => {
    stubPointer(true);
    renderScreen(<ImageDropzone label="Upload an image" onFile={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Choose a photo PNG, JPG, JPEG, GIF, BMP, WEBP, HEIC · max 10MB' })).toBeInTheDocument();
    expect(screen.queryByText(/drag/i)).toBeNull();
  });
});
