import { buffer } from 'node:stream/consumers';
import { fromGenerationFields, parsePatternDocument, toPatternDocument, type Pattern } from '@stitchwise/core';
import type { ProjectParameters } from '../../contract/projects.js';
import type { ImageTask } from '../../images/image-worker.js';
import type { WorkerPool } from '../../images/worker-pool.js';
import { chartLayout } from '../../render/chart.js';
import type { ChartDrawingsRepository, ChartLook } from '../../repositories/chart-drawings.js';
import type { StorageUsageRepository, StoredFileRef } from '../../repositories/storage-usage.js';
import { isFileId, newFileId, type FileStore, type StoredFile } from '../../storage/file-store.js';
import { checkDocumentInPool, type DocumentUse } from './document-check.js';

export type { ChartLook };

/** A row for an image not drawn yet is kept at least this long, so a save still being written keeps it. */
const UNDRAWN_GRACE_MS = 60 * 60_000;

/** The chart image as generation drew it for a project: its stitch size and symbols setting (the defaults where unsaid). */
export function chartLookOf(parameters: ProjectParameters): ChartLook {
  const { cellSize, symbols } = fromGenerationFields(parameters);
  return { cellSize, symbols };
}

/** The chart image's size in pixels, known before it is drawn. */
export function chartImageSize(pattern: Pick<Pattern, 'width' | 'height'>, look: ChartLook): { width: number; height: number } {
  const { width, height } = chartLayout(pattern, look.cellSize);
  return { width, height };
}

/**
 * Bytes a chart image will take, counted against quotas until it is drawn: 0.04 a pixel, above what charts
 * of 100–500 stitches at stitch sizes 6–24 take with symbols (0.02–0.04) and without (0.007–0.025).
 */
export function estimatedImageBytes(grid: Pick<Pattern, 'width' | 'height'>, look: ChartLook): number {
  const { width, height } = chartImageSize(grid, look);
  return Math.ceil(width * height * 0.04);
}

/**
 * The one place charts are stored, read, checked and drawn: a stored pattern document is read and parsed
 * once, through the core's parser; a pattern is written as the document every reader expects; a document a
 * client sends is checked in the worker pool; a chart image is drawn there too, on its first request. Services ask it, and none
 * of them reads or writes pattern documents itself.
 */
export class ChartStore {
  /** Chart images being drawn in this process, by file id: readers asking at once share one drawing. */
  private readonly drawing = new Map<string, Promise<StoredFile | undefined>>();
  /** The drawing whose turn it is (see drawNamed). */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly files: FileStore,
    private readonly pool: WorkerPool,
    private readonly drawings: ChartDrawingsRepository,
    private readonly usage: StorageUsageRepository,
  ) {}

  /** The pattern of a stored document; undefined when the file is gone (deleted or expired a moment ago). */
  async read(patternFileId: string): Promise<Pattern | undefined> {
    const file = await this.files.get(patternFileId);
    return file && parsePatternDocument((await buffer(file.stream())).toString('utf8'));
  }

  /** A pattern as the stored document's bytes (JSON), before it is stored: its size counts against a quota. */
  documentOf(pattern: Pattern): Uint8Array {
    return new TextEncoder().encode(JSON.stringify(toPatternDocument(pattern)));
  }

  /**
   * Names the chart image of a stored document without drawing it: the request answers at once, and the
   * image is drawn when first asked for (`file`). The id is new, so a reader never gets the image of
   * another document than the one it was named for.
   */
  async nameImage(patternId: string, look: ChartLook): Promise<string> {
    const chartId = newFileId('png');
    await this.drawings.add({ chartFile: chartId, patternFile: patternId, look }, new Date().toISOString());
    return chartId;
  }

  /**
   * Stores a chart's document (of a chart `grid` stitches wide and high) and names its image (`nameImage`);
   * the ids and sizes to record, the image at its estimate until it is drawn and measured.
   */
  async storeDocument(
    document: Uint8Array,
    grid: Pick<Pattern, 'width' | 'height'>,
    look: ChartLook,
  ): Promise<{ patternId: string; chartId: string; files: StoredFileRef[] }> {
    const patternId = await this.files.put(document, 'json');
    const chartId = await this.nameImage(patternId, look);
    return {
      patternId,
      chartId,
      files: [
        { id: chartId, size: estimatedImageBytes(grid, look) },
        { id: patternId, size: document.byteLength },
      ],
    };
  }

  /**
   * A stored file by id, or a chart image named by `nameImage` drawn now, on its first request, and
   * stored (so it is drawn once). Any process can draw it: the drawing is deterministic, so two processes
   * drawing at once store the same bytes.
   */
  async file(id: string): Promise<StoredFile | undefined> {
    const stored = await this.files.get(id);
    if (stored || !isFileId(id) || !id.endsWith('.png')) return stored;
    let drawing = this.drawing.get(id);
    if (!drawing) {
      drawing = this.drawNamed(id).finally(() => this.drawing.delete(id));
      this.drawing.set(id, drawing);
    }
    return drawing;
  }

  private async drawNamed(chartId: string): Promise<StoredFile | undefined> {
    const named = await this.drawings.find(chartId);
    // No row: not an image of ours, or another reader (here or in another process) has just drawn it.
    if (!named) return this.files.get(chartId);
    const pattern = await this.read(named.patternFile);
    if (!pattern) return undefined; // its chart was deleted a moment ago
    // One image at a time per process: a page of thumbnails waits its turn rather than filling the pool.
    const drawn = this.turn.catch(() => undefined).then(() => this.draw(pattern, named.look));
    this.turn = drawn;
    const png = await drawn;
    await this.files.putAs(chartId, png);
    await this.usage.correctSize(chartId, png.byteLength);
    await this.drawings.remove(chartId);
    return this.files.get(chartId);
  }

  /** Forgets images nobody asked for before what named them went (maintenance); how many. */
  forgetUndrawn(referenced: ReadonlySet<string>, now = new Date()): Promise<number> {
    return this.drawings.removeForgotten(referenced, new Date(now.getTime() - UNDRAWN_GRACE_MS).toISOString());
  }

  /** Deletes a stored chart's files again, when what was to hold them could not be saved: nothing left behind. */
  async discard(stored: { patternId: string; chartId: string }): Promise<void> {
    await Promise.all([this.drawings.remove(stored.chartId), ...[stored.chartId, stored.patternId].map((id) => this.files.delete(id))]);
  }

  /** A document a client sent, as JSON bytes, parsed and checked in the pool: the pattern, or the 400 naming what is wrong. */
  check(json: Uint8Array, use: DocumentUse, signal?: AbortSignal): Promise<Pattern> {
    return checkDocumentInPool(this.pool, json, use, signal);
  }

  /**
   * The chart image, drawn in the pool as `look` says. Not stopped when a reader goes: others may be
   * waiting for the same image, and it is stored for the next.
   */
  private async draw(pattern: Pattern, look: ChartLook): Promise<Uint8Array> {
    const task: ImageTask = { kind: 'chart-png', pattern, ...look };
    const { bytes } = await this.pool.run<{ bytes: Uint8Array }>(task);
    return bytes;
  }
}
