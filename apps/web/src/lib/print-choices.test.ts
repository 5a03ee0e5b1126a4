// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRINT_CHOICES, readPrintChoices, rememberPrintChoices } from './print-choices';

beforeEach(() => localStorage.clear());

describe('print choices', () => {
  it('remembers the last PDF printed on this device, for Stitching mode to number its pages the same way', () => {
    expect(readPrintChoices()).toEqual(DEFAULT_PRINT_CHOICES);
    rememberPrintChoices({ paper: 'letter', orientation: 'landscape', preset: 'large-print' });
    expect(readPrintChoices()).toEqual({ paper: 'letter', orientation: 'landscape', preset: 'large-print' });
  });

  it('falls back to the defaults for anything unreadable or unknown', () => {
    localStorage.setItem('stitchwise.print', '{"paper":"a3","orientation":"landscape","preset":"huge"}');
    expect(readPrintChoices()).toEqual({ ...DEFAULT_PRINT_CHOICES, orientation: 'landscape' });
    localStorage.setItem('stitchwise.print', 'not json');
    expect(readPrintChoices()).toEqual(DEFAULT_PRINT_CHOICES);
  });
});
