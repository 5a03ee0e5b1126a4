import { buffer } from 'node:stream/consumers';
import type { ExportQuery } from '../contract/patterns.js';
import { HttpProblem } from '../http/problem.js';
import { runImageWork } from './image-work.js';
import type { WorkerPool } from '../images/worker-pool.js';
import type { FileStore } from '../storage/file-store.js';

type ExportFormat = ExportQuery['format'];

export interface ExportedFile {
  bytes: Uint8Array;
  contentType: string;
  filename: string;
}

const CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  pdf: 'application/pdf',
  oxs: 'application/xml',
  json: 'application/json',
};

/**
 * A stored pattern as a file to download: the pattern document itself, an OXS chart, or the
 * printable PDF. OXS and PDF are made in the image worker pool, with its back-pressure.
 */
export class ExportService {
  constructor(
    private readonly pool: WorkerPool,
    private readonly files: FileStore,
  ) {}

  /** A pattern by its document's file id (the id in `pattern_url`), as visitors' results are reached. */
  async export(patternFileId: string, title: string, request: ExportQuery): Promise<ExportedFile> {
    const file = patternFileId.endsWith('.json') ? await this.files.get(patternFileId) : undefined;
    if (!file) throw HttpProblem.notFound('This pattern does not exist or has expired.');
    const document = (await buffer(file.stream())).toString('utf8');
    const filename = `${slug(title)}.${request.format}`;
    if (request.format === 'json') return { bytes: Buffer.from(document), contentType: CONTENT_TYPES.json, filename };
    const { bytes } = await runImageWork(() =>
      this.pool.run<{ bytes: Uint8Array }>({
        kind: 'export',
        document,
        options: { format: request.format, title, paper: request.paper, variant: request.variant, fabricCount: request.fabric },
      }),
    );
    return { bytes, contentType: CONTENT_TYPES[request.format], filename };
  }
}

/** A file name from a project name: letters, digits and dashes. */
function slug(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_]+/g, '-')
      .toLowerCase()
      .slice(0, 60) || 'pattern'
  );
}
