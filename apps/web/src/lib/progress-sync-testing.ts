/**
 * Shared by the sync engine's tests (progress-sync*.test.ts, which run in jsdom): a stand-in server, pages
 * that open an engine on it, and the setup each test file calls once (`setUpProgressSyncTests`).
 */
import { applyProgressChanges, countDone, decodeProgress, encodeProgress, isDone, progressChanges, setDone } from '@stitchwise/core';
import { afterEach, beforeEach, vi } from 'vitest';
import { setAccessToken } from '../api/client';
import { progressTransport } from '../api/progress';
import { ProgressSync, type ServerProgress } from './progress-sync';

/**
 * The sync engine's server, at the edge (`fetch`): PUT makes the changes between `base` and `done` to the
 * stored bits, for an older version too (as the real server does where the stitches did not change: here,
 * all of them); GET is not needed (the engine is given the first read).
 */
export class FakeServer {
  version = 1;
  readonly width = 20;
  readonly height = 10;
  bits: Uint8Array = new Uint8Array(25);
  readonly puts: { version: number; done: number[]; base: number[] | undefined; keepalive: boolean }[] = [];
  /** The `day` of each PUT. */
  readonly days: (string | undefined)[] = [];
  /** Stitches marked per day, counted as the real server does: each PUT's change in done stitches, on its day. */
  daily: Record<string, number> = {};
  /** What the next PUTs do instead of answering: a network failure or a status. */
  failures: ('network' | number)[] = [];
  /** While set, PUTs wait for it before they are answered. */
  gate: Promise<void> | undefined;

  constructor() {
    vi.stubGlobal('fetch', async (request: Request, init?: RequestInit) => {
      const sent = new Request(request, init);
      const body = (await sent.json()) as { version: number; done: string; base?: string; day?: string };
      const base = body.base === undefined ? undefined : decodeProgress(body.base)!;
      this.puts.push({ version: body.version, done: cellsOf(decodeProgress(body.done)!), base: base && cellsOf(base), keepalive: sent.keepalive });
      this.days.push(body.day);
      await this.gate;
      const failure = this.failures.shift();
      if (failure === 'network') throw new TypeError('Failed to fetch');
      if (failure !== undefined) return json(failure, { status: failure, code: 'nope', detail: 'This project is gone.' });
      if (body.version > this.version) return json(409, { status: 409, code: 'unknown_version', detail: 'No such version.' });
      if (!base) throw new Error('every PUT carries its base');
      const before = countDone(this.bits);
      this.bits = applyProgressChanges(this.bits, progressChanges(base, decodeProgress(body.done)!));
      const day = body.day ?? 'no day';
      this.daily = { ...this.daily, [day]: (this.daily[day] ?? 0) + countDone(this.bits) - before };
      return json(200, this.progress());
    });
  }

  progress(): ServerProgress {
    return {
      version: this.version,
      width: this.width,
      height: this.height,
      done: encodeProgress(this.bits),
      done_count: 0,
      total: 200,
      updated_at: null,
      daily: this.daily,
    };
  }

  /** Marks made elsewhere (another device). */
  set(cells: number[], done: boolean): void {
    this.bits = this.bits.slice();
    for (const cell of cells) setDone(this.bits, cell, done);
  }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
}

export function cellsOf(bits: Uint8Array): number[] {
  const cells: number[] = [];
  for (let cell = 0; cell < bits.length * 8; cell++) if (isDone(bits, cell)) cells.push(cell);
  return cells;
}

/** Whether the browser says it is online (navigator.onLine); set it, and dispatch the window's event, to go off or on line. */
export const network = { online: true };
/** The detach of each page's engine opened; `engines.splice(0).forEach((detach) => detach())` closes them (the tab is closed). */
export const engines: (() => void)[] = [];

/** A page's engine for project p1, listening to the window as the app's does; another device keeps nothing in this browser's storage. */
export function openPage(server: FakeServer, storage: Storage | undefined = localStorage): ProgressSync {
  const sync = new ProgressSync('p1', progressTransport('p1'), { storage });
  engines.push(sync.attach(window));
  sync.load(server.progress());
  return sync;
}

export const settle = () => vi.advanceTimersByTimeAsync(0);

/** Fake timers, empty storage, a signed-in visitor and a browser online for every test; each page closed after it. */
export function setUpProgressSyncTests(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    setAccessToken('token');
    network.online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => network.online);
  });

  afterEach(() => {
    engines.splice(0).forEach((detach) => detach());
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
