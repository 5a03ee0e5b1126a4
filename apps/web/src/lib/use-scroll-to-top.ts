import { useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/**
 * A new page or step opens at its top: when `screen` (what names the page or step shown, such as the
 * path or the wizard's step) changes through a navigation the app made (a link, a button, a redirect),
 * the window scrolls to its top before the browser paints, instead of keeping the previous screen's
 * position. The browser's Back and Forward are left to the browser, which puts the window back where it
 * was on that entry, and an address with a #fragment to the browser's going there.
 *
 * The app's router is the declarative one (`BrowserRouter`), so React Router's `<ScrollRestoration>`,
 * which needs a data router, is not available; this is its reset on new entries.
 */
export function useScrollToTop(screen: string): void {
  const navigation = useNavigationType();
  const { hash } = useLocation();
  const shown = useRef(screen);
  useLayoutEffect(() => {
    if (shown.current === screen) return;
    shown.current = screen;
    if (navigation === NavigationType.Pop || hash || (window.scrollY === 0 && window.scrollX === 0)) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [screen, navigation, hash]);
}
