import type { Lab } from './spaces.js';

const DEG = Math.PI / 180;
const POW25_7 = 25 ** 7;

/**
 * CIEDE2000 colour difference (CIE 142-2001) with kL = kC = kH = 1, written after
 * Sharma, Wu & Dalal (2005) including their notes on hue wrap-around and zero chroma,
 * so it is symmetric and reproduces their published test data to 4 decimals.
 */
export function deltaE2000(lab1: Lab, lab2: Lab): number {
  const { L: L1, a: a1, b: b1 } = lab1;
  const { L: L2, a: a2, b: b2 } = lab2;

  // Plain sqrt and multiplications: Math.hypot and ** are several times slower in V8, and this runs per pixel.
  const C1 = Math.sqrt(a1 * a1 + b1 * b1);
  const C2 = Math.sqrt(a2 * a2 + b2 * b2);
  const meanC7 = pow7((C1 + C2) / 2);
  const G = 0.5 * (1 - Math.sqrt(meanC7 / (meanC7 + POW25_7)));

  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.sqrt(a1p * a1p + b1 * b1);
  const C2p = Math.sqrt(a2p * a2p + b2 * b2);
  const h1p = hueAngle(b1, a1p);
  const h2p = hueAngle(b2, a2p);

  const dLp = L2 - L1;
  const dCp = C2p - C1p;
  const chromaProduct = C1p * C2p;

  let dhp = 0;
  if (chromaProduct !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(chromaProduct) * Math.sin((dhp / 2) * DEG);

  const meanLp = (L1 + L2) / 2;
  const meanCp = (C1p + C2p) / 2;
  let meanHp = h1p + h2p;
  if (chromaProduct !== 0) {
    if (Math.abs(h1p - h2p) <= 180) meanHp /= 2;
    else meanHp = meanHp < 360 ? (meanHp + 360) / 2 : (meanHp - 360) / 2;
  }

  const T =
    1 -
    0.17 * Math.cos((meanHp - 30) * DEG) +
    0.24 * Math.cos(2 * meanHp * DEG) +
    0.32 * Math.cos((3 * meanHp + 6) * DEG) -
    0.2 * Math.cos((4 * meanHp - 63) * DEG);
  const hueOffset = (meanHp - 275) / 25;
  const dTheta = 30 * Math.exp(-(hueOffset * hueOffset));
  const meanCp7 = pow7(meanCp);
  const RC = 2 * Math.sqrt(meanCp7 / (meanCp7 + POW25_7));
  const SL = lightnessWeight(meanLp);
  const SC = 1 + 0.045 * meanCp;
  const SH = 1 + 0.015 * meanCp * T;
  const RT = -Math.sin(2 * dTheta * DEG) * RC;

  const termL = dLp / SL;
  const termC = dCp / SC;
  const termH = dHp / SH;
  return Math.sqrt(termL * termL + termC * termC + termH * termH + RT * termC * termH);
}

/**
 * SL, the lightness weighting of CIEDE2000 at a mean lightness. Exposed because |ΔL'| / SL is a
 * lower bound of ΔE00 (the chroma–hue part of the formula is never negative), which lets a
 * nearest-colour search skip candidates by lightness alone and stay exact.
 */
export function lightnessWeight(meanL: number): number {
  const offset = (meanL - 50) * (meanL - 50);
  return 1 + (0.015 * offset) / Math.sqrt(20 + offset);
}

function pow7(x: number): number {
  const x2 = x * x;
  return x2 * x2 * x2 * x;
}

/** Hue angle in degrees, 0–360; zero for a neutral colour, as the formula defines it. */
function hueAngle(b: number, aPrime: number): number {
  if (b === 0 && aPrime === 0) return 0;
  const h = Math.atan2(b, aPrime) / DEG;
  return h < 0 ? h + 360 : h;
}
