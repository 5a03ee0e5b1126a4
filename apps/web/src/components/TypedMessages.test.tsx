// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDEA_MESSAGES } from '../lib/idea-messages';
import { TypedMessages } from './TypedMessages';

afterEach(() => vi.useRealTimers());

describe('TypedMessages', () => {
  it('has 30 distinct messages', () => {
    expect(new Set(IDEA_MESSAGES).size).toBe(30);
  });

  it('types each message at 70 ms a character and moves on every 4 s', () => {
    vi.useFakeTimers();
    render(<TypedMessages />);
    const shown = () => screen.getByTestId('idea-message').textContent.replace('▍', '');
    expect(shown()).toBe('');
    // act() runs a synchronous callback at once; its thenable is not needed.
    for (let i = 0; i < 5; i++) void act(() => vi.advanceTimersByTime(70));
    expect(shown()).toBe(IDEA_MESSAGES[0].slice(0, 5));
    void act(() => vi.advanceTimersByTime(4000 - 350));
    expect(screen.getByTestId('idea-message')).toHaveAccessibleName(IDEA_MESSAGES[1]);
    expect(shown()).toBe('');
  });
});
