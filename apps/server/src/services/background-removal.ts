import type { ModelState } from '../contract/session.js';
import type { ImageInput } from '../images/intake.js';
import type { SegmentationResult, SegmentationTask } from '../images/segmentation-worker.js';
import type { WorkerPool } from '../images/worker-pool.js';
import { runImageWork } from './image-work.js';

/**
 * Background removal through the segmentation worker (one thread owning the ISNet model).
 * Tracks whether the model is loaded, for /api/health.
 */
export class BackgroundRemoval {
  private state: ModelState = 'not_loaded';

  constructor(
    private readonly pool: WorkerPool,
    private readonly modelThreads: number,
  ) {}

  get modelState(): ModelState {
    return this.state;
  }

  async remove(input: ImageInput, previewSide?: number): Promise<SegmentationResult> {
    if (this.state !== 'ready') this.state = 'loading';
    const task: SegmentationTask = { bytes: input.bytes, header: input.header, threads: this.modelThreads, ...(previewSide ? { previewSide } : {}) };
    try {
      const result = await runImageWork(() => this.pool.run<SegmentationResult>(task), input.field);
      this.state = 'ready';
      return result;
    } catch (error) {
      if (this.state === 'loading') this.state = 'failed';
      throw error;
    }
  }
}
