/**
 * Builds the stitch alphabets of packages/core/src/lettering/ from openly licensed fonts:
 *   - pixel fonts (npm @fontsource packages, WOFF) rasterised at their own pixel size, one font pixel one stitch;
 *   - an X11 bitmap font (Debian xfonts-75dpi, PCF) read pixel for pixel;
 *   - single-stroke Hershey fonts (npm hersheytext, SVG) snapped to the half-stitch lattice as backstitch.
 * Writes alphabet-list.data.ts (names, heights, characters, licences) and alphabet-glyphs.data.ts (the glyphs).
 *
 *   npm run alphabets:generate [-- folder]
 *
 * The fonts are fetched into the folder (default /tmp/stitchwise-fonts) with `npm pack` and `apt-get download`
 * unless they are there already. LICENSES.md beside the output holds the licences the data is under.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import opentype from 'opentype.js';
import { readHersheySvg, toLattice, type LatticeGlyph } from './alphabets/hershey.js';
import { glyphPixels, kerningPixels } from './alphabets/outline.js';
import { readPcf } from './alphabets/pcf.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const fontDir = process.argv[2] ?? '/tmp/stitchwise-fonts';
const targetDir = `${repoRoot}packages/core/src/lettering`;

/** The characters an alphabet may cover: printable ASCII, Latin-1 and the common typographic extras. */
const CANDIDATES = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
  ...Array.from({ length: 0x100 - 0xa1 }, (_, i) => String.fromCharCode(0xa1 + i)).filter((c) => c !== '\u00ad'),
  ...Array.from('ŒœŸ€‘’‚“”„–—…•'),
];

const OFL = 'SIL Open Font License 1.1';
const ADOBE = 'Adobe/DEC bitmap font notice (permissive)';
const HERSHEY = 'Hershey font notice (permissive)';

interface Source {
  id: string;
  name: string;
  style: string;
  font: string;
  licence: string;
  credit: string;
  origin: string;
}

interface PixelSource extends Source {
  kind: 'pixel';
  file: string;
  /** Font units per pixel, for outline fonts; absent for PCF. */
  unitsPerPixel?: number;
}

interface StrokeSource extends Source {
  kind: 'stroke';
  file: string;
  capStitches: number;
}

const SOURCES: Array<PixelSource | StrokeSource> = [
  {
    id: 'tiny-5',
    name: 'Tiny',
    style: 'plain capitals 5 stitches tall, for small text',
    font: 'Tiny5',
    kind: 'pixel',
    file: 'fontsource-tiny5/package/files/tiny5-latin-400-normal.woff',
    unitsPerPixel: 128,
    licence: OFL,
    credit: 'Copyright 2022-2024 The Tiny5 Project Authors (https://github.com/Gissio/font_tiny5)',
    origin: 'npm @fontsource/tiny5 5.3.0',
  },
  {
    id: 'plain-7',
    name: 'Plain',
    style: 'even-width letters 7 stitches tall',
    font: 'Doto',
    kind: 'pixel',
    file: 'fontsource-doto/package/files/doto-latin-700-normal.woff',
    unitsPerPixel: 100,
    licence: OFL,
    credit: 'Copyright 2024-2024 The Doto Project Authors (https://github.com/oliverlalan/Doto)',
    origin: 'npm @fontsource/doto 5.3.0',
  },
  {
    id: 'bold-10',
    name: 'Bold',
    style: 'bold condensed letters 10 stitches tall',
    font: 'Jersey 10',
    kind: 'pixel',
    file: 'fontsource-jersey-10/package/files/jersey-10-latin-400-normal.woff',
    unitsPerPixel: 75,
    licence: OFL,
    credit: 'Copyright 2023 The Soft Type Project Authors (https://github.com/scfried/soft-type-jersey)',
    origin: 'npm @fontsource/jersey-10 5.3.0',
  },
  {
    id: 'gothic-12',
    name: 'Gothic',
    style: 'blackletter 12 stitches tall, after jacquard weaving',
    font: 'Jacquard 12',
    kind: 'pixel',
    file: 'fontsource-jacquard-12/package/files/jacquard-12-latin-400-normal.woff',
    unitsPerPixel: 60,
    licence: OFL,
    credit: 'Copyright 2023 The Soft Type Project Authors (https://github.com/scfried/soft-type-jacquard)',
    origin: 'npm @fontsource/jacquard-12 5.3.0',
  },
  {
    id: 'italic-13',
    name: 'Italic serif',
    style: 'flowing serif italic 13 stitches tall',
    font: 'Adobe 75 dpi italic serif, 18 pixels',
    kind: 'pixel',
    file: 'xfonts-75dpi/usr/share/fonts/X11/75dpi/timI18.pcf.gz',
    licence: ADOBE,
    credit: 'Copyright 1984-1989, 1994 Adobe Systems Incorporated. Copyright 1988, 1994 Digital Equipment Corporation.',
    origin: 'Debian xfonts-75dpi 1:1.0.5',
  },
  {
    id: 'sans-backstitch',
    name: 'Backstitch sans',
    style: 'single-line letters in backstitch, 8 stitches tall',
    font: 'Hershey Sans 1-stroke',
    kind: 'stroke',
    file: 'hersheytext/package/svg_fonts/HersheySans1.svg',
    capStitches: 8,
    licence: HERSHEY,
    credit:
      'The Hershey Fonts were originally created by Dr. A. V. Hershey while working at the U. S. National Bureau of Standards; data format by James Hurt, Cognition, Inc.; SVG by Windell H. Oskay, Evil Mad Scientist',
    origin: 'npm hersheytext 2.0.0',
  },
  {
    id: 'script-backstitch',
    name: 'Backstitch script',
    style: 'handwriting in backstitch, 10 stitches tall',
    font: 'Hershey Script 1-stroke',
    kind: 'stroke',
    file: 'hersheytext/package/svg_fonts/HersheyScript1.svg',
    capStitches: 10,
    licence: HERSHEY,
    credit:
      'The Hershey Fonts were originally created by Dr. A. V. Hershey while working at the U. S. National Bureau of Standards; data format by James Hurt, Cognition, Inc.; SVG by Windell H. Oskay, Evil Mad Scientist',
    origin: 'npm hersheytext 2.0.0',
  },
];

function fetchFonts(): void {
  mkdirSync(fontDir, { recursive: true });
  const packages: Array<[string, string]> = [
    ['fontsource-tiny5', '@fontsource/tiny5@5.3.0'],
    ['fontsource-doto', '@fontsource/doto@5.3.0'],
    ['fontsource-jersey-10', '@fontsource/jersey-10@5.3.0'],
    ['fontsource-jacquard-12', '@fontsource/jacquard-12@5.3.0'],
    ['hersheytext', 'hersheytext@2.0.0'],
  ];
  for (const [folder, spec] of packages) {
    if (existsSync(`${fontDir}/${folder}`)) continue;
    const tarball = execFileSync('npm', ['pack', spec, '--silent'], { cwd: fontDir, encoding: 'utf8' }).trim().split('\n').at(-1)!;
    mkdirSync(`${fontDir}/${folder}`);
    execFileSync('tar', ['xzf', tarball, '-C', folder], { cwd: fontDir });
  }
  if (!existsSync(`${fontDir}/xfonts-75dpi`)) {
    execFileSync('apt-get', ['download', 'xfonts-75dpi'], { cwd: fontDir, stdio: 'inherit' });
    const deb = readdirSync(fontDir).find((name) => name.startsWith('xfonts-75dpi') && name.endsWith('.deb'))!;
    execFileSync('dpkg', ['-x', deb, 'xfonts-75dpi'], { cwd: fontDir });
  }
}

interface PixelGlyph {
  advance: number;
  pixels: Array<[number, number]>;
}

/** The glyphs of a pixel font by character, pixels relative to the origin on the baseline. */
function pixelGlyphs(source: PixelSource): { glyphs: Map<string, PixelGlyph>; kerning: Map<string, number> } {
  const file = readFileSync(`${fontDir}/${source.file}`);
  const glyphs = new Map<string, PixelGlyph>();
  const kerning = new Map<string, number>();
  if (source.unitsPerPixel === undefined) {
    const pcf = readPcf(file);
    for (const character of CANDIDATES) {
      const glyph = pcf.get(character.codePointAt(0)!);
      if (!glyph) continue;
      const pixels: Array<[number, number]> = [];
      glyph.rows.forEach((row, y) => {
        row.forEach((set, x) => {
          if (set) pixels.push([glyph.left + x, y - glyph.ascent]);
        });
      });
      glyphs.set(character, { advance: glyph.advance, pixels });
    }
    return { glyphs, kerning };
  }
  const font = opentype.parse(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
  const fontGlyphs = new Map<string, opentype.Glyph>();
  for (const character of CANDIDATES) {
    const glyph = font.charToGlyph(character);
    if (glyph.index === 0) continue;
    fontGlyphs.set(character, glyph);
    glyphs.set(character, glyphPixels(font, glyph, source.unitsPerPixel, `${source.id} ${character}`));
  }
  for (const [first, left] of fontGlyphs) {
    for (const [second, right] of fontGlyphs) {
      const pixels = kerningPixels(font, left, right, source.unitsPerPixel);
      if (pixels !== 0) kerning.set(first + second, pixels);
    }
  }
  return { glyphs, kerning };
}

/** A bitmap row as hexadecimal, leftmost stitch the highest bit. */
const rowHex = (bits: boolean[]): string =>
  BigInt(`0b${bits.map((bit) => (bit ? '1' : '0')).join('')}`)
    .toString(16)
    .padStart(Math.ceil(bits.length / 4), '0');

const WHITE_SPACE = /^\s$/u;

interface Built {
  info: Record<string, unknown>;
  glyphs: string;
}

function buildPixelAlphabet(source: PixelSource): Built {
  const { glyphs, kerning } = pixelGlyphs(source);
  // Letters without ink (a font's empty placeholder) are not covered; white space is, by its advance alone.
  const covered = [...glyphs].filter(([character, glyph]) => glyph.pixels.length > 0 || WHITE_SPACE.test(character));
  const rows = covered.flatMap(([, glyph]) => glyph.pixels.map(([, row]) => row));
  const ascent = -Math.min(...rows);
  const descent = Math.max(...rows) + 1;
  const capRows = glyphs
    .get('H')!
    .pixels.map(([, row]) => row)
    .filter((row) => row < 0);
  const lines = covered.map(([character, glyph]) => {
    if (!glyph.pixels.length) return `    ${JSON.stringify(character)}: [${glyph.advance}],`;
    const xs = glyph.pixels.map(([x]) => x);
    const ys = glyph.pixels.map(([, y]) => y);
    const [left, top] = [Math.min(...xs), Math.min(...ys)];
    const width = Math.max(...xs) - left + 1;
    const bitmap = Array.from({ length: Math.max(...ys) - top + 1 }, () => new Array<boolean>(width).fill(false));
    for (const [x, y] of glyph.pixels) bitmap[y - top]![x - left] = true;
    const hex = bitmap.map(rowHex).join(' ');
    return `    ${JSON.stringify(character)}: [${glyph.advance}, ${left}, ${top + ascent}, ${width}, '${hex}'],`;
  });
  const coveredSet = new Set(covered.map(([character]) => character));
  const kerns = [...kerning].filter(([pair]) => Array.from(pair).every((character) => coveredSet.has(character)));
  return {
    info: {
      kind: 'cross',
      height: ascent + descent,
      cap_height: -Math.min(...capRows),
      characters: covered.map(([character]) => character).join(''),
    },
    glyphs: [
      `  ${JSON.stringify(source.id)}: {`,
      `    kind: 'cross',`,
      `    glyphs: {`,
      ...lines.map((line) => `  ${line}`),
      `    },`,
      `    kerning: { ${kerns.map(([pair, value]) => `${JSON.stringify(pair)}: ${value}`).join(', ')} },`,
      `  },`,
    ].join('\n'),
  };
}

function buildStrokeAlphabet(source: StrokeSource): Built {
  const strokeGlyphs = readHersheySvg(readFileSync(`${fontDir}/${source.file}`, 'utf8'));
  const available = CANDIDATES.filter((character) => strokeGlyphs.has(character));
  const capTop = Math.max(
    ...strokeGlyphs
      .get('H')!
      .strokes.flat()
      .map(([, y]) => y),
  );
  const scale = (source.capStitches * 2) / capTop;
  // The SVG conversion moved every stroke 3 Hershey units (94.5 font units) right of the glyph's advance box.
  const shift = 94.5;
  const ys = available.flatMap((character) =>
    strokeGlyphs
      .get(character)!
      .strokes.flat()
      .map(([, y]) => y),
  );
  // The line box in whole stitches: lattice rows above and below the baseline rounded up to even.
  const ascentLattice = 2 * Math.ceil((Math.max(...ys) * scale) / 2 - 1e-9);
  const descentLattice = 2 * Math.ceil((-Math.min(...ys) * scale) / 2 - 1e-9);
  const lattice = new Map<string, LatticeGlyph>();
  for (const character of available) {
    const glyph = toLattice(strokeGlyphs.get(character)!, scale, ascentLattice / scale, shift);
    if (glyph.lines.length || glyph.knots.length || WHITE_SPACE.test(character)) lattice.set(character, glyph);
  }
  const lines = [...lattice].map(([character, glyph]) => {
    const strokes = glyph.lines.map((line) => line.join(' ')).join(',');
    const knots = glyph.knots.map((knot) => knot.join(' ')).join(',');
    return `      ${JSON.stringify(character)}: [${glyph.advance}, '${strokes}', '${knots}'],`;
  });
  return {
    info: {
      kind: 'backstitch',
      height: (ascentLattice + descentLattice) / 2,
      cap_height: source.capStitches,
      characters: [...lattice.keys()].join(''),
    },
    glyphs: [`  ${JSON.stringify(source.id)}: {`, `    kind: 'backstitch',`, `    glyphs: {`, ...lines, `    },`, `  },`].join('\n'),
  };
}

fetchFonts();
const built = SOURCES.map((source) => ({ source, ...(source.kind === 'pixel' ? buildPixelAlphabet(source) : buildStrokeAlphabet(source)) }));
const header = '// Generated by scripts/generate-alphabets.ts from the fonts named in alphabet-list.data.ts; do not edit.\n';

const list = built.map(({ source, info }) => {
  const { id, name, style, font, licence, credit, origin } = source;
  return { id, name, ...info, style, font, licence, credit, origin };
});
writeFileSync(
  `${targetDir}/alphabet-list.data.ts`,
  `${header}// Each alphabet's glyph data is under its font's licence (LICENSES.md beside this file).\nimport type { AlphabetInfo } from './alphabet-types.js';\n\n/** Every stitch alphabet: cross-stitch ones first, smallest first, then the backstitch ones. */\nexport const ALPHABET_LIST: readonly AlphabetInfo[] = ${JSON.stringify(list, null, 2)};\n`,
);
writeFileSync(
  `${targetDir}/alphabet-glyphs.data.ts`,
  `${header}// Glyph data under the licences in LICENSES.md: SIL OFL 1.1 (tiny-5, plain-7, bold-10, gothic-12), the Adobe/DEC\n// notice (italic-13) and the Hershey notice (the backstitch alphabets).\nimport type { GlyphData } from './alphabet-types.js';\n\nexport const ALPHABET_GLYPHS: Record<string, GlyphData> = {\n${built.map(({ glyphs }) => glyphs).join('\n')}\n};\n`,
);
for (const { source, info } of built)
  console.log(`${source.id}: ${String(info.kind)}, ${String(info.height)} high, ${String(info.cap_height)} cap, ${String(info.characters).length} characters`);
