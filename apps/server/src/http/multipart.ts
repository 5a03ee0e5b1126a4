import type { Readable } from 'node:stream';
import { setImmediate as nextIteration } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { megabytes, MAX_UPLOAD_BYTES } from '../contract/fields.js';
import { multipartFormOf, type FormFields, type MultipartForm, type UploadedFile } from '../contract/multipart-form.js';
import { HttpProblem } from './problem.js';

export { isMultipartForm } from '../contract/multipart-form.js';

/**
 * Reads a multipart form with at most one file, validating its text fields with the form's schema
 * (a 400 naming every bad field). The file is buffered only up to its field's limit (10 MB unless the
 * field's `z.file().max()` says otherwise): the multipart parser stops reading past it and the answer is 413.
 */
export async function readMultipartForm<Schema extends z.ZodObject>(request: FastifyRequest, schema: Schema): Promise<MultipartForm<FormFields<Schema>>> {
  if (!request.isMultipart()) {
    throw new HttpProblem(415, 'unsupported_media_type', 'Send this request as multipart/form-data.');
  }
  const form = multipartFormOf(schema);
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
