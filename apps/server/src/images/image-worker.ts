/**
 * Worker thread for image work: decoding, analysis and cropping, off the event loop.
 * Pixel buffers go back to the main thread by transfer, not by copy.
 */
import {
  defaultStrands,
  dominantColors,
  fabricByCount,
  generatePattern,
  parsePatternDocument,
  stitchesPerInch,
  threadsOf,
  threadsOfKeys,
  toOxs,
  toPatternDocument,
  type DominantColor,
  type LegendEntry,
  type Pattern,
  type PatternOptions,
  type PatternStats,
  type ThreadBrand,
} from '@stitchwise/core';
import { renderChart } from '../render/chart.js';
import { untitledChartTitle } from '../render/chart-title.js';
import { checkPatternDocument, type CheckedDocument } from './check-document.js';
import { readChartFileTask, type ReadChartFile } from './read-chart-file.js';
import { renderPdf, type Paper, type PdfVariant, type PrintChoice } from '../render/pdf.js';
import { decodeForPattern, decodeImage, decoding, imagePipeline, sharpInput, type RasterImage } from './decode.js';
import type { ImageHeader } from './sniff.js';
import { isMainThread, type MessagePort } from 'node:worker_threads';
import { yieldToRequests } from './thread-priority.js';
import { moving, ownedBytes } from './transfer.js';

/** The longest side of the copy that dominant colours are computed on. */
// Only in the pool's threads: the server's main thread imports this module for its types and constants.
if (!isMainThread) yieldToRequests();

export const ANALYSIS_SIDE = 400;

export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type ImageTask =
  | { kind: 'decode'; bytes: Uint8Array; header: ImageHeader; channels: 3 | 4 }
  | { kind: 'dominant'; bytes: Uint8Array; header: ImageHeader; count: number }
  | { kind: 'dominant-of-raster'; raster: RasterImage; count: number }
  | { kind: 'crop'; bytes: Uint8Array; header: ImageHeader; rect: CropRect }
  | { kind: 'size'; bytes: Uint8Array; header: ImageHeader }
  | { kind: 'pattern'; bytes: Uint8Array; header: ImageHeader; options: PatternTaskOptions; progress?: MessagePort }
  | { kind: 'export'; document: string | Pattern; options: ExportTaskOptions }
  | { kind: 'chart-png'; pattern: Pattern; cellSize: number; symbols: boolean }
  | { kind: 'check-document'; json: Uint8Array }
  | { kind: 'read-chart-file'; bytes: Uint8Array; brand: ThreadBrand };

/**
 * A printable or interchange file, or the chart image, from a stored pattern document (JSON text, checked
 * here) or from a pattern the caller has checked already (an edited chart sent by a client).
 */
export interface ExportTaskOptions {
  format: 'pdf' | 'oxs' | 'png';
  /** The chart's name; untitledChartTitle (what it is and its size) when it has none. */
  title: string | undefined;
  paper: Paper;
  variant: PdfVariant;
  fabricCount: number;
  /** PDF only: orientation, stitches per page and chart pages; DEFAULT_PRINT unless given. */
  print?: PrintChoice;
  /** PNG only: draw each cell's symbol, as generation does when asked to. */
  symbols?: boolean;
  /** PNG only: pixels a stitch (a saved project's chart keeps its generation's); EXPORT_CHART_CELL_SIZE unless given. */
  cellSize?: number;
}

/** Pixels a stitch in an exported chart image: generation's default. */
export const EXPORT_CHART_CELL_SIZE = 12;

/** The core's options with the threads to choose from as thread keys, which cross to the worker more cheaply than threads. */
export interface PatternTaskOptions extends Omit<PatternOptions, 'threads'> {
  /** The brand the chart is stitched in: its whole catalogue is chosen from unless `threadKeys` are given. */
  brand: ThreadBrand;
  /** Thread keys (`anchor:403`, the core's `threadKey`) to choose among: the user's own threads. */
  threadKeys?: readonly string[];
}

export interface PatternTaskResult {
  /** The pattern document (JSON text) stored as `pattern_url`. */
  document: string;
  original: { width: number; height: number };
  grid: { width: number; height: number };
  legend: LegendEntry[];
  stats: PatternStats;
}

export interface EncodedImage {
  bytes: Uint8Array;
  format: 'png' | 'jpg';
  width: number;
  height: number;
}

export default async function run(
  task: ImageTask,
): Promise<
  | RasterImage
  | DominantColor[]
  | EncodedImage
  | PatternTaskResult
  | CheckedDocument
  | ReadChartFile
  | ExportTaskResult
  | { bytes: Uint8Array }
  | { width: number; height: number }
> {
  switch (task.kind) {
    case 'decode': {
      const raster = await decodeImage(task.bytes, task.header, { channels: task.channels });
      const data = ownedBytes(raster.data);
      return moving({ ...raster, data }, [data]);
    }
    case 'dominant':
      return dominantColors(await decodeImage(task.bytes, task.header, { maxSide: ANALYSIS_SIDE }), task.count);
    case 'dominant-of-raster':
      return dominantColors(task.raster, task.count);
    case 'crop':
      return crop(task.bytes, task.header, task.rect);
    case 'size':
      return orientedSize(task.bytes, task.header);
    case 'pattern':
      return pattern(task.bytes, task.header, task.options, task.progress);
    case 'export':
      return exportPattern(task.document, task.options);
    case 'chart-png': {
      const bytes = ownedBytes((await renderChart(task.pattern, { cellSize: task.cellSize, symbols: task.symbols })).png);
      return moving({ bytes }, [bytes]);
    }
    case 'check-document':
      return checkPatternDocument(task.json);
    case 'read-chart-file':
      return readChartFileTask(task.bytes, task.brand);
  }
}

/** The file and the title it was given (the caller names the file after it). */
export interface ExportTaskResult {
  bytes: Uint8Array;
  title: string;
}

async function exportPattern(document: string | Pattern, options: ExportTaskOptions): Promise<ExportTaskResult> {
  const pattern = typeof document === 'string' ? parsePatternDocument(document) : document;
  // Only here is a stored document's size known without parsing it on the event loop.
  const title = options.title || untitledChartTitle(pattern);
  const fabric = fabricByCount(options.fabricCount) ?? fabricByCount(14)!;
  let bytes: Uint8Array;
  if (options.format === 'oxs')
    bytes = new TextEncoder().encode(toOxs(pattern, { title, stitchesPerInch: stitchesPerInch(fabric), strands: defaultStrands(fabric) }));
  else if (options.format === 'png')
    bytes = ownedBytes((await renderChart(pattern, { cellSize: options.cellSize ?? EXPORT_CHART_CELL_SIZE, symbols: options.symbols ?? true })).png);
  else bytes = ownedBytes(await renderPdf(pattern, { title, paper: options.paper, variant: options.variant, fabric, print: options.print }));
  return moving({ bytes, title }, [bytes]);
}

/** The stages of the pattern task, posted to its `progress` port as each begins. */
export type PatternTaskStage = 'reducing_colours';

/** Image → pattern, in this worker; the chart image is drawn when first asked for (services/chart-store.ts). */
async function pattern(bytes: Uint8Array, header: ImageHeader, options: PatternTaskOptions, progress?: MessagePort): Promise<PatternTaskResult> {
  progress?.postMessage('reducing_colours' satisfies PatternTaskStage);
  const image = await decodeForPattern(bytes, header, options.maxSide);
  const size = await orientedDimensions(bytes, header);
  const { brand, threadKeys, ...patternOptions } = options;
  // DMC's whole catalogue is the core's default (its ranking of threads is prepared with the picture).
  const threads = threadKeys ? threadsOfKeys(threadKeys) : brand === 'dmc' ? undefined : threadsOf(brand);
  const result = generatePattern(image, { ...patternOptions, threads });
  progress?.close();
  return {
    document: JSON.stringify(toPatternDocument(result)),
    original: size,
    grid: { width: result.width, height: result.height },
    legend: result.legend,
    stats: result.stats,
  };
}

/**
 * Width and height after EXIF orientation. The image is also decoded (small: JPEG and WebP shrink
 * while decoding), so a damaged file is refused now rather than stored.
 */
async function orientedSize(bytes: Uint8Array, header: ImageHeader): Promise<{ width: number; height: number }> {
  await decodeImage(bytes, header, { maxSide: 64 });
  return orientedDimensions(bytes, header);
}

/** Width and height after EXIF orientation, from the metadata alone. */
async function orientedDimensions(bytes: Uint8Array, header: ImageHeader): Promise<{ width: number; height: number }> {
  if (header.format === 'bmp') return { width: header.width, height: header.height };
  const metadata = await decoding(() => sharpInput(bytes).metadata());
  const quarterTurn = (metadata.orientation ?? 1) >= 5;
  return quarterTurn ? { width: metadata.height, height: metadata.width } : { width: metadata.width, height: metadata.height };
}

async function crop(bytes: Uint8Array, header: ImageHeader, rect: CropRect): Promise<EncodedImage> {
  return decoding(async () => {
    // autoOrient comes first in the pipeline, so the rectangle is in the oriented image's pixels.
    const extracted = imagePipeline(bytes, header).extract({ left: rect.x, top: rect.y, width: rect.width, height: rect.height });
    const format = header.format === 'jpg' ? 'jpg' : 'png';
    const encoded = format === 'jpg' ? extracted.jpeg({ quality: 92, mozjpeg: true }) : extracted.png();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), format, width: info.width, height: info.height };
  });
}
