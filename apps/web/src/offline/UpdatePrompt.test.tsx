// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The service worker's side, played by a stand-in for workbox-window's Workbox: the test fires its
 * 'waiting' (a new version installed) and 'controlling' (it took over) events.
 */
const workboxes = vi.hoisted(() => {
  class FakeWorkbox {
    static made: FakeWorkbox[] = [];
    readonly listeners = new Map<string, (() => void)[]>();
    readonly skipWaiting = vi.fn();
    readonly registered = vi.fn(() => Promise.resolve(undefined));
    readonly updated = vi.fn(() => Promise.resolve(undefined));
    constructor(
      readonly url: string,
      readonly options: unknown,
    ) {
      FakeWorkbox.made.push(this);
    }
    addEventListener(type: string, listener: () => void): void {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    fire(type: 'waiting' | 'controlling'): void {
      for (const listener of this.listeners.get(type) ?? []) listener();
    }
    messageSkipWaiting(): void {
      this.skipWaiting();
    }
    register(): Promise<undefined> {
      return this.registered();
    }
    update(): Promise<undefined> {
      return this.updated();
    }
  }
  return FakeWorkbox;
});
vi.mock('workbox-window', () => ({ Workbox: workboxes }));

const reload = vi.fn();

/** A fresh page: the module keeps the waiting version, so each test loads it anew. */
async function openPage() {
  vi.resetModules();
  const [{ registerServiceWorker }, { UpdatePrompt }] = await Promise.all([import('./app-update'), import('./UpdatePrompt')]);
  return { registerServiceWorker, UpdatePrompt };
}

/** The worker registered by registerServiceWorker (workbox-window is loaded after the page). */
async function registeredWorkbox() {
  await waitFor(() => expect(workboxes.made).toHaveLength(1));
  return workboxes.made[0]!;
}

beforeEach(() => {
  workboxes.made = [];
  reload.mockReset();
  vi.stubEnv('DEV', false); // a built app: in development no worker is built, and none is registered
  // Not yet controlled: the first install.
  Object.defineProperty(navigator, 'serviceWorker', { value: Object.assign(new EventTarget(), { controller: null }), configurable: true });
  const { href, origin, pathname, search } = window.location;
  vi.stubGlobal('location', { href, origin, pathname, search, reload });
});

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

/** The prompt on screen, the worker registered, and a new version waiting: the offer shown. */
async function newVersionWaiting() {
  const { registerServiceWorker, UpdatePrompt } = await openPage();
  render(<UpdatePrompt />);
  registerServiceWorker();
  const workbox = await registeredWorkbox();
  act(() => workbox.fire('waiting'));
  return workbox;
}

const updateButton = () => screen.queryByRole('button', { name: 'Update available — reload' });

describe('UpdatePrompt', () => {
  it('registers the worker at /service-worker.js for the whole site', async () => {
    const { registerServiceWorker } = await openPage();
    registerServiceWorker();
    const workbox = await registeredWorkbox();
    expect(workbox.url).toBe('/service-worker.js');
    expect(workbox.options).toEqual({ scope: '/' });
    await waitFor(() => expect(workbox.registered).toHaveBeenCalledOnce());
  });

  it("reads the app's settings again once the first install takes the page, so they are kept for starting offline", async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response('{}'));
    });
    const { registerServiceWorker } = await openPage();
    registerServiceWorker();
    await waitFor(() => expect(workboxes.made).toHaveLength(1));
    expect(fetched).toEqual([]);
    navigator.serviceWorker.dispatchEvent(new Event('controllerchange'));
    expect(fetched).toEqual(['/api/config']);
    expect(reload).not.toHaveBeenCalled();
    // Days later, a new version takes over this same tab: it reloads into it.
    navigator.serviceWorker.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledOnce();
    expect(fetched).toEqual(['/api/config']);
  });

  it('offers the update only once a new version waits, and does not reload by itself', async () => {
    const { registerServiceWorker, UpdatePrompt } = await openPage();
    render(<UpdatePrompt />);
    registerServiceWorker();
    const workbox = await registeredWorkbox();
    expect(updateButton()).toBeNull();

    act(() => workbox.fire('waiting'));
    expect(updateButton()).toBeVisible();
    expect(screen.getByText('A new version of Stitchwise is ready.')).toBeVisible();
    expect(workbox.skipWaiting).not.toHaveBeenCalled();
    act(() => workbox.fire('controlling')); // another tab took the update: this page is not swapped under the stitcher
    expect(reload).not.toHaveBeenCalled();
  });

  it('asks the waiting version to take over when clicked, and reloads once it has', async () => {
    // A page the worker already answers: a new version taking over reloads it (in every tab).
    Object.assign(navigator.serviceWorker, { controller: {} });
    const user = userEvent.setup();
    const workbox = await newVersionWaiting();

    await user.click(updateButton()!);
    expect(workbox.skipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    act(() => {
      navigator.serviceWorker.dispatchEvent(new Event('controllerchange'));
    });
    expect(reload).toHaveBeenCalledOnce();
  });

  it("puts the offer away with 'Later'", async () => {
    const user = userEvent.setup();
    await newVersionWaiting();
    expect(updateButton()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(updateButton()).toBeNull();
  });

  it('looks for a new version when the app comes back to the screen', async () => {
    const { registerServiceWorker } = await openPage();
    registerServiceWorker();
    const workbox = await registeredWorkbox();
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.updated).not.toHaveBeenCalled();
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(workbox.updated).toHaveBeenCalledOnce();
    visibility.mockRestore();
  });

  it('registers nothing in development, or in a browser without service workers', async () => {
    const { registerServiceWorker, UpdatePrompt } = await openPage();
    render(<UpdatePrompt />);
    vi.stubEnv('DEV', true);
    registerServiceWorker();
    vi.stubEnv('DEV', false);
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    registerServiceWorker();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(workboxes.made).toEqual([]);
    expect(updateButton()).toBeNull();
  });
});
