import { describe, expect, it } from 'vitest';
import { LatestOnlyScheduler } from './latest-only';

/** A scheduler whose worker is a list of the jobs sent to it. */
function scheduler() {
  const sent: { id: number; job: string }[] = [];
  return { sent, queue: new LatestOnlyScheduler<string>((id, job) => sent.push({ id, job })) };
}

describe('LatestOnlyScheduler', () => {
  it('sends a request at once when the worker is free, and shows its answer', () => {
    const { sent, queue } = scheduler();
    const id = queue.submit('20 colours');
    expect(sent).toEqual([{ id, job: '20 colours' }]);
    expect(queue.busy).toBe(true);
    expect(queue.settle(id)).toBe(true);
    expect(queue.busy).toBe(false);
  });

  it('while the worker is busy, keeps only the latest request and sends it when the worker answers', () => {
    const { sent, queue } = scheduler();
    const first = queue.submit('20 colours');
    queue.submit('19 colours');
    const latest = queue.submit('18 colours');
    expect(sent.map((s) => s.job)).toEqual(['20 colours']);
    // The first answer is stale (newer requests exist): dropped, and the newest goes out; 19 never does.
    expect(queue.settle(first)).toBe(false);
    expect(sent.map((s) => s.job)).toEqual(['20 colours', '18 colours']);
    expect(sent[1]!.id).toBe(latest);
    expect(queue.settle(latest)).toBe(true);
    expect(sent).toHaveLength(2);
  });

  it('ignores answers to jobs that are not running (duplicates, unknown ids)', () => {
    const { sent, queue } = scheduler();
    const id = queue.submit('a');
    queue.submit('b');
    expect(queue.settle(id + 100)).toBe(false);
    expect(sent).toHaveLength(1); // an unknown answer does not free the worker
    expect(queue.settle(id)).toBe(false);
    expect(queue.settle(id)).toBe(false);
    expect(sent).toHaveLength(2);
  });

  it('cancelling drops the waiting request and makes the running one stale', () => {
    const { sent, queue } = scheduler();
    const running = queue.submit('a');
    queue.submit('b');
    queue.cancelAll();
    expect(queue.settle(running)).toBe(false);
    expect(sent.map((s) => s.job)).toEqual(['a']);
    expect(queue.busy).toBe(false);
    // A request after the cancellation is the newest again.
    expect(queue.settle(queue.submit('c'))).toBe(true);
  });
});
