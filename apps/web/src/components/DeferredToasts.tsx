import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

const Toasts = lazy(() => import('./Toasts'));

/** A safety net for a toast the home page raises with nobody touching it (a sign-in that cannot start). */
const MOUNT_ANYWAY_AFTER_MS = 10_000;

/**
 * Mounts the toast container once a toast can be wanted, so the home page's first load does without
 * its code: on any page but the home page (their chunks raise toasts), after the first click or key
 * press, or 10 s after the start. react-toastify keeps toasts raised before a container exists and
 * shows them when it mounts.
 */
export function DeferredToasts() {
  const { pathname } = useLocation();
  const [wanted, setWanted] = useState(pathname !== '/');
  useEffect(() => {
    if (pathname !== '/') setWanted(true);
  }, [pathname]);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const options = { capture: true, once: true } as const;
    window.addEventListener('pointerdown', want, options);
    window.addEventListener('keydown', want, options);
    const timer = window.setTimeout(want, MOUNT_ANYWAY_AFTER_MS);
    return () => {
      window.removeEventListener('pointerdown', want, options);
      window.removeEventListener('keydown', want, options);
      window.clearTimeout(timer);
    };
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
