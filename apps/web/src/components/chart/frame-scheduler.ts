/** How long after the last drag, pinch or wheel step the chart counts as still. */
export const SETTLE_MS = 150;

/**
 * When the viewer draws: in requestAnimationFrame, at most once per frame however often it is asked, or at
 * once for an edit (but at most once a frame: a second edit before the browser's next frame is drawn with
 * it); and whether the chart is moving, so that frames are drafted until it settles and then drawn sharp.
 */
export class FrameScheduler {
  private frame = 0;
  /** Drawn at once since the browser's last frame. */
  private drawnAtOnce = false;
  private moving = false;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly draw: () => void) {}

  /** Draws on the next animation frame (once, however often it is asked). */
  request(): void {
    if (this.frame === 0)
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.draw();
      });
  }

  /** Draws at once, the first time since the browser's last frame; later asks before it wait for it, drawn once. */
  now(): void {
    if (this.drawnAtOnce) {
      this.request();
      return;
    }
    if (this.frame !== 0) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.draw();
    this.drawnAtOnce = true;
    requestAnimationFrame(() => {
      this.drawnAtOnce = false;
    });
  }

  /** A drag, pinch or wheel step moved the chart: it counts as moving until SETTLE_MS after the last, then is drawn again. */
  moved(): void {
    this.moving = true;
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      this.moving = false;
      this.request();
    }, SETTLE_MS);
  }

  /** Whether the chart is moving (frames may be drafts). */
  isMoving(): boolean {
    return this.moving;
  }

  /** Nothing more is drawn. */
  stop(): void {
    if (this.frame !== 0) cancelAnimationFrame(this.frame);
    this.frame = 0;
    clearTimeout(this.settleTimer);
  }
}
