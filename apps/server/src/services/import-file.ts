import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  ChartImportError,
  OxsChartReader,
  PATTERN_LIMITS,
  PatternValidationError,
  patternFromUntrustedDocument,
  type OxsImport,
  type Pattern,
} from '@stitchwise/core';
import { ACCEPTED_CHART_FILES, type ChartFormat } from '../contract/imports.js';
import { megabytes } from '../contract/fields.js';
import { HttpProblem } from '../http/problem.js';
import { sniffImage } from '../images/sniff.js';

/** A chart file read into a pattern, with what the reading did. */
export interface ChartFile extends OxsImport {
  format: ChartFormat;
}

/** Bytes of XML parsed at a time (a few milliseconds); other requests get a turn between slices. */
const SLICE_BYTES = 64 * 1024;

/**
 * The largest pattern document read: a 500 × 500 chart is about 1 MB of JSON, a few when pretty-printed.
 * Parsing more would build lists in memory only for the core to refuse them.
 */
export const MAX_PATTERN_JSON_BYTES = 8 * 1024 * 1024;

const NOTHING_LEFT_OUT = { part_stitches: 0, backstitches: 0, knots: 0, other: 0 };

/** 400 for a file that cannot be imported, with the sentence saying why. */
export function refusedChart(detail: string): HttpProblem {
  return new HttpProblem(400, 'invalid_chart_file', detail, [{ field: 'file', message: detail }]);
}

/**
 * Reads an uploaded chart: an OXS chart (XML, parsed as it is decoded, a slice at a time, so the event
 * loop keeps answering during a large file) or a Stitchwise pattern document (JSON, checked by the core
 * as strictly as an edited chart). The format is told by the content. Anything else, and anything broken
 * or hostile, is a 400 `invalid_chart_file` with a sentence for the user.
 */
export async function readChartFile(bytes: Uint8Array): Promise<ChartFile> {
  const format = formatOf(bytes);
  if (format === 'empty') throw refusedChart('The file is empty.');
  if (format === undefined) {
    const image = sniffImage(bytes) ? ' This one is an image: to chart a picture, generate a pattern from it instead.' : '';
    throw refusedChart(`This file is not a chart that can be imported. Send ${ACCEPTED_CHART_FILES}.${image}`);
  }
  try {
    return format === 'oxs' ? await readOxs(bytes) : readPatternJson(bytes);
  } catch (error) {
    if (error instanceof ChartImportError) throw refusedChart(error.message);
    throw error;
  }
}

/** `<` first (after a byte-order mark and white space) is XML, `{` is JSON; UTF-16 text can only be XML here. */
function formatOf(bytes: Uint8Array): ChartFormat | 'empty' | undefined {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return 'oxs';
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[at]!)) at++;
  if (at === bytes.length) return 'empty';
  if (bytes[at] === 0x3c) return 'oxs';
  if (bytes[at] === 0x7b) return 'json';
  return undefined;
}

async function readOxs(bytes: Uint8Array): Promise<ChartFile> {
  const decoder = xmlDecoder(bytes);
  const reader = new OxsChartReader(PATTERN_LIMITS);
  try {
    for (let start = 0; start < bytes.length; start += SLICE_BYTES) {
      if (start > 0) await nextTurn();
      reader.write(decoder.decode(bytes.subarray(start, start + SLICE_BYTES), { stream: true }));
    }
    reader.write(decoder.decode());
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA') {
      throw refusedChart(`The file is not valid ${decoder.encoding.toUpperCase()} text, the encoding it declares (or UTF-8, when it declares none).`);
    }
    throw error;
  }
  return { format: 'oxs', ...reader.close() };
}

/** A decoder for the XML's encoding: a UTF-16 byte-order mark, else its declaration (`encoding="windows-1252"`), else UTF-8. */
function xmlDecoder(bytes: Uint8Array): TextDecoder {
  let encoding = 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
  else {
    const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 512)).toString('latin1');
    encoding = /^(?:\u00ef\u00bb\u00bf)?\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z][\w.:-]*)["']/.exec(head)?.[1] ?? encoding;
  }
  try {
    return new TextDecoder(encoding, { fatal: true });
  } catch {
    throw refusedChart(`The file is written in the "${encoding.slice(0, 40)}" encoding, which cannot be read here; save it as UTF-8.`);
  }
}

function readPatternJson(bytes: Uint8Array): ChartFile {
  if (bytes.byteLength > MAX_PATTERN_JSON_BYTES) {
    throw refusedChart(`A Stitchwise pattern file is at most ${megabytes(MAX_PATTERN_JSON_BYTES)}; this one is ${megabytes(bytes.byteLength)}.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw refusedChart('The file looks like JSON but cannot be read as JSON: it is damaged or incomplete.');
  }
  if ((value as { format?: unknown } | null)?.format !== 'stitchwise-pattern') {
    throw refusedChart(`This JSON file is not a Stitchwise pattern. Send ${ACCEPTED_CHART_FILES}.`);
  }
  let pattern: Pattern;
  try {
    pattern = patternFromUntrustedDocument(value, PATTERN_LIMITS);
  } catch (error) {
    if (!(error instanceof PatternValidationError)) throw error;
    throw refusedChart(`The Stitchwise pattern cannot be imported: ${error.problems.map((problem) => problem.message).join('; ')}.`);
  }
  return { format: 'json', pattern, title: null, thread_mappings: [], not_imported: { ...NOTHING_LEFT_OUT } };
}
