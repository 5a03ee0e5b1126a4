// Minimal typings for the parts of autocannon the load benchmark uses (it ships none).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface RequestData {
    method: string;
    path: string;
    headers: Record<string, string>;
    body?: string | Buffer;
  }

  export interface Request {
    /** Changes the request before it is sent; runs for every request of every connection. */
    setupRequest?: (request: RequestData, context: Record<string, unknown>) => RequestData;
  }

  /** One connection: emits `headers` ({ statusCode, headers: flat [name, value, …] }) and `connError`. */
  export type Client = EventEmitter;

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds a response may take before the request counts as timed out. */
    timeout?: number;
    requests?: Request[];
    setupClient?: (client: Client) => void;
  }

  /** Emits `response` (client, status, bytes, ms) and `reqError` (error) for every request. */
  export type Instance = EventEmitter;

  function autocannon(options: Options, done: (error: Error | null) => void): Instance;
  export default autocannon;
}
