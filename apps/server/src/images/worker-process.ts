import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { busy } from '../refusals.js';

export interface WorkerProcessOptions {
  /** Tasks that may wait while one runs; beyond that, requests are refused with 503. */
  maxQueue: number;
  /** The process exits after this long without work, giving all its memory back; 60 s unless told. */
  idleTimeoutMs?: number;
}

/**
 * Why a worker process ended: retired after being idle, closed with the app, stopped because the
 * client gave up on its task, or crashed (killed, out of memory, a native fault).
 */
export type WorkerExit = 'idle' | 'closed' | 'cancelled' | 'crashed';

/**
 * glibc malloc settings for the worker process, unless the environment already sets them: blocks of
 * 1 MB and more are mapped on their own, so a freed tensor or image goes back to the system at once
 * instead of staying in a heap (glibc's threshold would otherwise climb to 32 MB as big blocks are
 * freed); and few arenas, so the model's threads do not each keep one. Other C libraries ignore them.
 */
const MALLOC_ENVIRONMENT = { MALLOC_MMAP_THRESHOLD_: '1048576', MALLOC_ARENA_MAX: '2' };

/** Messages between the server and its worker process. */
type ToWorker = { type: 'task'; id: number; task: unknown };
type FromWorker =
  { type: 'listening' } | { type: 'done'; id: number; result: unknown } | { type: 'error'; id: number; error: { name: string; message: string } };

interface Job {
  task: unknown;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * A child process for memory-heavy work (model inference), one task at a time, with a bounded
 * queue. A worker thread would share the server's resident memory and malloc arenas for the life of
 * the server; a process is started on first use, exits after being idle so its memory goes back to
 * the system, is started again for the next task after a crash (the task it was running fails with a
 * 500), and is killed when the server closes. When a task is running and the queue is full, the
 * request is refused at once with 503 and Retry-After, as the worker pools do.
 *
 * The script is a module next to this one that calls `serveTasks` (the .ts source when running from
 * sources, through tsx; the built .js otherwise). Tasks and results cross by structured clone.
 */
export class WorkerProcess {
  private child: ChildProcess | undefined;
  /** The process has said it listens for tasks (a message sent earlier could arrive while its modules still load, and be lost). */
  private listening = false;
  private readonly queue: Job[] = [];
  private running: (Job & { id: number }) | undefined;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly exitListeners: ((exit: WorkerExit) => void)[] = [];

  constructor(
    private readonly script: string,
    private readonly options: WorkerProcessOptions,
  ) {}

  /**
   * Runs a task. When `signal` aborts, a waiting task leaves the queue and a running one is stopped by
   * ending the process (a model run cannot be interrupted otherwise); either rejects with the reason.
   */
  run<Result>(task: unknown, signal?: AbortSignal): Promise<Result> {
    if (this.closed) return Promise.reject(new Error(`The ${this.script} process is closed`));
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    if (this.queue.length >= this.options.maxQueue) return Promise.reject(busy());
    return new Promise<Result>((resolve, reject) => {
      const job: Job = { task, resolve: resolve as (result: unknown) => void, reject };
      const cancel = (): void => {
        this.cancel(job, signal!.reason);
      };
      signal?.addEventListener('abort', cancel, { once: true });
      const settled = (): void => {
        signal?.removeEventListener('abort', cancel);
      };
      job.resolve = (result) => {
        settled();
        resolve(result as Result);
      };
      job.reject = (error) => {
        settled();
        reject(error instanceof Error ? error : new Error(String(error)));
      };
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Tasks it takes at once: the one running and those waiting. */
  get capacity(): number {
    return 1 + this.options.maxQueue;
  }

  /** Tasks waiting for the process. */
  get pending(): number {
    return this.queue.length;
  }

  /** The live process's id, if one is running. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Called whenever a process ends, with the reason. */
  onExit(listener: (exit: WorkerExit) => void): void {
    this.exitListeners.push(listener);
  }

  /** Refuses further tasks, fails the waiting ones, and waits until the process has exited. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const closedError = new Error(`The ${this.script} process is closed`);
    for (const job of this.queue.splice(0)) job.reject(closedError);
    this.running?.reject(closedError);
    this.running = undefined;
    await this.retire('closed');
  }

  private cancel(job: Job, reason: unknown): void {
    const waiting = this.queue.indexOf(job);
    if (waiting >= 0) {
      this.queue.splice(waiting, 1);
      job.reject(reason);
      return;
    }
    if (this.running?.task !== job.task) return;
    this.running = undefined;
    job.reject(reason);
    const child = this.child;
    this.child = undefined;
    child?.kill('SIGKILL');
    this.notify('cancelled');
    this.dispatch();
  }

  /** Gives the next task to the process if it is free, starting the process when there is none. */
  private dispatch(): void {
    if (this.running || this.closed) return;
    const job = this.queue.shift();
    if (!job) {
      this.scheduleRetirement();
      return;
    }
    clearTimeout(this.idleTimer);
    const child = this.child ?? this.start();
    this.running = { ...job, id: this.nextId++ };
    child.ref(); // a task in flight keeps the server's event loop alive, as a pending request would
    child.channel?.ref();
    if (this.listening) this.send(child, this.running);
  }

  private send(child: ChildProcess, job: Job & { id: number }): void {
    try {
      child.send({ type: 'task', id: job.id, task: job.task } satisfies ToWorker);
    } catch (error) {
      // A task that cannot be cloned: its own failure, not the process's.
      this.running = undefined;
      job.reject(error);
      this.dispatch();
    }
  }

  private start(): ChildProcess {
    const fromSource = import.meta.url.endsWith('.ts');
    const filename = fileURLToPath(new URL(`./${this.script}.${fromSource ? 'ts' : 'js'}`, import.meta.url));
    // From sources, the core is read from its sources too (the `stitchwise-source` export condition), so no build is needed.
    // --expose-gc: the worker collects a task's garbage at once (see serveTasks), and a model file's once loaded.
    const execArgv = [...(fromSource ? ['--import', 'tsx', '--conditions=stitchwise-source'] : []), '--expose-gc'];
    const child = fork(filename, [], {
      execArgv,
      env: { ...MALLOC_ENVIRONMENT, ...process.env },
      serialization: 'advanced', // typed arrays cross as they are
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    this.listening = false;
    child.on('message', (message: FromWorker) => {
      if (child !== this.child) return;
      if (message.type !== 'listening') this.settle(message);
      else if (!this.listening) {
        this.listening = true;
        if (this.running) this.send(child, this.running);
      }
    });
    // A crash emits 'exit'; a failed start or a broken channel emits 'error', perhaps without 'exit', so the
    // process is killed to be sure it is gone. Either ends this process once.
    let ended = false;
    const end = (description: string): void => {
      if (ended) return;
      ended = true;
      if (child === this.child) this.crashed(description);
    };
    child.on('error', (error) => {
      child.kill('SIGKILL');
      end(error.message);
    });
    child.once('exit', (code, signal) => {
      end(signal ? `signal ${signal}` : `exit code ${code}`);
    });
    return child;
  }

  private settle(message: Exclude<FromWorker, { type: 'listening' }>): void {
    const job = this.running;
    if (!job || message.id !== job.id) return;
    this.running = undefined;
    if (message.type === 'done') job.resolve(message.result);
    else job.reject(Object.assign(new Error(message.error.message), { name: message.error.name }));
    this.dispatch();
  }

  /** The process ended on its own: its task fails, and waiting tasks go to a new process. */
  private crashed(description: string): void {
    this.child = undefined;
    const job = this.running;
    this.running = undefined;
    job?.reject(new Error(`The ${this.script} process stopped unexpectedly (${description})`));
    this.notify('crashed');
    this.dispatch();
  }

  private scheduleRetirement(): void {
    const child = this.child;
    if (!child) return;
    // Idle: the process no longer holds the server's event loop open, and it leaves after the timeout.
    child.unref();
    child.channel?.unref();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.retire('idle'), this.options.idleTimeoutMs ?? 60_000);
    this.idleTimer.unref();
  }

  /** Ends the process on purpose and waits for it to exit (killed outright if it lingers). */
  private async retire(reason: 'idle' | 'closed'): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    this.notify(reason); // from here on, the next task starts a new process
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => {
        child.once('exit', () => {
          resolve();
        });
      });
      child.kill('SIGTERM');
      const lingering = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(lingering);
    }
  }

  private notify(exit: WorkerExit): void {
    for (const listener of this.exitListeners) listener(exit);
  }
}

/**
 * The worker process's side: runs each task the server sends with `handle` and answers with its
 * result or error (name and message: the message carries marks such as UndecodableImageError's).
 * After each answer it collects garbage: a task's big buffers (about 100 MB for a 12-megapixel
 * image) would otherwise stay until V8 next felt pressure, which in a process that allocates little
 * else can be long. The process leaves when the server does (its channel closes).
 */
export function serveTasks(handle: (task: never) => Promise<unknown>): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error('This module runs as a worker process, started by WorkerProcess');
  process.on('disconnect', () => process.exit(0));
  const failure = (id: number, error: unknown): FromWorker => {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    return { type: 'error', id, error: { name, message } };
  };
  const answer = async ({ id, task }: ToWorker): Promise<void> => {
    let reply: FromWorker;
    try {
      reply = { type: 'done', id, result: await handle(task as never) };
    } catch (error) {
      reply = failure(id, error);
    }
    try {
      send(reply);
    } catch (error) {
      send(failure(id, error)); // a result that cannot be cloned
    }
  };
  const collectGarbage = (globalThis as { gc?: () => void }).gc; // with --expose-gc, as WorkerProcess starts it
  process.on('message', (message: ToWorker) => {
    // Collected on the next turn, when nothing refers to the task or its result any more.
    void answer(message).then(() => setImmediate(() => collectGarbage?.()));
  });
  send({ type: 'listening' } satisfies FromWorker);
}
