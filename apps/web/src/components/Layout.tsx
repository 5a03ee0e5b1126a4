import { lazy, Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useSession } from '../auth/use-session';
import { EDITOR_PATH } from '../lib/paths';
import { useScrollToTop } from '../lib/use-scroll-to-top';
import { ConnectionStatus } from '../offline/ConnectionStatus';
import { Icon } from './Icon';
import { PageLoading } from './PageLoading';
import { Spinner } from './Spinner';
import { hasWantedClaim } from '../pages/wizard/claim-storage';

interface MenuItem {
  to: string;
  label: string;
  icon: string;
}

const HOME: MenuItem = { to: '/', label: 'Home', icon: '⌂' };
const DOMINANT: MenuItem = { to: '/colors/dominant', label: 'Dominant Color Analysis', icon: '◐' };
const MATCHER: MenuItem = { to: '/colors/matcher', label: 'Color Matcher', icon: '✚' };
const CONVERT: MenuItem = { to: '/threads/convert', label: 'Convert Threads', icon: '⇄' };
const ABOUT: MenuItem = { to: '/about', label: 'About', icon: 'ℹ' };
const CREATE: MenuItem = { to: '/stitch/new', label: 'Create Stitch Plan', icon: '✕' };
const PROJECTS: MenuItem = { to: '/stitch/projects', label: 'Stitch Projects', icon: '▦' };
const MY_THREADS: MenuItem = { to: '/threads/mine', label: 'My Threads', icon: '≋' };

// Visitors can make (restricted) charts too, so the wizard leads their menu as it leads a signed-in user's.
export const SIGNED_OUT_MENU = [CREATE, HOME, DOMINANT, MATCHER, CONVERT, ABOUT];
export const SIGNED_IN_MENU = [CREATE, HOME, DOMINANT, MATCHER, CONVERT, PROJECTS, MY_THREADS, ABOUT];

/** Loaded only when a visitor's result waits to be claimed after sign-in (pages/wizard/claim-storage.ts). */
const ClaimAfterSignIn = lazy(() => import('../pages/wizard/ClaimAfterSignIn'));

/** The shell: fixed sidebar (a slide-over on small screens), top bar, and the page. */
export function Layout() {
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);
  // A new page opens at its top (Back and Forward keep the browser's own restoring).
  useScrollToTop(location.pathname);
  const menu = session.signedIn ? SIGNED_IN_MENU : SIGNED_OUT_MENU;
  // Stays mounted once started: the claim leaves storage as it is sent.
  const [claimWaiting, setClaimWaiting] = useState(false);
  useEffect(() => {
    if (session.signedIn && hasWantedClaim()) setClaimWaiting(true);
  }, [session.signedIn]);

  return (
    <div className="min-h-screen bg-slate-50 text-slate-800">
      {claimWaiting && (
        <Suspense fallback={null}>
          <ClaimAfterSignIn />
        </Suspense>
      )}
      {menuOpen && (
        <div className="fixed inset-0 z-30 bg-slate-900/40 lg:hidden" data-testid="sidebar-backdrop" onClick={() => setMenuOpen(false)} aria-hidden="true" />
      )}
      <aside
        id="sidebar"
        aria-label="Sidebar"
        className={`fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-slate-200 bg-white transition-transform lg:translate-x-0 ${menuOpen ? 'translate-x-0' : '-translate-x-full'}`}
      >
        <div className="flex items-center justify-between gap-2 px-5 py-5">
          <NavLink to="/" className="flex items-center gap-2 font-semibold text-violet-700">
            <img src="/favicon.svg" alt="Stitchwise logo" className="h-8 w-8" />
            <span className="text-lg">Stitchwise</span>
          </NavLink>
          <button
            type="button"
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded text-slate-500 hover:bg-slate-100 lg:hidden"
            onClick={() => setMenuOpen(false)}
            aria-label="Close menu"
          >
            ✕
          </button>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-3">
          <ul className="space-y-1">
            {menu.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  onClick={() => setMenuOpen(false)}
                  className={({ isActive }) =>
                    `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-violet-100 text-violet-800' : 'text-slate-600 hover:bg-slate-100'}`
                  }
                >
                  <span aria-hidden="true" className="w-4 text-center">
                    {item.icon}
                  </span>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <SidebarFooter />
      </aside>

      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center justify-between border-b border-slate-200 bg-white/90 px-4 backdrop-blur lg:px-8">
          <div className="flex items-center gap-3">
            <button
              type="button"
              className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
              onClick={() => setMenuOpen(true)}
              aria-label="Open menu"
              aria-controls="sidebar"
              aria-expanded={menuOpen}
            >
              ☰
            </button>
            {/* The spec's top-bar title; each page names itself in its own h1. */}
            <p className="hidden text-lg font-semibold lg:block">Dashboard</p>
          </div>
          <div className="flex items-center gap-2">
            <ConnectionStatus />
            {session.isLoading ? (
              <Spinner label="Checking sign-in" />
            ) : session.signedIn ? null : (
              <>
                <button type="button" className="btn-secondary" onClick={() => void session.signIn()}>
                  Sign In
                </button>
                <button type="button" className="btn-primary" onClick={() => void session.signUp()}>
                  Start Free Now
                </button>
              </>
            )}
          </div>
        </header>
        {/* The chart editor takes the whole width beside the sidebar, with less padding: the chart is what it is
            for (at 1280 px over 60 % of the window), and on a big screen it grows instead of the margins. */}
        <main className={`page-scale mx-auto p-4 ${EDITOR_PATH.test(location.pathname) ? '' : 'max-w-6xl lg:p-8'}`}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

function SidebarFooter() {
  const session = useSession();
  const profile = session.profile;
  const picture = typeof profile?.picture === 'string' ? profile.picture : undefined;
  return (
    <div className="border-t border-slate-200 p-4">
      <div className="flex items-center gap-3">
        {picture ? (
          <img src={picture} alt="Your profile picture" className="h-10 w-10 rounded-full object-cover" />
        ) : (
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-200 text-slate-500">
            <Icon name="user" />
          </span>
        )}
        <div className="min-w-0">
          <p className="truncate text-sm font-medium" data-testid="user-name">
            {session.signedIn ? (profile?.name ?? 'User') : 'Not Signed In'}
          </p>
          <p className="truncate text-xs text-slate-500" data-testid="user-email">
            {session.signedIn ? (profile?.email ?? 'No e-mail address') : 'Anonymous'}
          </p>
        </div>
      </div>
      {session.signedIn && (
        <button type="button" className="btn-secondary mt-3 w-full" onClick={() => void session.signOut()}>
          Sign Out
        </button>
      )}
    </div>
  );
}
