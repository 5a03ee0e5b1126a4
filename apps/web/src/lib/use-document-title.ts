import { useEffect } from 'react';

export const APP_NAME = 'Stitchwise';

/** The tab title for a page: "Color Matcher · Stitchwise"; the home page's (an empty title) is just "Stitchwise". */
export function documentTitle(title: string): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/**
 * Names the page in the browser tab, history and bookmarks, and for screen readers on navigation.
 * Leaving the page puts back the plain app name, so a page that names nothing never shows another's.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
    return () => {
      document.title = APP_NAME;
    };
  }, [title]);
}
