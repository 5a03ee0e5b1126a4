// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle } from './use-document-title';

describe('useDocumentTitle', () => {
  it('names the page before the app, and the home page by the app alone', () => {
    expect(documentTitle('Color Matcher')).toBe('Color Matcher · Stitchwise');
    expect(documentTitle('')).toBe('Stitchwise');
  });

  it('sets the tab title while the page shows, follows a new title, and puts back the app name on leaving', () => {
    const { rerender, unmount } = renderHook(({ title }) => useDocumentTitle(title), { initialProps: { title: 'Stitch Projects' } });
    expect(document.title).toBe('Stitch Projects · Stitchwise');
    rerender({ title: 'Edit chart: Harbour' });
    expect(document.title).toBe('Edit chart: Harbour · Stitchwise');
    unmount();
    expect(document.title).toBe('Stitchwise');
  });
});
