/** How the offline sketch draws each subject it knows, in flat SVG shapes. */
import { f, pick, shade } from './sketch-helpers.js';
import type { Mood, Subject } from './sketch-prompt.js';

export interface DrawContext {
  cx: number;
  /** Where the subject stands. */
  baseY: number;
  size: number;
  random: () => number;
  /** The next colour word of the prompt, or the fallback. */
  paint: (fallback: string) => string;
  mood: Mood;
}

export const DRAW: Readonly<Record<Subject, (context: DrawContext) => string>> = {
  flowers: ({ cx, baseY, size, random, paint }) => {
    const heads = 3 + Math.floor(random() * 3);
    const petalColours = [
      paint(pick(random, ['#d94f70', '#e8734a', '#f2c94c', '#b76cc8', '#e05a5a'])),
      paint(pick(random, ['#f6a5c0', '#f7e08a', '#9fb8f0', '#f3f0e8'])),
    ];
    let svg = '';
    for (let i = 0; i < heads; i++) {
      const angle = (i / (heads - 1 || 1) - 0.5) * 1.3 + (random() - 0.5) * 0.2;
      const length = size * (0.55 + random() * 0.3);
      const x = cx + Math.sin(angle) * length * 0.7;
      const y = baseY - Math.cos(angle) * length;
      svg += `<path d="M${f(cx)} ${f(baseY)} Q${f(cx + Math.sin(angle) * length * 0.2)} ${f(baseY - length * 0.5)} ${f(x)} ${f(y)}" stroke="#3f7d3a" stroke-width="${f(size * 0.03)}" fill="none"/>`;
      svg += leaf((cx + x) / 2, (baseY + y) / 2 + length * 0.12, size * 0.12, angle * 57 + (i % 2 ? 40 : -40));
      svg += flowerHead(x, y, size * (0.13 + random() * 0.05), petalColours[i % 2]!, random);
    }
    // A round vase holds the stems.
    const vase = paint(pick(random, ['#3d6fb0', '#c9804a', '#5b8f8a', '#8c5a9c']));
    svg += `<path d="M${f(cx - size * 0.2)} ${f(baseY - size * 0.05)} Q${f(cx - size * 0.3)} ${f(baseY + size * 0.32)} ${f(cx)} ${f(baseY + size * 0.34)} Q${f(cx + size * 0.3)} ${f(baseY + size * 0.32)} ${f(cx + size * 0.2)} ${f(baseY - size * 0.05)} Z" fill="${vase}"/>`;
    return svg;
  },
  tree: ({ cx, baseY, size, random, paint, mood }) => {
    const crown = paint(mood === 'sunset' ? '#d9782b' : mood === 'snow' ? '#dfe8ee' : '#3f8a3f');
    let svg = `<rect x="${f(cx - size * 0.06)}" y="${f(baseY - size * 0.5)}" width="${f(size * 0.12)}" height="${f(size * 0.5)}" fill="#6b4226"/>`;
    for (let i = 0; i < 5; i++) {
      const x = cx + (random() - 0.5) * size * 0.45;
      const y = baseY - size * (0.65 + random() * 0.3);
      svg += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(size * (0.2 + random() * 0.08))}" fill="${crown}"/>`;
    }
    if (random() < 0.6)
      for (let i = 0; i < 4; i++)
        svg += `<circle cx="${f(cx + (random() - 0.5) * size * 0.5)}" cy="${f(baseY - size * (0.6 + random() * 0.35))}" r="${f(size * 0.035)}" fill="#d8363a"/>`;
    return svg;
  },
  house: ({ cx, baseY, size, random, paint }) => {
    const w = size * 0.8;
    const h = size * 0.5;
    const left = cx - w / 2;
    const top = baseY - h;
    const wall = paint(pick(random, ['#f1e3c6', '#e9c79a', '#d9dde3', '#f4d2c2']));
    const roof = paint(pick(random, ['#b23a2e', '#5a4a6e', '#7a4e2d', '#2f5d7c']));
    return (
      `<rect x="${f(left + w * 0.62)}" y="${f(top - h * 0.55)}" width="${f(w * 0.1)}" height="${f(h * 0.4)}" fill="#6b4a3a"/>` +
      `<rect x="${f(left)}" y="${f(top)}" width="${f(w)}" height="${f(h)}" fill="${wall}"/>` +
      `<polygon points="${f(left - w * 0.08)},${f(top)} ${f(cx)},${f(top - h * 0.7)} ${f(left + w * 1.08)},${f(top)}" fill="${roof}"/>` +
      `<rect x="${f(cx - w * 0.09)}" y="${f(baseY - h * 0.55)}" width="${f(w * 0.18)}" height="${f(h * 0.55)}" fill="#6b3f26"/>` +
      [0.1, 0.72]
        .map(
          (x) =>
            `<rect x="${f(left + w * x)}" y="${f(top + h * 0.22)}" width="${f(w * 0.18)}" height="${f(h * 0.26)}" fill="#f6e27a" stroke="#fff" stroke-width="${f(size * 0.012)}"/>`,
        )
        .join('')
    );
  },
  heart: ({ cx, baseY, size, paint }) => {
    const s = size * 0.9;
    const top = baseY - s;
    return `<path d="M${f(cx)} ${f(top + s * 0.3)} C${f(cx - s * 0.05)} ${f(top)} ${f(cx - s * 0.55)} ${f(top)} ${f(cx - s * 0.5)} ${f(top + s * 0.35)} C${f(cx - s * 0.45)} ${f(top + s * 0.6)} ${f(cx - s * 0.1)} ${f(top + s * 0.75)} ${f(cx)} ${f(top + s * 0.95)} C${f(cx + s * 0.1)} ${f(top + s * 0.75)} ${f(cx + s * 0.45)} ${f(top + s * 0.6)} ${f(cx + s * 0.5)} ${f(top + s * 0.35)} C${f(cx + s * 0.55)} ${f(top)} ${f(cx + s * 0.05)} ${f(top)} ${f(cx)} ${f(top + s * 0.3)} Z" fill="${paint('#d2334a')}"/>`;
  },
  cat: ({ cx, baseY, size, random, paint }) =>
    animal({ cx, baseY, size, random, fur: paint(pick(random, ['#e08a3c', '#4a4a4f', '#9a8f86', '#f3efe6'])), ears: 'pointed', tail: true }),
  dog: ({ cx, baseY, size, random, paint }) =>
    animal({ cx, baseY, size, random, fur: paint(pick(random, ['#b98350', '#e8d2a8', '#6b4a33', '#f2eee4'])), ears: 'floppy', tail: true }),
  rabbit: ({ cx, baseY, size, random, paint }) =>
    animal({ cx, baseY, size, random, fur: paint(pick(random, ['#d9d2c8', '#b8a08a', '#f4f1ec'])), ears: 'long', tail: false }),
  bird: ({ cx, baseY, size, random, paint }) => {
    const body = paint(pick(random, ['#d9453a', '#3c78c8', '#f2b632', '#4aa36a']));
    const y = baseY - size * 0.45;
    return (
      `<path d="M${f(cx - size * 0.6)} ${f(baseY - size * 0.12)} L${f(cx + size * 0.6)} ${f(baseY - size * 0.2)}" stroke="#6b4226" stroke-width="${f(size * 0.05)}"/>` +
      `<ellipse cx="${f(cx)}" cy="${f(y)}" rx="${f(size * 0.32)}" ry="${f(size * 0.26)}" fill="${body}"/>` +
      `<circle cx="${f(cx + size * 0.24)}" cy="${f(y - size * 0.2)}" r="${f(size * 0.16)}" fill="${body}"/>` +
      `<ellipse cx="${f(cx - size * 0.05)}" cy="${f(y + size * 0.02)}" rx="${f(size * 0.2)}" ry="${f(size * 0.12)}" fill="${shade(body, -0.25)}"/>` +
      `<polygon points="${f(cx + size * 0.38)},${f(y - size * 0.24)} ${f(cx + size * 0.52)},${f(y - size * 0.18)} ${f(cx + size * 0.38)},${f(y - size * 0.12)}" fill="#f2a51a"/>` +
      `<circle cx="${f(cx + size * 0.28)}" cy="${f(y - size * 0.24)}" r="${f(size * 0.035)}" fill="#1e1e1e"/>` +
      `<polygon points="${f(cx - size * 0.28)},${f(y - size * 0.05)} ${f(cx - size * 0.6)},${f(y - size * 0.15)} ${f(cx - size * 0.5)},${f(y + size * 0.1)}" fill="${shade(body, -0.15)}"/>`
    );
  },
  fish: ({ cx, baseY, size, random, paint }) => {
    const body = paint(pick(random, ['#f08a24', '#e8c23a', '#e0607e', '#3cc0c0']));
    const y = baseY - size * 0.2;
    return (
      `<polygon points="${f(cx - size * 0.3)},${f(y)} ${f(cx - size * 0.6)},${f(y - size * 0.22)} ${f(cx - size * 0.6)},${f(y + size * 0.22)}" fill="${shade(body, -0.2)}"/>` +
      `<ellipse cx="${f(cx)}" cy="${f(y)}" rx="${f(size * 0.4)}" ry="${f(size * 0.24)}" fill="${body}"/>` +
      `<path d="M${f(cx - size * 0.05)} ${f(y - size * 0.22)} Q${f(cx)} ${f(y)} ${f(cx - size * 0.05)} ${f(y + size * 0.22)}" stroke="${shade(body, -0.3)}" stroke-width="${f(size * 0.03)}" fill="none"/>` +
      `<circle cx="${f(cx + size * 0.22)}" cy="${f(y - size * 0.06)}" r="${f(size * 0.05)}" fill="#fff"/><circle cx="${f(cx + size * 0.23)}" cy="${f(y - size * 0.06)}" r="${f(size * 0.025)}" fill="#1e1e1e"/>` +
      [0, 1, 2]
        .map(
          (i) =>
            `<circle cx="${f(cx + size * (0.5 + i * 0.08))}" cy="${f(y - size * (0.2 + i * 0.15))}" r="${f(size * 0.03)}" fill="none" stroke="#e8f4fb" stroke-width="${f(size * 0.012)}"/>`,
        )
        .join('')
    );
  },
  butterfly: ({ cx, baseY, size, random, paint }) => {
    const wing = paint(pick(random, ['#f08a24', '#3c78c8', '#b76cc8', '#e8c23a']));
    const inner = paint(shade(wing, 0.35));
    const y = baseY - size * 0.55;
    let svg = '';
    for (const side of [-1, 1]) {
      svg += `<ellipse cx="${f(cx + side * size * 0.22)}" cy="${f(y - size * 0.12)}" rx="${f(size * 0.24)}" ry="${f(size * 0.18)}" fill="${wing}" transform="rotate(${side * -25} ${f(cx + side * size * 0.22)} ${f(y - size * 0.12)})"/>`;
      svg += `<ellipse cx="${f(cx + side * size * 0.17)}" cy="${f(y + size * 0.14)}" rx="${f(size * 0.15)}" ry="${f(size * 0.12)}" fill="${wing}"/>`;
      svg += `<circle cx="${f(cx + side * size * 0.24)}" cy="${f(y - size * 0.13)}" r="${f(size * 0.07)}" fill="${inner}"/>`;
    }
    return (
      svg +
      `<rect x="${f(cx - size * 0.03)}" y="${f(y - size * 0.25)}" width="${f(size * 0.06)}" height="${f(size * 0.5)}" rx="${f(size * 0.03)}" fill="#2e2620"/>`
    );
  },
  mushroom: ({ cx, baseY, size, random, paint }) => {
    const cap = paint(pick(random, ['#d23a32', '#c9804a', '#b23a6e']));
    let svg = `<rect x="${f(cx - size * 0.12)}" y="${f(baseY - size * 0.42)}" width="${f(size * 0.24)}" height="${f(size * 0.42)}" rx="${f(size * 0.06)}" fill="#f4ead0"/>`;
    svg += `<path d="M${f(cx - size * 0.45)} ${f(baseY - size * 0.38)} Q${f(cx)} ${f(baseY - size * 1.05)} ${f(cx + size * 0.45)} ${f(baseY - size * 0.38)} Z" fill="${cap}"/>`;
    for (let i = 0; i < 5; i++)
      svg += `<circle cx="${f(cx + (random() - 0.5) * size * 0.6)}" cy="${f(baseY - size * (0.5 + random() * 0.2))}" r="${f(size * 0.05)}" fill="#fbf6ea"/>`;
    return svg;
  },
  boat: ({ cx, baseY, size, random, paint }) => {
    const hull = paint(pick(random, ['#b23a2e', '#2f5d7c', '#7a4e2d']));
    const sail = paint('#f7f4ea');
    const y = baseY - size * 0.1;
    return (
      `<polygon points="${f(cx - size * 0.5)},${f(y - size * 0.15)} ${f(cx + size * 0.5)},${f(y - size * 0.15)} ${f(cx + size * 0.35)},${f(y + size * 0.08)} ${f(cx - size * 0.35)},${f(y + size * 0.08)}" fill="${hull}"/>` +
      `<rect x="${f(cx - size * 0.015)}" y="${f(y - size * 0.95)}" width="${f(size * 0.03)}" height="${f(size * 0.8)}" fill="#5a3a22"/>` +
      `<polygon points="${f(cx + size * 0.03)},${f(y - size * 0.9)} ${f(cx + size * 0.4)},${f(y - size * 0.22)} ${f(cx + size * 0.03)},${f(y - size * 0.22)}" fill="${sail}"/>` +
      `<polygon points="${f(cx - size * 0.03)},${f(y - size * 0.75)} ${f(cx - size * 0.3)},${f(y - size * 0.22)} ${f(cx - size * 0.03)},${f(y - size * 0.22)}" fill="${shade(sail, -0.1)}"/>`
    );
  },
  mountain: ({ cx, baseY, size, random, paint, mood }) => {
    const rock = paint(pick(random, ['#6c7a8c', '#7d6e8c', '#5e7080']));
    let svg = '';
    for (const [dx, scale] of [
      [-0.55, 0.75],
      [0.5, 0.8],
      [0, 1],
    ] as const) {
      const peakX = cx + dx * size;
      const h = size * scale * 1.1;
      const halfWidth = size * scale * 0.75;
      svg += `<polygon points="${f(peakX - halfWidth)},${f(baseY)} ${f(peakX)},${f(baseY - h)} ${f(peakX + halfWidth)},${f(baseY)}" fill="${scale === 1 ? rock : shade(rock, 0.15)}"/>`;
      const snow = mood === 'sunset' ? '#f6d7c0' : '#f7f9fb';
      svg += `<polygon points="${f(peakX - halfWidth * 0.3)},${f(baseY - h * 0.7)} ${f(peakX)},${f(baseY - h)} ${f(peakX + halfWidth * 0.3)},${f(baseY - h * 0.7)} ${f(peakX + halfWidth * 0.1)},${f(baseY - h * 0.75)} ${f(peakX - halfWidth * 0.08)},${f(baseY - h * 0.66)}" fill="${snow}"/>`;
    }
    return svg;
  },
  star: ({ cx, baseY, size, paint }) => starShape(cx, baseY - size * 0.55, size * 0.5, paint('#f5d33f')),
  sun: ({ cx, baseY, size, paint }) => {
    const colour = paint('#f7c531');
    const y = baseY - size * 0.6;
    let svg = '';
    for (let i = 0; i < 12; i++) {
      const a = (i / 12) * Math.PI * 2;
      svg += `<line x1="${f(cx + Math.cos(a) * size * 0.38)}" y1="${f(y + Math.sin(a) * size * 0.38)}" x2="${f(cx + Math.cos(a) * size * 0.55)}" y2="${f(y + Math.sin(a) * size * 0.55)}" stroke="${colour}" stroke-width="${f(size * 0.05)}" stroke-linecap="round"/>`;
    }
    return svg + `<circle cx="${f(cx)}" cy="${f(y)}" r="${f(size * 0.3)}" fill="${colour}"/>`;
  },
};

function animal({
  cx,
  baseY,
  size,
  random,
  fur,
  ears,
  tail,
}: {
  cx: number;
  baseY: number;
  size: number;
  random: () => number;
  fur: string;
  ears: 'pointed' | 'floppy' | 'long';
  tail: boolean;
}): string {
  const headY = baseY - size * 0.72;
  const headR = size * 0.22;
  const dark = shade(fur, -0.3);
  let svg = '';
  if (tail)
    svg += `<path d="M${f(cx + size * 0.25)} ${f(baseY - size * 0.1)} Q${f(cx + size * 0.6)} ${f(baseY - size * 0.2)} ${f(cx + size * 0.45)} ${f(baseY - size * 0.55)}" stroke="${fur}" stroke-width="${f(size * 0.08)}" stroke-linecap="round" fill="none"/>`;
  svg += `<ellipse cx="${f(cx)}" cy="${f(baseY - size * 0.25)}" rx="${f(size * 0.3)}" ry="${f(size * 0.28)}" fill="${fur}"/>`;
  for (const side of [-1, 1]) {
    if (ears === 'pointed')
      svg += `<polygon points="${f(cx + side * headR * 0.9)},${f(headY - headR * 0.3)} ${f(cx + side * headR * 0.75)},${f(headY - headR * 1.35)} ${f(cx + side * headR * 0.2)},${f(headY - headR * 0.85)}" fill="${fur}"/>`;
    if (ears === 'long')
      svg += `<ellipse cx="${f(cx + side * headR * 0.45)}" cy="${f(headY - headR * 1.3)}" rx="${f(headR * 0.28)}" ry="${f(headR * 0.85)}" fill="${fur}"/><ellipse cx="${f(cx + side * headR * 0.45)}" cy="${f(headY - headR * 1.3)}" rx="${f(headR * 0.13)}" ry="${f(headR * 0.6)}" fill="#f2b8c6"/>`;
  }
  svg += `<circle cx="${f(cx)}" cy="${f(headY)}" r="${f(headR)}" fill="${fur}"/>`;
  if (ears === 'floppy')
    for (const side of [-1, 1])
      svg += `<ellipse cx="${f(cx + side * headR * 0.95)}" cy="${f(headY + headR * 0.1)}" rx="${f(headR * 0.3)}" ry="${f(headR * 0.6)}" fill="${dark}"/>`;
  for (const side of [-1, 1]) svg += `<circle cx="${f(cx + side * headR * 0.38)}" cy="${f(headY - headR * 0.1)}" r="${f(headR * 0.12)}" fill="#1e1e1e"/>`;
  svg += `<ellipse cx="${f(cx)}" cy="${f(headY + headR * 0.3)}" rx="${f(headR * 0.14)}" ry="${f(headR * 0.1)}" fill="${ears === 'floppy' ? '#2a2a2a' : '#e07a8a'}"/>`;
  // A spot of belly colour, varied by the prompt.
  if (random() < 0.7) svg += `<ellipse cx="${f(cx)}" cy="${f(baseY - size * 0.2)}" rx="${f(size * 0.14)}" ry="${f(size * 0.16)}" fill="${shade(fur, 0.35)}"/>`;
  return svg;
}

function flowerHead(x: number, y: number, r: number, colour: string, random: () => number): string {
  const petals = 5 + Math.floor(random() * 4);
  let svg = '';
  for (let i = 0; i < petals; i++) {
    const angle = (i / petals) * 360 + random() * 10;
    svg += `<ellipse cx="${f(x)}" cy="${f(y - r * 0.62)}" rx="${f(r * 0.42)}" ry="${f(r * 0.62)}" fill="${colour}" transform="rotate(${f(angle)} ${f(x)} ${f(y)})"/>`;
  }
  return svg + `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.38)}" fill="${shade(colour, -0.45)}"/>`;
}

function leaf(x: number, y: number, length: number, angle: number): string {
  return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(length * 0.5)}" ry="${f(length * 0.2)}" fill="#4f9a44" transform="rotate(${f(angle)} ${f(x)} ${f(y)})"/>`;
}

export function starShape(x: number, y: number, r: number, colour: string): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (i / 10) * Math.PI * 2 - Math.PI / 2;
    return `${f(x + Math.cos(angle) * radius)},${f(y + Math.sin(angle) * radius)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${colour}"/>`;
}
