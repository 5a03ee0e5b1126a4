import { buffer } from 'node:stream/consumers';
import { stitchedThreads, type Pattern, type PatternLimits } from '@stitchwise/core';
import { ANONYMOUS_LIMITS, type DocumentExportQuery, type ExportQuery } from '../contract/patterns.js';
import { checkDocumentInPool } from './shared/document-check.js';
import { HttpProblem, type FieldError } from '../http/problem.js';
import { untitledChartTitle } from '../render/chart-title.js';
import { PageRangeError, type PrintChoice } from '../render/pdf.js';
import { runImageWork } from './shared/image-work.js';
import type { ExportTaskResult, ImageTask } from '../images/image-worker.js';
import type { WorkerPool } from '../images/worker-pool.js';
import { slug, type ExportedFile } from './shared/exported-file.js';
import type { FileStore } from '../storage/file-store.js';

type ExportFormat = ExportQuery['format'] | DocumentExportQuery['format'];

/** The file name of an unnamed pattern document, whose size is not read to name it. */
const UNNAMED_FILE = 'cross-stitch-chart';

/** A visitor's chart is within what a visitor can generate: 10 threads, 100 stitches on the long side. */
export const VISITOR_PATTERN_LIMITS: PatternLimits = { maxSide: Math.max(...ANONYMOUS_LIMITS.maxSides), maxThreads: ANONYMOUS_LIMITS.maxColors };

const CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  pdf: 'application/pdf',
  oxs: 'application/xml',
  json: 'application/json',
  png: 'image/png',
};

/**
 * A pattern as a file to download: a stored one as the pattern document itself, an OXS chart or the
 * printable PDF; one sent by a client (an edited chart) as PDF, OXS or the chart PNG. Files are made in
 * the image worker pool, with its back-pressure.
 */
export class ExportService {
  constructor(
    private readonly pool: WorkerPool,
    private readonly files: FileStore,
  ) {}

  /**
   * A pattern by its document's file id (the id in `pattern_url`), as visitors' results are reached.
   * `title` is the project's name or the one a visitor gave; without one the chart is titled by what it
   * is and its size (untitledChartTitle). `signal` (the client going away) stops the work, also once it
   * runs in a worker.
   */
  async export(patternFileId: string, title: string | undefined, request: ExportQuery, signal?: AbortSignal): Promise<ExportedFile> {
    const file = patternFileId.endsWith('.json') ? await this.files.get(patternFileId) : undefined;
    if (!file) throw HttpProblem.notFound('This pattern does not exist or has expired.');
    const document = (await buffer(file.stream())).toString('utf8');
    const { format } = request;
    if (format === 'json') return { bytes: Buffer.from(document), contentType: CONTENT_TYPES.json, filename: `${slug(title || UNNAMED_FILE)}.json` };
    const made = await runImageWork(() =>
      this.render(
        {
          kind: 'export',
          document,
          options: { format, title, paper: request.paper, variant: request.variant, fabricCount: request.fabric, print: printChoice(request) },
        },
        signal,
      ),
    );
    return { bytes: made.bytes, contentType: CONTENT_TYPES[format], filename: `${slug(made.title)}.${format}` };
  }

  /**
   * A chart sent by a client (the editor's downloads) as the JSON bytes of its pattern document, parsed
   * and checked strictly in the pool: colours, names and counts come from the catalogue and the cells,
   * never from the client. Visitors are held to what they can generate.
   */
  async exportDocument(
    json: Uint8Array,
    title: string | undefined,
    request: DocumentExportQuery,
    { signedIn, signal }: { signedIn: boolean; signal?: AbortSignal },
  ): Promise<ExportedFile> {
    const pattern = await checkDocumentInPool(this.pool, json, 'exported', signal);
    if (!signedIn) refuseBeyondVisitorLimits(pattern);
    const shownTitle = title || untitledChartTitle(pattern); // a blank name too
    const task: ImageTask = {
      kind: 'export',
      document: pattern,
      // The chart image as generation draws it for each: symbols need an account there (decisions §1.10).
      options: {
        format: request.format,
        title: shownTitle,
        paper: request.paper,
        variant: request.variant,
        fabricCount: request.fabric,
        print: printChoice(request),
        symbols: signedIn,
      },
    };
    const { bytes } = await this.render(task, signal);
    return { bytes, contentType: CONTENT_TYPES[request.format], filename: `${slug(shownTitle)}.${request.format}` };
  }

  /** Makes the file in the pool; a page range beyond the chart's pages (known only once its layout is) is the client's 400. */
  private async render(task: ImageTask & { kind: 'export' }, signal: AbortSignal | undefined): Promise<ExportTaskResult> {
    try {
      return await this.pool.run<ExportTaskResult>(task, undefined, signal);
    } catch (error) {
      const reason = PageRangeError.reasonOf(error);
      if (reason !== undefined) throw HttpProblem.invalidFields([{ field: 'pages', message: reason }]);
      throw error;
    }
  }
}

/** The PDF's print options from the query. */
function printChoice(request: Pick<ExportQuery, 'orientation' | 'stitches_per_page' | 'pages'>): PrintChoice {
  return { orientation: request.orientation, preset: request.stitches_per_page, pages: request.pages };
}

/**
 * 403 naming what needs an account, as generation does for visitors' settings. Threads are counted as
 * generation's `colors` counts them, what is bought: a blend of two of them is no thread more.
 */
function refuseBeyondVisitorLimits(pattern: Pattern): void {
  const { maxSide, maxThreads } = VISITOR_PATTERN_LIMITS;
  const violations: FieldError[] = [];
  if (stitchedThreads(pattern.legend).length > maxThreads) violations.push({ field: 'legend', message: `more than ${maxThreads} threads` });
  if (pattern.width > maxSide) violations.push({ field: 'width', message: `more than ${maxSide} stitches across` });
  if (pattern.height > maxSide) violations.push({ field: 'height', message: `more than ${maxSide} stitches down` });
  if (violations.length === 0) return;
  throw new HttpProblem(
    403,
    'sign_in_required',
    `Sign in to export a chart with ${violations.map((v) => v.message).join(' and ')}. Without an account, charts have up to ${maxThreads} threads and ${maxSide} stitches on the long side.`,
    violations,
  );
}
