// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionStatus, NeedsConnection } from './ConnectionStatus';
import { publishOutboxStatus } from './outbox-status';
import { playedNetwork } from '../test/network';

let network: ReturnType<typeof playedNetwork>;

beforeEach(() => {
  network = playedNetwork();
});

afterEach(() => {
  cleanup();
  publishOutboxStatus('idle');
  vi.restoreAllMocks();
});

const indicator = () => screen.getByTestId('connection-status');

describe('ConnectionStatus', () => {
  it('shows nothing while online with nothing to send', () => {
    render(<ConnectionStatus />);
    expect(indicator()).toBeEmptyDOMElement();
    expect(indicator()).toHaveAttribute('aria-live', 'polite'); // mounted, so what it says next is announced
  });

  it("says 'Offline' when the app opens without a network, and what still works in its title", () => {
    network.online = false;
    render(<ConnectionStatus />);
    expect(indicator()).toHaveTextContent(/^Offline — Projects kept on this device/);
    expect(screen.getByTitle(/Projects kept on this device and Stitching mode work/)).toHaveTextContent('Offline');
  });

  it("follows the connection: 'Offline' when it goes, nothing once it is back", () => {
    render(<ConnectionStatus />);
    network.goOnline(false);
    expect(indicator()).toHaveTextContent('Offline');
    network.goOnline(true);
    expect(indicator()).toBeEmptyDOMElement();
  });

  it("says 'Syncing…' while kept marks are sent, then 'Saved'", () => {
    render(<ConnectionStatus />);
    act(() => publishOutboxStatus('syncing'));
    expect(indicator()).toHaveTextContent(/^Syncing…$/);
    act(() => publishOutboxStatus('saved'));
    expect(indicator()).toHaveTextContent(/^Saved$/);
    act(() => publishOutboxStatus('idle'));
    expect(indicator()).toBeEmptyDOMElement();
  });

  it("says 'Offline' rather than 'Saved' when the network goes after a send", () => {
    render(<ConnectionStatus />);
    act(() => publishOutboxStatus('saved'));
    network.goOnline(false);
    expect(indicator()).toHaveTextContent(/^Offline — Projects kept on this device/);
    network.goOnline(true);
    expect(indicator()).toHaveTextContent(/^Saved$/);
  });
});

describe('NeedsConnection', () => {
  it('says offline that the task needs the server, and what still works', () => {
    network.online = false;
    render(<NeedsConnection task="Finding an image’s colours" />);
    expect(screen.getByTestId('needs-connection')).toHaveTextContent(
      'You are offline. Finding an image’s colours needs a connection to the Stitchwise server. Projects kept on this device and Stitching mode still work.',
    );
  });

  it('says nothing online, and follows the connection', () => {
    render(<NeedsConnection task="Making a chart" />);
    expect(screen.getByTestId('needs-connection')).toBeEmptyDOMElement();
    network.goOnline(false);
    expect(screen.getByTestId('needs-connection')).toHaveTextContent('Making a chart needs a connection');
    network.goOnline(true);
    expect(screen.getByTestId('needs-connection')).toBeEmptyDOMElement();
  });
});
