// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPage } from './load-page';

const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/About-old.js'));

describe('loadPage', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.useRealTimers();
  });

  it('hands over the chunk when it loads', async () => {
    await expect(loadPage(() => Promise.resolve({ About: 'page' }))()).resolves.toEqual({ About: 'page' });
  });

  it('reloads the app once when a chunk is gone (a newer version was deployed), and fails a second time within the minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    const reload = vi.fn();
    let settled = false;
    void loadPage(gone, reload)().finally(() => (settled = true));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(settled).toBe(false); // the page stays in its loading state until the reload takes it

    // After the reload (a fresh module), the same failure within a minute is an error, not a loop.
    vi.resetModules();
    const { loadPage: afterReload } = await import('./load-page');
    await expect(afterReload(gone, reload)()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(reload).toHaveBeenCalledOnce();

    vi.setSystemTime(new Date('2026-11-25T12:01:01Z'));
    void afterReload(gone, reload)();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });
});
