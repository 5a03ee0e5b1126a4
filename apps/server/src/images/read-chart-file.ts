import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  ChartImportError,
  OxsChartReader,
  PATTERN_LIMITS,
  PatternValidationError,
  patternFromUntrustedDocument,
  type OxsImport,
  type Pattern,
  type ThreadBrand,
} from '@stitchwise/core';
import { ACCEPTED_CHART_FILES, type ChartFormat } from '../contract/imports.js';
import { megabytes } from '../contract/fields.js';
import { sniffImage } from './sniff.js';

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

const NOTHING_LEFT_OUT = { full_stitches: 0, part_stitches: 0, backstitches: 0, knots: 0, other: 0 };

/** 400 for a file that cannot be imported, with the sentence saying why. */
/** A file that is not a chart that can be imported, with a sentence saying why (the service's 400 `invalid_chart_file`). */
export class ChartFileRefused extends Error {
  override readonly name = 'ChartFileRefused';
}

function refusedChart(detail: string): ChartFileRefused {
  return new ChartFileRefused(detail);
}

/** What reading a chart file in the worker pool gives: the chart, or why it was refused (plain data, to cross threads). */
export type ReadChartFile = { chart: ChartFile } | { refused: string };

/** `readChartFile` as a worker task: runs in the image pool, so a large file is parsed and checked off the event loop. */
export async function readChartFileTask(bytes: Uint8Array, brand: ThreadBrand): Promise<ReadChartFile> {
  try {
    return { chart: await readChartFile(bytes, brand) };
  } catch (error) {
    if (error instanceof ChartFileRefused) return { refused: error.message };
    throw error;
  }
}

/**
 * Reads an uploaded chart: an OXS chart (XML, parsed as it is decoded, a slice at a time, so the event
 * loop keeps answering during a large file) or a Stitchwise pattern document (JSON, checked by the core
 * as strictly as an edited chart), in UTF-8 or UTF-16. The format is told by the content. Anything else,
 * a chart without a stitch, and anything broken or hostile, is a 400 `invalid_chart_file` with a sentence
 * for the user. An OXS colour naming no DMC, Anchor or Madeira thread becomes the nearest thread of `brand`.
 */
export async function readChartFile(bytes: Uint8Array, brand: ThreadBrand = 'dmc'): Promise<ChartFile> {
  const text = textOf(bytes);
  if (text.first === undefined) throw refusedChart('The file is empty.');
  const format = text.first === '<' ? 'oxs' : text.first === '{' ? 'json' : undefined;
  if (format === undefined) throw refusedChart(`This file is not a chart that can be imported. Send ${ACCEPTED_CHART_FILES}.${whatItIs(bytes, text)}`);
  let chart: ChartFile;
  try {
    chart = format === 'oxs' ? await readOxs(bytes, text, brand) : readPatternJson(bytes, text);
  } catch (error) {
    if (error instanceof ChartImportError) throw refusedChart(error.message);
    throw error;
  }
  // Only cloth, or marks that all fell outside it: it would be a project of no threads.
  if (chart.pattern.legend.length === 0) {
    const { full_stitches, part_stitches, backstitches, knots, other } = chart.not_imported;
    const left = full_stitches + part_stitches + backstitches + knots + other;
    const why = left > 0 ? ` (${left.toLocaleString('en')} of its stitches, marks or ornaments cannot be imported.)` : '';
    throw refusedChart(`This chart has no stitches: there is nothing to import.${why}`);
  }
  return chart;
}

/** How the file's text is encoded, why we think so (for a refusal), and its first character after white space (undefined: none). */
interface TextStart {
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be';
  because: string;
  first: string | undefined;
}

const startsWith = (bytes: Uint8Array, ...signature: number[]): boolean => signature.every((value, i) => bytes[i] === value);
const isAscii = (byte: number | undefined): boolean => byte !== undefined && byte >= 0x09 && byte <= 0x7e;

/**
 * UTF-16 by its byte-order mark, or without one by a zero byte beside the first ASCII character (`<` 00
 * or 00 `<`: Windows programs' "Unicode" text); UTF-8 otherwise, with or without its mark.
 */
function textOf(bytes: Uint8Array): TextStart {
  let start: Omit<TextStart, 'first'> & { skip: number } = { encoding: 'utf-8', because: 'which it is unless it declares another', skip: 0 };
  if (startsWith(bytes, 0xff, 0xfe)) start = { encoding: 'utf-16le', because: 'as its byte-order mark says', skip: 2 };
  else if (startsWith(bytes, 0xfe, 0xff)) start = { encoding: 'utf-16be', because: 'as its byte-order mark says', skip: 2 };
  else if (bytes[0] === 0 && isAscii(bytes[1])) start = { encoding: 'utf-16be', because: 'as its zero bytes suggest', skip: 0 };
  else if (isAscii(bytes[0]) && bytes[1] === 0) start = { encoding: 'utf-16le', because: 'as its zero bytes suggest', skip: 0 };
  else if (startsWith(bytes, 0xef, 0xbb, 0xbf)) start.skip = 3;
  const { encoding, because } = start;
  const unit = encoding === 'utf-8' ? 1 : 2;
  const codeAt = (at: number) =>
    encoding === 'utf-8' ? bytes[at]! : encoding === 'utf-16le' ? bytes[at]! | (bytes[at + 1]! << 8) : (bytes[at]! << 8) | bytes[at + 1]!;
  let at = start.skip;
  while (at + unit <= bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(codeAt(at))) at += unit;
  return { encoding, because, first: at + unit <= bytes.length ? String.fromCharCode(codeAt(at)) : undefined };
}

/** What a file that is not a chart looks like, where its first bytes tell: a sentence to add, or nothing. */
function whatItIs(bytes: Uint8Array, text: TextStart): string {
  const ascii = (signature: string) => startsWith(bytes, ...Array.from(signature, (character) => character.charCodeAt(0)));
  if (sniffImage(bytes)) return ' This one is an image: to chart a picture, generate a pattern from it instead.';
  if (ascii('%PDF-')) return ' This one is a PDF document, which cannot be read back into a chart: export the chart from its program as OXS instead.';
  if (ascii('PK\x03\x04') || ascii('PK\x05\x06')) return ' This one is a ZIP archive (or a document made of one): unpack it and send the chart inside.';
  if (ascii('\x1f\x8b')) return ' This one is compressed with gzip: unpack it and send the chart inside.';
  if (text.encoding !== 'utf-8') return ' This one is UTF-16 text, but neither XML nor JSON.';
  return '';
}

async function readOxs(bytes: Uint8Array, text: TextStart, brand: ThreadBrand): Promise<ChartFile> {
  const { decoder, because } = xmlDecoder(bytes, text);
  const reader = new OxsChartReader(PATTERN_LIMITS, brand);
  try {
    for (let start = 0; start < bytes.length; start += SLICE_BYTES) {
      if (start > 0) await nextTurn();
      reader.write(decoder.decode(bytes.subarray(start, start + SLICE_BYTES), { stream: true }));
    }
    reader.write(decoder.decode());
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA') {
      throw refusedChart(`The file is not valid ${decoder.encoding.toUpperCase()} text, ${because}.`);
    }
    throw error;
  }
  return { format: 'oxs', ...reader.close() };
}

/**
 * A decoder for the XML's encoding: UTF-16 as its first bytes tell, else its declaration
 * (`encoding="windows-1252"`), else UTF-8. A declaration of UTF-16 is wrong here, the bytes being ASCII.
 */
function xmlDecoder(bytes: Uint8Array, text: TextStart): { decoder: TextDecoder; because: string } {
  let { encoding, because }: { encoding: string; because: string } = text;
  if (encoding === 'utf-8') {
    const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 512)).toString('latin1');
    const declared = /^(?:\u00ef\u00bb\u00bf)?\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z][\w.:-]*)["']/.exec(head)?.[1];
    if (declared !== undefined && !/^utf-?16/i.test(declared)) [encoding, because] = [declared, 'the encoding it declares'];
  }
  try {
    return { decoder: new TextDecoder(encoding, { fatal: true }), because };
  } catch {
    throw refusedChart(`The file is written in the "${encoding.slice(0, 40)}" encoding, which cannot be read here; save it as UTF-8.`);
  }
}

function readPatternJson(bytes: Uint8Array, text: TextStart): ChartFile {
  if (bytes.byteLength > MAX_PATTERN_JSON_BYTES) {
    throw refusedChart(`A Stitchwise pattern file is at most ${megabytes(MAX_PATTERN_JSON_BYTES)}; this one is ${megabytes(bytes.byteLength)}.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder(text.encoding, { fatal: true }).decode(bytes));
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
