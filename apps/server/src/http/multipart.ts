import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpProblem } from './problem.js';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export interface MultipartForm {
  fields: Record<string, string>;
  file?: { field: string; filename: string; bytes: Buffer };
}

/**
 * Reads a multipart form with at most one file. The file is buffered only up to the 10 MB limit:
 * the multipart parser stops reading past it and the answer is 413.
 */
export async function readMultipartForm(request: FastifyRequest, fileFields: readonly string[]): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new HttpProblem(415, 'unsupported_media_type', 'Send this request as multipart/form-data.');
  }
  const form: MultipartForm = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
        continue;
      }
      if (!fileFields.includes(part.fieldname)) {
        part.file.resume(); // drain and ignore files sent under other names
        continue;
      }
      if (form.file) throw HttpProblem.badRequest('Send a single image file.', [{ field: part.fieldname, message: 'only one file is accepted' }]);
      form.file = { field: part.fieldname, filename: part.filename, bytes: await part.toBuffer() };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpProblem(413, 'payload_too_large', 'The file is larger than the 10 MB limit.');
    }
    if (code === 'FST_FILES_LIMIT') throw HttpProblem.badRequest('Send a single image file.');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw HttpProblem.badRequest('The form has too many fields.');
    throw error;
  }
  return form;
}

/** Validates a form's text fields with a zod schema; a 400 naming every bad field otherwise. */
export function parseFields<Schema extends z.ZodType>(schema: Schema, fields: Record<string, string>): z.output<Schema> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'request'), message: issue.message }));
  throw HttpProblem.invalidFields(errors);
}

/** Multipart limits for the whole app: one file of at most 10 MB, a few small fields. */
export const MULTIPART_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 2, // one accepted; a second one is answered with a clear 400 rather than silently dropped
  fields: 30,
  fieldSize: 64 * 1024,
  parts: 40,
  headerPairs: 200,
};
