/**
 * The signed-in user's bearer token as the API client sends it, and the base address of the API. Kept
 * apart from the client itself (api/client.ts, with openapi-fetch) so the app's first download, which
 * sets the token and reads /api/config, does not need the client.
 */

/** The API's base URL: the same origin by default, where the server serves this app. */
export const API_BASE_URL: string = (import.meta.env.VITE_API_URL as string | undefined) ?? (typeof location === 'undefined' ? '' : location.origin);

let accessToken: string | undefined;
const tokenClearedListeners = new Set<() => void>();

/** The bearer token sent with every call while signed in. */
export function setAccessToken(token: string | undefined): void {
  accessToken = token;
}

export function getAccessToken(): string | undefined {
  return accessToken;
}

/** Called when a 401 answer clears the token, so the sign-in state can follow. */
export function onTokenCleared(listener: () => void): () => void {
  tokenClearedListeners.add(listener);
  return () => tokenClearedListeners.delete(listener);
}

/** The server refused the token (401): it is dropped, and the sign-in state follows. */
export function forgetRefusedToken(): void {
  if (!accessToken) return;
  accessToken = undefined;
  for (const listener of tokenClearedListeners) listener();
}
