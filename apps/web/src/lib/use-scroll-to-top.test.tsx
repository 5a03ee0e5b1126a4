// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollToTop } from './use-scroll-to-top';

let navigate: NavigateFunction;

/** A screen named by its path, as the app's shell names pages. */
function Shell() {
  navigate = useNavigate();
  useScrollToTop(useLocation().pathname);
  return null;
}

const scrollTo = vi.fn();
beforeEach(() => {
  scrollTo.mockClear();
  vi.stubGlobal('scrollTo', scrollTo);
  vi.stubGlobal('scrollY', 1200); // scrolled down the page
  render(
    <MemoryRouter initialEntries={['/stitch/new']}>
      <Shell />
    </MemoryRouter>,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const go = (to: string | number, options?: { replace?: boolean }) =>
  act(async () => {
    await (typeof to === 'number' ? navigate(to) : navigate(to, options));
  });

describe('useScrollToTop', () => {
  it('leaves the window where it is on opening', () => {
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to the top when a link, a button or a redirect opens a new screen', async () => {
    await go('/about');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
    await go('/colors/matcher', { replace: true });
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('keeps the position when the screen stays the same (only the query changed)', async () => {
    await go('/stitch/new?mode=stitching', { replace: true });
    await go('/stitch/new?mode=other');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("leaves Back and Forward to the browser's own restoring", async () => {
    await go('/about');
    scrollTo.mockClear();
    await go(-1);
    await go(1);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('leaves an address with a #fragment to go to its target', async () => {
    await go('/about#licences');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('does nothing when the window is at its top already', async () => {
    vi.stubGlobal('scrollY', 0);
    await go('/about');
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
