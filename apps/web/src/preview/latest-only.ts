/**
 * Request bookkeeping for a worker that does one job at a time, where only the newest request
 * matters: a job is sent at once when the worker is free; while it is busy, only the latest
 * request waits (an earlier waiting one is dropped unsent); an answer is worth showing only if it
 * belongs to the newest request. A running job cannot be interrupted (the worker's computation is
 * synchronous), so "cancelled" means never sent, or its answer ignored.
 */
export class LatestOnlyScheduler<Job> {
  private nextId = 1;
  /** The newest request's id: the only one whose answer counts. */
  private newest = 0;
  private running: number | undefined;
  private waiting: { id: number; job: Job } | undefined;

  constructor(private readonly send: (id: number, job: Job) => void) {}

  /** Asks for `job`; returns its id. Any earlier request is stale from now on. */
  submit(job: Job): number {
    const id = this.nextId++;
    this.newest = id;
    if (this.running === undefined) this.start(id, job);
    else this.waiting = { id, job };
    return id;
  }

  /**
   * The worker answered job `id` (or failed it): sends the waiting request, if any, and says
   * whether the answer is the newest request's (to show) or stale (to drop). Answers to jobs not
   * running are stale too.
   */
  settle(id: number): boolean {
    if (id !== this.running) return false;
    this.running = undefined;
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) this.start(waiting.id, waiting.job);
    return id === this.newest;
  }

  /** Makes every request stale: the waiting one is dropped, the running one's answer will be ignored. */
  cancelAll(): void {
    this.waiting = undefined;
    this.newest = this.nextId++;
  }

  /** Whether a job is with the worker. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /** The job with the worker, if any (to fail it when the worker dies). */
  get runningId(): number | undefined {
    return this.running;
  }

  private start(id: number, job: Job): void {
    this.running = id;
    this.send(id, job);
  }
}
