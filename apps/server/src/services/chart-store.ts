import { buffer } from 'node:stream/consumers';
import { parsePatternDocument, toPatternDocument, type Pattern } from '@stitchwise/core';
import type { ImageTask } from '../images/image-worker.js';
import type { WorkerPool } from '../images/worker-pool.js';
import type { StoredFileRef } from '../repositories/storage-usage.js';
import type { FileStore } from '../storage/file-store.js';
import { checkDocumentInPool, type DocumentUse } from './document-check.js';

/** How a project draws its chart image: generation's stitch size and symbols setting. */
export interface ChartLook {
  cellSize: number;
  symbols: boolean;
}

/**
 * The one place charts are stored, read, checked and drawn: a stored pattern document is read and parsed
 * once, through the core's parser; a pattern is written as the document every reader expects; a document a
 * client sends is checked in the worker pool; the chart image is drawn there too. Services ask it, and none
 * of them reads or writes pattern documents itself.
 */
export class ChartStore {
  constructor(
    private readonly files: FileStore,
    private readonly pool: WorkerPool,
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

  /** Stores a chart's document and image; their ids and sizes, to be recorded with the project. */
  async store(document: Uint8Array, chartPng: Uint8Array): Promise<{ patternId: string; chartId: string; files: StoredFileRef[] }> {
    const [chartId, patternId] = await Promise.all([this.files.put(chartPng, 'png'), this.files.put(document, 'json')]);
    return {
      patternId,
      chartId,
      files: [
        { id: chartId, size: chartPng.byteLength },
        { id: patternId, size: document.byteLength },
      ],
    };
  }

  /** Deletes a stored chart's files again, when what was to hold them could not be saved: nothing left behind. */
  async discard(stored: { patternId: string; chartId: string }): Promise<void> {
    await Promise.all([stored.chartId, stored.patternId].map((id) => this.files.delete(id)));
  }

  /** A document a client sent, as JSON bytes, parsed and checked in the pool: the pattern, or the 400 naming what is wrong. */
  check(json: Uint8Array, use: DocumentUse, signal?: AbortSignal): Promise<Pattern> {
    return checkDocumentInPool(this.pool, json, use, signal);
  }

  /** The chart image, drawn in the pool as generation draws it (`look`); `signal` stops it when the client goes. */
  async draw(pattern: Pattern, look: ChartLook, signal?: AbortSignal): Promise<Uint8Array> {
    const task: ImageTask = { kind: 'chart-png', pattern, ...look };
    const { bytes } = await this.pool.run<{ bytes: Uint8Array }>(task, undefined, signal);
    return bytes;
  }
}
