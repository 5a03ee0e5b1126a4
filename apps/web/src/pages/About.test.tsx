// @vitest-environment jsdom
import { ALPHABETS } from '@stitchwise/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/harness';
import { About } from './About';

describe('the About page', () => {
  it('credits every stitch alphabet’s font and carries the licences in full', () => {
    renderScreen(<About />);
    const section = screen.getByRole('region', { name: 'Stitch alphabets' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(ALPHABETS.length);
    for (const [i, alphabet] of ALPHABETS.entries()) {
      expect(items[i]).toHaveTextContent(alphabet.licence);
      expect(items[i]).toHaveTextContent(alphabet.credit.replace(/\.$/, ''));
      expect(items[i]!.textContent).not.toContain('..');
    }
    const full = within(section).getByText(/SIL OPEN FONT LICENSE Version 1\.1/);
    expect(full).toHaveTextContent('Permission to use, copy, modify, distribute and sell this software');
    expect(full).toHaveTextContent('The Hershey Fonts were originally created by Dr.');
  });
});
