import type { Readable } from 'node:stream';
import { setImmediate as nextIteration } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, megabytes } from '../contract/fields.js';
import { HttpProblem } from './problem.js';

/** The file of a multipart form, buffered (at most its field's limit: 10 MB unless the field says otherwise). */
export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

/** A multipart request read against its form schema: the typed text fields and the file, if one came. */
export interface MultipartForm<Fields> {
  fields: Fields;
  file?: UploadedFile;
  /** The form's file field, named in messages about a missing or bad file. */
  fileField: string;
}

type FormShape = Record<string, z.ZodType>;
type FileKeys<Shape extends FormShape> = { [K in keyof Shape]: z.output<Shape[K]> extends File | undefined ? K : never }[keyof Shape];
export type FormFields<Schema extends z.ZodObject> = Omit<z.output<Schema>, FileKeys<Schema['shape']>>;

/** Each form schema's file fields, their size limit and the schema of its text fields, worked out once when the form is declared. */
const multipartForms = new WeakMap<z.ZodType, { fileFields: string[]; maxFileBytes: number; textFields: z.ZodObject }>();

/** A file field's own limit, `z.file().max(bytes)`; the upload limit when it sets none. */
function maxBytesOf(field: z.ZodType | undefined): number {
  const file = field instanceof z.ZodOptional ? field.unwrap() : field;
  const checks = file?._zod.def.checks ?? [];
  const limits = checks.flatMap((check) => (check instanceof z.core.$ZodCheckMaxSize ? [check._zod.def.maximum] : []));
  return limits.length > 0 ? Math.min(...limits) : MAX_UPLOAD_BYTES;
}

/**
 * The schema of a multipart/form-data body: documented in the OpenAPI document as the request body,
 * and read by `readMultipartForm` — text fields validated by it, the file (a `z.file()` field) buffered.
 * Fastify's own body validation skips it, because the parts are read by the handler, as they stream.
 */
export function multipartForm<Shape extends FormShape>(shape: Shape) {
  const schema = z.object(shape);
  const isFile = (field: z.ZodType) => (field instanceof z.ZodOptional ? field.unwrap() : field) instanceof z.ZodFile;
  const fileFields = Object.keys(shape).filter((name) => isFile(shape[name]!));
  const textFields = z.object(Object.fromEntries(Object.entries(shape).filter(([name]) => !fileFields.includes(name))));
  // The form's one file field sets how much the parser reads (its `.max()`), so the documented limit is the enforced one.
  multipartForms.set(schema, { fileFields, maxFileBytes: maxBytesOf(fileFields[0] === undefined ? undefined : shape[fileFields[0]]), textFields });
  return schema;
}

export const isMultipartForm = (schema: unknown): boolean => typeof schema === 'object' && schema !== null && multipartForms.has(schema as z.ZodType);

/**
 * Reads a multipart form with at most one file, validating its text fields with the form's schema
 * (a 400 naming every bad field). The file is buffered only up to its field's limit (10 MB unless the
 * field's `z.file().max()` says otherwise): the multipart parser stops reading past it and the answer is 413.
 */
export async function readMultipartForm<Schema extends z.ZodObject>(request: FastifyRequest, schema: Schema): Promise<MultipartForm<FormFields<Schema>>> {
  if (!request.isMultipart()) {
    throw new HttpProblem(415, 'unsupported_media_type', 'Send this request as multipart/form-data.');
  }
  const form = multipartForms.get(schema);
  if (!form) throw new Error('readMultipartForm needs a schema made by multipartForm()');
  const { fileFields, maxFileBytes, textFields } = form;
  const fileField = fileFields[0] ?? 'file';
  const texts: Record<string, string> = {};
  let file: UploadedFile | undefined;
  let reading = fileField;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileBytes } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') texts[part.fieldname] = part.value;
        continue;
      }
      reading = part.fieldname; // the field a 413 names, even when it is one that is ignored
      if (Object.hasOwn(textFields.shape, part.fieldname)) {
        // Said at once: otherwise the field is missing, or a third such part reads as 'too many files'.
        throw HttpProblem.invalidFields([{ field: part.fieldname, message: `${part.fieldname} must be text, not a file` }]);
      }
      if (!fileFields.includes(part.fieldname)) {
        part.file.resume(); // drain and ignore files sent under other names
        continue;
      }
      if (file) throw HttpProblem.badRequest('Send a single image file.', [{ field: part.fieldname, message: 'only one file is accepted' }]);
      file = { field: part.fieldname, filename: part.filename, bytes: await readFairly(part.file) };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || error instanceof FileTooLarge) {
      const limit = megabytes(maxFileBytes);
      throw new HttpProblem(413, 'payload_too_large', `The file is larger than the ${limit} limit.`, [{ field: reading, message: `larger than ${limit}` }]);
    }
    if (code === 'FST_FILES_LIMIT') throw HttpProblem.badRequest('Send a single image file.');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw HttpProblem.badRequest('The form has too many fields.');
    if (error instanceof HttpProblem) throw error;
    // Anything else is the parser's: no or a wrong boundary, a part cut off, a body that ends early.
    throw new HttpProblem(400, 'malformed_form', 'The form could not be read: it is malformed or incomplete. Please send it again.');
  }
  const fields = parseFields(textFields, texts) as FormFields<Schema>;
  return { fields, fileField, ...(file ? { file } : {}) };
}

class FileTooLarge extends Error {}

/**
 * Buffers an uploaded file one chunk per turn of the event loop. Node reads up to 2 MB from a socket
 * in one go, and a parser fed that way holds the event loop for a whole upload at a time: 25 clients
 * uploading at once kept /api/health waiting 78–160 ms. Waiting a turn after each chunk lets the file
 * stream fill, which pauses the parser and the socket (backpressure), so every connection, health
 * checks included, gets its turn between chunks.
 */
async function readFairly(file: Readable & { truncated?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) {
    if (file.truncated) throw new FileTooLarge();
    chunks.push(chunk as Buffer);
    await nextIteration();
  }
  if (file.truncated) throw new FileTooLarge();
  return Buffer.concat(chunks);
}

/** Validates a form's text fields with a zod schema; a 400 naming every bad field otherwise. */
function parseFields(schema: z.ZodType, fields: Record<string, string>): unknown {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'request'), message: issue.message }));
  throw HttpProblem.invalidFields(errors);
}

/** Multipart limits for the whole app: one file of at most 10 MB (a form's file field may set its own), a few small fields. */
export const MULTIPART_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 2, // one accepted; a second one is answered with a clear 400 rather than silently dropped
  fields: 30,
  fieldSize: 64 * 1024,
  parts: 40,
  headerPairs: 200,
};
