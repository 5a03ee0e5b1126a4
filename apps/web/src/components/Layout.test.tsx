// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/harness';
import { Layout } from './Layout';

const menuLabels = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent.slice(1));

describe('Layout', () => {
  it('shows visitors their menu, sign-in buttons and the anonymous footer', () => {
    renderScreen(<Layout />);
    expect(menuLabels()).toEqual(['Create Stitch Plan', 'Home', 'Dominant Color Analysis', 'Color Matcher', 'Convert Threads', 'About']);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start Free Now' })).toBeVisible();
    expect(screen.getByTestId('user-name')).toHaveTextContent('Not Signed In');
    expect(screen.getByTestId('user-email')).toHaveTextContent('Anonymous');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
  });

  it('puts Create Stitch Plan first for signed-in users, with name fallbacks', () => {
    renderScreen(<Layout />, { auth: { signedIn: true, name: undefined } });
    expect(menuLabels()).toEqual([
      'Create Stitch Plan',
      'Home',
      'Dominant Color Analysis',
      'Color Matcher',
      'Convert Threads',
      'Stitch Projects',
      'My Threads',
      'About',
    ]);
    expect(screen.getByTestId('user-name')).toHaveTextContent('User');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });

  it("keeps the top bar's 'Dashboard' title as text, leaving the page's own h1 to name it", () => {
    renderScreen(<Layout />);
    expect(screen.getByRole('banner')).toHaveTextContent('Dashboard');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });

  it('shows a spinner instead of the buttons while sign-in is loading', () => {
    renderScreen(<Layout />, { auth: { isLoading: true } });
    expect(screen.getByRole('status', { name: 'Checking sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });

  it('marks Home active only on / and other items by prefix', () => {
    renderScreen(<Layout />, { path: '/*', route: '/colors/matcher' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /Color Matcher/ })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: /Home/ })).not.toHaveAttribute('aria-current');
  });

  it('opens a new page at its top, wherever the last one was scrolled to (issue #30)', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    vi.stubGlobal('scrollY', 700);
    const user = userEvent.setup();
    renderScreen(<Layout />, { path: '/*', route: '/stitch/new?step=result&pattern=p.json' });
    expect(scrollTo).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /About/ }));
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 0, left: 0, behavior: 'instant' });
  });

  it('opens the slide-over with the hamburger and closes it with the close button and the backdrop', async () => {
    const user = userEvent.setup();
    renderScreen(<Layout />);
    const open = screen.getByRole('button', { name: 'Open menu' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    await user.click(screen.getByTestId('sidebar-backdrop'));
    expect(open).toHaveAttribute('aria-expanded', 'false');
  });

  it("'Start Free Now' asks the provider for its sign-up screen", async () => {
    const user = userEvent.setup();
    const calls: unknown[] = [];
    renderScreen(<Layout />, {
      auth: {
        signinRedirect: (args?: unknown) => {
          calls.push(args);
          return Promise.resolve();
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Start Free Now' }));
    expect(calls).toEqual([{ extraQueryParams: { prompt: 'create' } }]);
  });
});
