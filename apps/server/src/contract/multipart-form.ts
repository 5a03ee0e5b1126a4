import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from './fields.js';

/**
 * The shape of a multipart/form-data body, declared in the contract like every other body: its text
 * fields and its one file field (`z.file()`, whose `.max()` is the enforced size). Reading it is the HTTP
 * layer's (http/multipart.ts); services receive what it read.
 */

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

/** What a form schema declared: its file fields, their size limit and its text fields (see http/multipart.ts, which reads it). */
export function multipartFormOf(schema: z.ZodType): { fileFields: string[]; maxFileBytes: number; textFields: z.ZodObject } {
  const form = multipartForms.get(schema);
  if (!form) throw new Error('readMultipartForm needs a schema made by multipartForm()');
  return form;
}
