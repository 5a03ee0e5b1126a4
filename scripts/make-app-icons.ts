import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/**
 * Draws the installed app's icons into apps/web/public/icons from the favicon's design (a white cross
 * stitch on violet): 192 and 512 px with rounded corners, a maskable 512 px one whose cross stays inside
 * the safe circle (the middle 80 %) whatever mask a launcher cuts, and Apple's 180 px touch icon (square:
 * iOS rounds it). Run after changing the design: `npx tsx scripts/make-app-icons.ts`; the PNGs are committed.
 */
const VIOLET = '#7c3aed';
const out = fileURLToPath(new URL('../apps/web/public/icons/', import.meta.url));

/** The cross on a background, its arms spanning `span` of the side (the favicon's is 16/32). */
function svg({ rounded, span }: { rounded: boolean; span: number }): string {
  const start = (1 - span) / 2;
  const end = 1 - start;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" rx="${rounded ? 7 / 32 : 0}" fill="${VIOLET}"/><path d="M${start} ${start}L${end} ${end}M${end} ${start}L${start} ${end}" stroke="#fff" stroke-width="${span / 4}" stroke-linecap="round"/></svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, span: 0.5 },
  { file: 'icon-512.png', size: 512, rounded: true, span: 0.5 },
  { file: 'maskable-512.png', size: 512, rounded: false, span: 0.4 },
  { file: 'apple-touch-icon-180.png', size: 180, rounded: false, span: 0.5 },
];

mkdirSync(out, { recursive: true });
for (const icon of icons) {
  await sharp(Buffer.from(svg(icon)), { density: (72 * icon.size) / 1 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(`${out}${icon.file}`);
  console.log(`${icon.file}: ${icon.size} × ${icon.size}`);
}
