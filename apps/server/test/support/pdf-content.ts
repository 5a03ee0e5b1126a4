import { inflateSync } from 'node:zlib';

/** Every compressed stream of a PDF, inflated: page contents among them. */
export function inflatedStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    try {
      streams.push(inflateSync(pdf.subarray(start, text.indexOf('endstream', start))).toString('latin1'));
    } catch {
      // Not deflated (or not a stream): not page content.
    }
  }
  return streams;
}

/** A stroked path as PDFKit writes it: its points, line width (`w`), round caps and joins (marks have them, grid lines not), dash pattern (none: []) and colour (0–1). */
export interface PdfStroke {
  points: number[][];
  width: number;
  rounded: boolean;
  dash: number[];
  colour: number[];
}

/** The stroked paths of a content stream (grid lines and backstitch alike), in order. */
export function strokes(content: string): PdfStroke[] {
  const path = /((?:[-\d.]+ [-\d.]+ [ml]\n)+)([\d.]+) w\n(1 J\n1 j\n)?(?:\[([^\]]*)\] [\d.]+ d\n)?\/DeviceRGB CS\n([\d. ]+) SCN\nS\n/g;
  return [...content.matchAll(path)].map(([, points, width, rounded, dash, colour]) => ({
    points: points!
      .trim()
      .split('\n')
      .map((line) => line.split(' ').slice(0, 2).map(Number)),
    width: Number(width),
    rounded: rounded !== undefined,
    dash: dash?.trim() ? dash.trim().split(/\s+/).map(Number) : [],
    colour: colour!.trim().split(' ').map(Number),
  }));
}
