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
  if (L1 === L2 && a1 === a2 && b1 === b2) return 0;

  // The same formula with the hue terms taken from the a′b′ vectors instead of angles: ΔH′ from
  // the identity ΔH′² = Δa′² + Δb² − ΔC′², the mean hue as the direction of the sum
  // of the two unit hue vectors, and the cosines of T from multiple-angle identities. One atan2,
  // one sin and one exp instead of two atan2, six sin/cos and one exp: this runs once or more per
  // stitch. Zero chroma and exactly opposite hues, where the vectors give no direction, take the
  // angle-based path.
  const C1 = Math.sqrt(a1 * a1 + b1 * b1);
  const C2 = Math.sqrt(a2 * a2 + b2 * b2);
  const meanC7 = pow7((C1 + C2) / 2);
  const G = 0.5 * (1 - Math.sqrt(meanC7 / (meanC7 + POW25_7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.sqrt(a1p * a1p + b1 * b1);
  const C2p = Math.sqrt(a2p * a2p + b2 * b2);
  if (C1p === 0 || C2p === 0) return deltaE2000ByAngles(lab1, lab2);
  // Reciprocals once, multiplications after: divisions sit on this function's critical path.
  const inverse1 = 1 / C1p;
  const inverse2 = 1 / C2p;
  const sumX = a1p * inverse1 + a2p * inverse2;
  const sumY = b1 * inverse1 + b2 * inverse2;
  const sumLength = Math.sqrt(sumX * sumX + sumY * sumY);
  if (sumLength < 1e-9) return deltaE2000ByAngles(lab1, lab2);
  const inverseLength = 1 / sumLength;

  const dLp = L2 - L1;
  const dCp = C2p - C1p;
  const dap = a2p - a1p;
  const db = b2 - b1;
  // Sign of Δh′ is the sign of the turn from hue 1 to hue 2.
  const dHp = (a1p * b2 - b1 * a2p < 0 ? -1 : 1) * Math.sqrt(Math.max(0, dap * dap + db * db - dCp * dCp));
  const meanLp = (L1 + L2) / 2;
  const meanCp = (C1p + C2p) / 2;

  const c1 = sumX * inverseLength; // cos h̄′
  const s1 = sumY * inverseLength; // sin h̄′
  const c2 = 2 * c1 * c1 - 1;
  const s2 = 2 * s1 * c1;
  const c3 = c1 * (4 * c1 * c1 - 3);
  const s3 = s1 * (3 - 4 * s1 * s1);
  const c4 = 2 * c2 * c2 - 1;
  const s4 = 2 * s2 * c2;
  const T = 1 - 0.17 * (c1 * COS_30 + s1 * SIN_30) + 0.24 * c2 + 0.32 * (c3 * COS_6 - s3 * SIN_6) - 0.2 * (c4 * COS_63 + s4 * SIN_63);
  // The rotation term only acts on blues: more than 120° from h̄′ = 275° its angle is below 3·10⁻⁹°,
  // which moves the result by less than a relative 10⁻¹⁰, so there the atan2, exp and sin are left out.
  let rotation = 0;
  if (c1 * COS_275 + s1 * SIN_275 > COS_120) {
    const meanHp = Math.atan2(sumY, sumX) / DEG;
    rotation = hueRotation(meanHp < 0 ? meanHp + 360 : meanHp);
  }
  return weightedDifference(dLp, dCp, dHp, meanLp, meanCp, T, rotation);
}

const COS_30 = Math.cos(30 * DEG);
const SIN_30 = Math.sin(30 * DEG);
const COS_6 = Math.cos(6 * DEG);
const SIN_6 = Math.sin(6 * DEG);
const COS_63 = Math.cos(63 * DEG);
const SIN_63 = Math.sin(63 * DEG);
const COS_275 = Math.cos(275 * DEG);
const SIN_275 = Math.sin(275 * DEG);
const COS_120 = Math.cos(120 * DEG);

/** CIEDE2000 computed with hue angles, as the formula is written: the reference for the fast path. */
export function deltaE2000ByAngles(lab1: Lab, lab2: Lab): number {
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
  return weightedDifference(dLp, dCp, dHp, meanLp, meanCp, T, hueRotation(meanHp));
}

/** sin 2Δθ of the rotation term, for a mean hue in degrees. */
function hueRotation(meanHp: number): number {
  const hueOffset = (meanHp - 275) / 25;
  const dTheta = 30 * Math.exp(-(hueOffset * hueOffset));
  return Math.sin(2 * dTheta * DEG);
}

/** The last step of CIEDE2000, shared by both paths: the weighted ΔL′, ΔC′, ΔH′ with the rotation term. */
function weightedDifference(dLp: number, dCp: number, dHp: number, meanLp: number, meanCp: number, T: number, rotation: number): number {
  let RT = 0;
  if (rotation !== 0) {
    const meanCp7 = pow7(meanCp);
    RT = -rotation * 2 * Math.sqrt(meanCp7 / (meanCp7 + POW25_7));
  }
  const SL = lightnessWeight(meanLp);
  const SC = 1 + 0.045 * meanCp;
  const SH = 1 + 0.015 * meanCp * T;
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
