import axios, { AxiosError } from 'axios';
import type { Problem } from './types';

/** The API's base URL: the same origin by default, where the server serves this app. */
export const API_BASE_URL: string = (import.meta.env.VITE_API_URL as string | undefined) ?? '';

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

/** 30 s timeout, JSON by default, bearer token when signed in; any 401 clears the token. */
export const api = axios.create({ baseURL: API_BASE_URL, timeout: 30_000, headers: { 'Content-Type': 'application/json' } });

api.interceptors.request.use((request) => {
  if (accessToken) request.headers.Authorization = `Bearer ${accessToken}`;
  return request;
});

api.interceptors.response.use(undefined, (error: unknown) => {
  if (error instanceof AxiosError && error.response?.status === 401 && accessToken) {
    accessToken = undefined;
    for (const listener of tokenClearedListeners) listener();
  }
  return Promise.reject(error instanceof Error ? error : new Error(String(error)));
});

/** HTTP status of a failed call, if the server answered. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof AxiosError ? error.response?.status : undefined;
}

/** The server's `detail` sentence of a failed call, if it sent one. */
export function detailOf(error: unknown): string | undefined {
  if (!(error instanceof AxiosError)) return undefined;
  const body = error.response?.data as Partial<Problem> | undefined;
  return typeof body?.detail === 'string' ? body.detail : undefined;
}

/** Multipart form from plain values; booleans as 'true'/'false', undefined left out. */
export function formOf(fields: Record<string, string | number | boolean | Blob | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
}
