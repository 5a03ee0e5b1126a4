import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Refusal } from '../refusals.js';

export interface UrlFetchPolicy {
  /** Hosts (exact names) and CIDRs that may be reached although private: intranets, tests. */
  allow: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

export const DEFAULT_URL_FETCH_POLICY: UrlFetchPolicy = { allow: [], maxBytes: 10 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3 };

const forbidden = (detail: string): Refusal => new Refusal('invalid', 'url_forbidden', detail, { field: { name: 'image_url', message: detail } });
const failed = (detail: string): Refusal => new Refusal('invalid', 'url_fetch_failed', detail, { field: { name: 'image_url', message: detail } });
const tooLarge = (): Refusal => new Refusal('too_large', 'payload_too_large', 'The image at the URL is larger than the 10 MB limit.');

/**
 * Fetches an image URL for a stranger without letting them reach inside our network (SSRF):
 * - http and https only; at most `maxRedirects` redirects, each one checked again;
 * - every address a name resolves to must be public unicast (no loopback, private, link-local,
 *   CGNAT, multicast, reserved, metadata, or IPv6 forms embedding those), unless allowed by setting;
 * - the connection goes to the address that was checked (the check is the socket's own DNS lookup),
 *   so a name cannot resolve to something else between check and use (DNS rebinding);
 * - IP literals in any notation are normalised by the URL parser (2130706433, 0x7f.1, 0177.0.0.1, [::ffff:7f00:1]) before checking;
 * - the body is read only up to `maxBytes`, and the whole fetch is bounded by `timeoutMs`.
 */
export async function fetchUrlSafely(text: string, policy: UrlFetchPolicy = DEFAULT_URL_FETCH_POLICY): Promise<Uint8Array> {
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  let url = parseUrl(text);
  for (let redirects = 0; ; redirects++) {
    const response = await request(url, policy, deadline);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (redirects >= policy.maxRedirects) throw failed(`The image URL redirected more than ${policy.maxRedirects} times.`);
      url = parseUrl(new URL(response.headers.location, url).toString());
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw failed(`The image URL answered with HTTP status ${status}.`);
    }
    return readBody(response, policy, deadline);
  }
}

function parseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Refusal('invalid', 'invalid_request', 'image_url is not a valid URL.', { field: { name: 'image_url', message: 'must be an http or https URL' } });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw forbidden('Only http and https image URLs are accepted.');
  if (url.username || url.password) throw forbidden('Image URLs with credentials are not accepted.');
  return url;
}

/** Whether an address may be reached: public unicast, or inside an allowed CIDR. */
export function isAddressAllowed(address: string, allow: readonly string[]): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
  for (const entry of allow) {
    if (!entry.includes('/')) continue;
    try {
      const [network, prefix] = ipaddr.parseCIDR(entry);
      if (network.kind() === parsed.kind() && parsed.match([network, prefix])) return true;
    } catch {
      // not a CIDR: a host name, handled by the caller
    }
  }
  return parsed.range() === 'unicast';
}

function checkedLookup(allow: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const refused = addresses.find((entry) => !isAddressAllowed(entry.address, allow));
      if (refused || addresses.length === 0) {
        callback(Object.assign(new Error(`Address ${refused?.address ?? 'none'} is not public`), { code: 'EFORBIDDENADDRESS' }), '', 0);
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function request(url: URL, policy: UrlFetchPolicy, signal: AbortSignal): Promise<http.IncomingMessage> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const hostAllowed = policy.allow.includes(hostname.toLowerCase());
  if (!hostAllowed && ipaddr.isValid(hostname) && !isAddressAllowed(hostname, policy.allow)) {
    return Promise.reject(forbidden('The image URL points to a private or reserved address.'));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.get(
      url,
      {
        signal,
        headers: { accept: 'image/*', 'user-agent': 'Stitchwise image fetcher' },
        ...(hostAllowed ? {} : { lookup: checkedLookup(policy.allow) }),
      },
      resolve,
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EFORBIDDENADDRESS') reject(forbidden('The image URL points to a private or reserved address.'));
      else if (signal.aborted) reject(failed(`The image URL did not answer within ${policy.timeoutMs / 1000} seconds.`));
      else reject(failed(`The image URL could not be reached (${error.code ?? error.message}).`));
    });
  });
}

function readBody(response: http.IncomingMessage, { maxBytes, timeoutMs }: UrlFetchPolicy, signal: AbortSignal): Promise<Uint8Array> {
  const declared = Number(response.headers['content-length']);
  if (declared > maxBytes) {
    response.destroy();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onAbort = (): void => {
      response.destroy();
      reject(failed(`The image URL did not finish sending within ${timeoutMs / 1000} seconds.`));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        signal.removeEventListener('abort', onAbort);
        response.destroy();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => {
      signal.removeEventListener('abort', onAbort);
      resolve(new Uint8Array(Buffer.concat(chunks)));
    });
    response.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      if (!signal.aborted) reject(failed(`The image download broke off (${error.message}).`));
    });
  });
}
