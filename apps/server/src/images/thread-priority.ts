import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The niceness of threads doing heavy work: below the thread that answers requests. */
const HEAVY_WORK_NICENESS = 10;

/**
 * Lowers the CPU priority of the calling thread, so that when every core is busy with images, the
 * event loop still gets the CPU at once and /api/health, 429s and 503s answer quickly. On Linux,
 * niceness belongs to each thread (its id is under /proc/thread-self) and is inherited by the threads
 * it starts — libvips' and onnxruntime's included. Elsewhere this does nothing.
 */
export function yieldToRequests(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    setPriority(threadId, HEAVY_WORK_NICENESS);
  } catch {
    // No /proc (macOS, Windows) or not allowed: heavy work runs at normal priority.
  }
}
