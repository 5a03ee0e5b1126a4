import type { IncomingMessage } from 'node:http';
import { isIPv4 } from 'node:net';
import type { Config } from '../config.js';

/**
 * The address of the web app that sign-in returns to. With PUBLIC_URL set it is always that one.
 * Without it, the default `http://localhost:PORT` is only a guess, so a browser on the server's own
 * machine that opened the app by another loopback address (127.0.0.1, [::1]) signs in there: the
 * OpenID state the web app keeps in the browser belongs to the address it was opened at, and a
 * return to another address finds none ("No matching state found in storage").
 */
export class AppAddress {
  private readonly configuredOrigin: string;
  /** Only the built-in provider can accept a return address it derives; an external one has its own list. */
  private readonly followsBrowser: boolean;

  constructor(private readonly config: Pick<Config, 'publicUrl' | 'publicUrlSet' | 'identity'>) {
    this.configuredOrigin = new URL(config.publicUrl).origin;
    this.followsBrowser = !config.publicUrlSet && config.identity.kind === 'builtin';
  }

  /** The web app's base URL for this request: the loopback address the browser used where that is allowed, else PUBLIC_URL (or its default). */
  baseUrlFor(request: IncomingMessage): string {
    return (this.followsBrowser ? loopbackOrigin(request) : undefined) ?? this.config.publicUrl;
  }

  /** Whether a page at `origin` is the web app during this request (CORS of the provider's token endpoint). */
  allowsOrigin(origin: string, request: IncomingMessage): boolean {
    return origin === this.configuredOrigin || origin === new URL(this.baseUrlFor(request)).origin;
  }
}

/**
 * `http://<Host>` when the browser reached this server directly on its own machine: the Host header
 * names a loopback address (localhost, 127.0.0.0/8, [::1]) and the connection really arrived on a
 * loopback address at that very port. Anything else (another name, a LAN address, a proxy, a Host
 * header that does not match the connection) gives undefined, so a forged Host can only ever name
 * the server itself as seen from its own machine: no open redirect, no host-header injection.
 * LAN addresses are left out on purpose: over plain http they are not a secure context, where
 * browsers withhold the Web Crypto that PKCE needs, so sign-in cannot work there anyway.
 */
export function loopbackOrigin(request: IncomingMessage): string | undefined {
  const host = request.headers.host;
  const socket = request.socket as IncomingMessage['socket'] | undefined;
  if (!host || !socket?.localAddress || !socket.localPort) return undefined;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return undefined;
  }
  // Host must be a bare authority: `http://a@b`, paths and the like are not a host.
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
  const port = Number(url.port || 80);
  if (!isLoopbackName(url.hostname) || !isLoopbackAddress(socket.localAddress) || port !== socket.localPort) return undefined;
  return url.origin;
}

function isLoopbackName(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || isLoopbackAddress(hostname);
}

function isLoopbackAddress(address: string): boolean {
  const v4 = address.replace(/^::ffff:/i, '');
  return address === '::1' || (isIPv4(v4) && v4.startsWith('127.'));
}
