import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';
import sharp from 'sharp';

/** A glyph rendered to coverage (0–255) at a pixel size. */
export interface GlyphMask {
  width: number;
  height: number;
  alpha: Uint8Array;
}

let font: opentype.Font | undefined;

/**
 * DejaVu Sans Bold from the dejavu-fonts-ttf package: every chart symbol and digit is drawn from its
 * outlines, so charts look the same on every machine whatever fonts it has.
 */
export function chartFont(): opentype.Font {
  if (!font) {
    const path = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
    const bytes = readFileSync(path);
    font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
  return font;
}

const masks = new Map<string, Promise<GlyphMask>>();

/**
 * `text` drawn to fit a `box` × `box` square (symbols) or `box` pixels high (numbers), centred,
 * rasterised from its outline as an SVG path: no font lookup anywhere.
 */
export function glyphMask(text: string, box: number, mode: 'symbol' | 'label'): Promise<GlyphMask> {
  const key = `${mode}:${box}:${text}`;
  let mask = masks.get(key);
  if (!mask) {
    mask = renderMask(text, box, mode);
    masks.set(key, mask);
  }
  return mask;
}

async function renderMask(text: string, box: number, mode: 'symbol' | 'label'): Promise<GlyphMask> {
  // Glyph by glyph, without opentype.js's text shaping (it does not support every table of this font).
  const face = chartFont();
  const outline = new opentype.Path();
  let advance = 0;
  for (const character of text) {
    const glyph = face.charToGlyph(character);
    outline.extend(glyph.getPath(advance, 0, 100));
    advance += ((glyph.advanceWidth ?? face.unitsPerEm) * 100) / face.unitsPerEm;
  }
  const bounds = outline.getBoundingBox();
  const glyphWidth = Math.max(1, bounds.x2 - bounds.x1);
  const glyphHeight = Math.max(1, bounds.y2 - bounds.y1);
  const scale = mode === 'symbol' ? box / Math.max(glyphWidth, glyphHeight) : box / glyphHeight;
  const width = mode === 'symbol' ? box : Math.max(1, Math.ceil(glyphWidth * scale));
  const height = box;
  const dx = (width - glyphWidth * scale) / 2 - bounds.x1 * scale;
  const dy = (height - glyphHeight * scale) / 2 - bounds.y1 * scale;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path transform="translate(${dx} ${dy}) scale(${scale})" d="${outline.toPathData(2)}" fill="#000"/></svg>`;
  const { data } = await sharp(Buffer.from(svg)).extractChannel('alpha').raw().toBuffer({ resolveWithObject: true });
  return { width, height, alpha: new Uint8Array(data) };
}
