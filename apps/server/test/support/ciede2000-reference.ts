/**
 * CIEDE2000 written out as Sharma, Wu & Dalal (2005) state it, step by step in degrees, with its own
 * sRGB → CIELAB (D65, IEC 61966-2-1 companding): a reference the API's distances are checked against,
 * sharing no code with the core. Slow and plain on purpose. Checked against Sharma's published pairs
 * (packages/core/test-fixtures/ciede2000-sharma.tsv) by thread-brands-api.test.ts.
 */

export interface ReferenceLab {
  L: number;
  a: number;
  b: number;
}

const WHITE = [0.95047, 1, 1.08883] as const;

export function referenceLab(r: number, g: number, b: number): ReferenceLab {
  const linear = (byte: number) => {
    const v = byte / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const [R, G, B] = [linear(r), linear(g), linear(b)];
  const xyz = [0.4124564 * R + 0.3575761 * G + 0.1804375 * B, 0.2126729 * R + 0.7151522 * G + 0.072175 * B, 0.0193339 * R + 0.119192 * G + 0.9503041 * B];
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const [fx, fy, fz] = xyz.map((value, i) => f(value / WHITE[i]!)) as [number, number, number];
  return { L: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

const degrees = (radians: number) => (radians * 180) / Math.PI;
const radians = (deg: number) => (deg * Math.PI) / 180;

export function referenceDeltaE00(first: ReferenceLab, second: ReferenceLab): number {
  const { L: L1, a: a1, b: b1 } = first;
  const { L: L2, a: a2, b: b2 } = second;
  const C1 = Math.hypot(a1, b1);
  const C2 = Math.hypot(a2, b2);
  const meanC = (C1 + C2) / 2;
  const G = 0.5 * (1 - Math.sqrt(meanC ** 7 / (meanC ** 7 + 25 ** 7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const hue = (b: number, ap: number) => (b === 0 && ap === 0 ? 0 : (degrees(Math.atan2(b, ap)) + 360) % 360);
  const h1p = hue(b1, a1p);
  const h2p = hue(b2, a2p);

  const dLp = L2 - L1;
  const dCp = C2p - C1p;
  let dhp = 0;
  if (C1p * C2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin(radians(dhp / 2));

  const meanLp = (L1 + L2) / 2;
  const meanCp = (C1p + C2p) / 2;
  let meanHp = h1p + h2p;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) <= 180) meanHp = (h1p + h2p) / 2;
    else meanHp = h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2;
  }
  const T =
    1 -
    0.17 * Math.cos(radians(meanHp - 30)) +
    0.24 * Math.cos(radians(2 * meanHp)) +
    0.32 * Math.cos(radians(3 * meanHp + 6)) -
    0.2 * Math.cos(radians(4 * meanHp - 63));
  const dTheta = 30 * Math.exp(-(((meanHp - 275) / 25) ** 2));
  const RC = 2 * Math.sqrt(meanCp ** 7 / (meanCp ** 7 + 25 ** 7));
  const SL = 1 + (0.015 * (meanLp - 50) ** 2) / Math.sqrt(20 + (meanLp - 50) ** 2);
  const SC = 1 + 0.045 * meanCp;
  const SH = 1 + 0.015 * meanCp * T;
  const RT = -Math.sin(radians(2 * dTheta)) * RC;
  return Math.sqrt((dLp / SL) ** 2 + (dCp / SC) ** 2 + (dHp / SH) ** 2 + RT * (dCp / SC) * (dHp / SH));
}

/** Every thread of `threads` with its reference ΔE00 from `lab`, nearest first: a scan of the whole table. */
export function referenceScan<T extends { r: number; g: number; b: number }>(lab: ReferenceLab, threads: readonly T[]): { thread: T; distance: number }[] {
  return threads
    .map((thread) => ({ thread, distance: referenceDeltaE00(lab, referenceLab(thread.r, thread.g, thread.b)) }))
    .sort((x, y) => x.distance - y.distance);
}
