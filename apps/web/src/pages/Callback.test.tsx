// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/harness';
import { Callback } from './Callback';

describe('Callback', () => {
  it('says it is completing sign-in while loading', () => {
    renderScreen(<Callback />, { auth: { isLoading: true } });
    expect(screen.getByText('Completing sign in...')).toBeInTheDocument();
  });

  it('shows the error with a way home', () => {
    renderScreen(<Callback />, { auth: { error: Object.assign(new Error('access_denied: the user cancelled'), { source: 'signinCallback' }) } as never });
    expect(screen.getByRole('heading', { name: 'Sign In Error' })).toBeInTheDocument();
    expect(screen.getByText('access_denied: the user cancelled')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('explains a return that finds no sign-in state, naming PUBLIC_URL', () => {
    renderScreen(<Callback />, { auth: { error: Object.assign(new Error('No matching state found in storage'), { source: 'signinCallback' }) } as never });
    expect(screen.getByText('No matching state found in storage')).toBeInTheDocument();
    expect(screen.getByTestId('sign-in-address-hint')).toHaveTextContent('the operator must set PUBLIC_URL to the address people open Stitchwise at');
  });

  it('adds no address hint to other errors', () => {
    renderScreen(<Callback />, { auth: { error: Object.assign(new Error('access_denied'), { source: 'signinCallback' }) } as never });
    expect(screen.queryByTestId('sign-in-address-hint')).toBeNull();
  });

  it('goes home otherwise', () => {
    renderScreen(<Callback />, { path: '/callback', route: '/callback', auth: { signedIn: true } });
    expect(screen.getByText('Elsewhere')).toBeInTheDocument();
  });
});
