// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DeferredToasts } from './DeferredToasts';

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <DeferredToasts />
    </MemoryRouter>,
  );

describe('DeferredToasts', () => {
  afterEach(() => {
    act(() => toast.dismiss());
    cleanup();
  });

  it('has no container on the home page until a key is pressed, then shows the toast raised before', async () => {
    at('/');
    act(() => void toast.error('This sign-in cannot start here.'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('This sign-in cannot start here.')).toBeNull();
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(await screen.findByText('This sign-in cannot start here.')).toBeInTheDocument();
  });

  it('mounts the container at once on the other pages', async () => {
    at('/colors/matcher');
    act(() => void toast.info('Picked.'));
    expect(await screen.findByText('Picked.')).toBeInTheDocument();
  });
});
