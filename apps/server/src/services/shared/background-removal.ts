import type { ModelState } from '../../contract/session.js';
import type { SegmentationResult, SegmentationTask } from '../../images/background-removal.js';
import { HttpProblem } from '../../http/problem.js';
import { Refusal } from '../../refusals.js';
import type { ImageInput } from '../../images/intake.js';
import type { WorkerProcess } from '../../images/worker-process.js';
import { runImageWork } from './image-work.js';

/**
 * Background removal through the segmentation worker process, which owns the ISNet model. Tracks
 * the model for /api/health: not loaded until the first removal and again once the idle process has
 * left; loading during a removal in a new process; ready while a process holds it; failed when
 * loading it failed or the process crashed, until a removal succeeds again.
 */
export class BackgroundRemoval {
  private state: ModelState = 'not_loaded';

  constructor(
    private readonly worker: WorkerProcess,
    private readonly modelThreads: number,
  ) {
    worker.onExit((exit) => {
      this.state = exit === 'crashed' ? 'failed' : 'not_loaded';
    });
  }

  get modelState(): ModelState {
    return this.state;
  }

  /** Cuts out the subject; `signal` stops a waiting or running removal (the model process is ended). */
  async remove(input: ImageInput, previewSide?: number, signal?: AbortSignal): Promise<SegmentationResult> {
    if (this.state !== 'ready') this.state = 'loading';
    const task: SegmentationTask = { bytes: input.bytes, header: input.header, threads: this.modelThreads, ...(previewSide ? { previewSide } : {}) };
    try {
      const result = await runImageWork(() => this.worker.run<SegmentationResult>(task, signal), input.field);
      this.state = 'ready';
      return result;
    } catch (error) {
      if (error instanceof HttpProblem || error instanceof Refusal) {
        // A damaged upload (422) is found after the model has loaded; a refusal (busy) never reached it.
        if (error instanceof HttpProblem && error.status === 422) this.state = 'ready';
      } else if (this.state === 'loading' && !signal?.aborted) this.state = 'failed';
      throw error;
    }
  }
}
