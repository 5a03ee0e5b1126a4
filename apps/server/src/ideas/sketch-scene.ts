/**
 * The offline sketch's scene as SVG: sky bands, sun, moon, clouds or snow, hills or water, then the
 * prompt's subjects side by side, all under one brush-like displacement filter.
 */
import { f, pick, randomFrom, shade } from './sketch-helpers.js';
import { readPrompt, type Mood, type Subject } from './sketch-prompt.js';
import { DRAW, starShape } from './sketch-subjects.js';

export const SKETCH_SIZE = 512;

/** The prompt's scene as SVG. */
export function sketchSvg(prompt: string): string {
  const normalised = prompt.trim().toLowerCase().replace(/\s+/g, ' ');
  const random = randomFrom(normalised);
  const reading = readPrompt(normalised);
  const subjects: Subject[] = reading.subjects.length > 0 ? reading.subjects : ['flowers'];
  const colours = [...reading.colours];
  const paint = (fallback: string): string => colours.shift() ?? fallback;

  const sky = skyOf(reading.mood, random);
  const horizon = Math.round(SKETCH_SIZE * (0.62 + random() * 0.12));
  const ground = reading.mood === 'snow' ? '#eef2f6' : pick(random, ['#6fa35a', '#86b062', '#5e9450', '#9bb86a']);
  const layers: string[] = [
    `<rect width="${SKETCH_SIZE}" height="${SKETCH_SIZE}" fill="${sky[0]}"/>`,
    `<rect y="${Math.round(horizon * 0.45)}" width="${SKETCH_SIZE}" height="${horizon}" fill="${sky[1]}"/>`,
    `<rect y="${Math.round(horizon * 0.78)}" width="${SKETCH_SIZE}" height="${horizon}" fill="${sky[2]}"/>`,
    celestial(reading.mood, subjects, random),
    subjects.includes('fish') || subjects.includes('boat') ? water(horizon, random) : hills(horizon, ground, random),
  ];

  // The subjects side by side, the first largest; each takes the next colour word named.
  const count = subjects.length;
  subjects.forEach((subject, index) => {
    const scale = (count === 1 ? 0.62 : count === 2 ? 0.44 : 0.34) * (index === 0 ? 1 : 0.85) * (0.92 + random() * 0.16);
    const size = SKETCH_SIZE * scale;
    const cx = (SKETCH_SIZE * (index + 0.5)) / count + (random() - 0.5) * SKETCH_SIZE * 0.06;
    const baseY = Math.min(SKETCH_SIZE - 20, horizon + size * 0.28);
    layers.push(DRAW[subject]({ cx, baseY, size, random, paint, mood: reading.mood }));
  });

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SKETCH_SIZE}" height="${SKETCH_SIZE}" viewBox="0 0 ${SKETCH_SIZE} ${SKETCH_SIZE}">` +
    // Brush-like edges: the whole picture is displaced by smooth noise, a few pixels at most.
    `<defs><filter id="brush" x="-5%" y="-5%" width="110%" height="110%"><feTurbulence type="fractalNoise" baseFrequency="0.035" numOctaves="2" seed="${Math.floor(random() * 1000)}"/>` +
    `<feDisplacementMap in="SourceGraphic" scale="7" xChannelSelector="R" yChannelSelector="G" result="painted"/>` +
    // At the picture's border the displacement reaches outside it; the undisplaced picture fills in there.
    `<feMerge><feMergeNode in="SourceGraphic"/><feMergeNode in="painted"/></feMerge></filter></defs>` +
    `<g filter="url(#brush)">${layers.join('')}</g></svg>`
  );
}

/** Three bands of sky, top to horizon. */
function skyOf(mood: Mood, random: () => number): [string, string, string] {
  if (mood === 'night') return ['#15204a', '#1f2f63', '#2c3f78'];
  if (mood === 'sunset') return ['#f29a6b', '#f6b77c', '#f9d59a'];
  if (mood === 'snow') return ['#b9cde0', '#cbdbe9', '#dde8f2'];
  return pick(random, [
    ['#8cc3ea', '#a6d2f0', '#c4e2f6'],
    ['#f4ead0', '#f4ead0', '#f4ead0'],
    ['#e8dff0', '#e8dff0', '#e8dff0'],
    ['#9fd1e8', '#b7def0', '#d0eaf6'],
  ]);
}

function celestial(mood: Mood, subjects: readonly Subject[], random: () => number): string {
  if (subjects.includes('sun') || subjects.includes('star')) return '';
  const x = SKETCH_SIZE * (0.12 + random() * 0.76);
  if (mood === 'night') {
    let svg = `<circle cx="${f(x)}" cy="70" r="34" fill="#f4eec4"/><circle cx="${f(x + 14)}" cy="62" r="30" fill="#15204a"/>`;
    for (let i = 0; i < 9; i++) svg += starShape(random() * SKETCH_SIZE, 20 + random() * 180, 6 + random() * 5, '#f6e79a');
    return svg;
  }
  if (mood === 'sunset') return `<circle cx="${f(x)}" cy="250" r="60" fill="#f47c48"/>`;
  if (mood === 'snow')
    return Array.from(
      { length: 30 },
      () => `<circle cx="${f(random() * SKETCH_SIZE)}" cy="${f(random() * 330)}" r="${f(3 + random() * 4)}" fill="#ffffff"/>`,
    ).join('');
  return random() < 0.5 ? `<circle cx="${f(x)}" cy="78" r="38" fill="#f7d54a"/>` : cloud(x, 80, random) + cloud(SKETCH_SIZE - x, 130, random);
}

function cloud(x: number, y: number, random: () => number): string {
  return [-1, 0, 1].map((i) => `<circle cx="${f(x + i * 26)}" cy="${f(y - (i === 0 ? 12 : 0))}" r="${f(22 + random() * 8)}" fill="#fbfbf8"/>`).join('');
}

function hills(horizon: number, colour: string, random: () => number): string {
  const lift = 20 + random() * 30;
  return (
    `<path d="M0 ${f(horizon)} Q${f(SKETCH_SIZE * 0.3)} ${f(horizon - lift)} ${f(SKETCH_SIZE * 0.6)} ${f(horizon)} T${SKETCH_SIZE} ${f(horizon - 10)} V${SKETCH_SIZE} H0 Z" fill="${shade(colour, 0.12)}"/>` +
    `<rect y="${f(horizon + 25)}" width="${SKETCH_SIZE}" height="${SKETCH_SIZE}" fill="${colour}"/>`
  );
}

function water(horizon: number, random: () => number): string {
  let svg = `<rect y="${f(horizon - 30)}" width="${SKETCH_SIZE}" height="${SKETCH_SIZE}" fill="#2f7fb8"/>`;
  for (let i = 0; i < 6; i++) {
    const y = horizon + i * 35 + random() * 10;
    svg += `<path d="M${f(random() * 80)} ${f(y)} q20 -10 40 0 t40 0 t40 0" stroke="#8cc8ea" stroke-width="5" fill="none" stroke-linecap="round"/>`;
  }
  return svg;
}
