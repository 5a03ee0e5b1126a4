/**
 * Colour-space conversions. sRGB values are 0–255 integers; linear and XYZ values are 0–1 floats.
 * CIELAB uses the D65 reference white with Y normalised to 1, the white every ΔE figure in the product is based on.
 */

export interface Rgb {
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

export interface Xyz {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

export interface Lab {
  readonly L: number;
  readonly a: number;
  readonly b: number;
}

export interface Oklab {
  readonly L: number;
  readonly a: number;
  readonly b: number;
}

export interface Cmyk {
  readonly c: number;
  readonly m: number;
  readonly y: number;
  readonly k: number;
}

export const D65_WHITE: Xyz = { x: 0.95047, y: 1, z: 1.08883 };

// CIE constants in their exact rational form (CIE 15:2004) rather than the rounded 0.008856 / 903.3.
const LAB_EPSILON = 216 / 24389;
const LAB_KAPPA = 24389 / 27;

/** sRGB channel in 0–1 to linear light (IEC 61966-2-1 transfer function). */
export function srgbChannelToLinear(value: number): number {
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** Linear-light channel to sRGB in 0–1. */
export function linearChannelToSrgb(value: number): number {
  return value <= 0.0031308 ? value * 12.92 : 1.055 * value ** (1 / 2.4) - 0.055;
}

// 256-entry table: the conversion sits on the per-pixel path of every image tool.
const SRGB_BYTE_TO_LINEAR: Float64Array = (() => {
  const table = new Float64Array(256);
  for (let i = 0; i < 256; i++) table[i] = srgbChannelToLinear(i / 255);
  return table;
})();

/** sRGB byte (0–255) to linear light (0–1). */
export function srgbByteToLinear(value: number): number {
  return SRGB_BYTE_TO_LINEAR[clampByte(value)] as number;
}

/** Linear light (0–1) to the nearest sRGB byte, clamped to 0–255. */
export function linearToSrgbByte(value: number): number {
  return clampByte(linearChannelToSrgb(Math.min(1, Math.max(0, value))) * 255);
}

export function clampByte(value: number): number {
  if (!(value > 0)) return 0; // also maps NaN to 0
  return value >= 255 ? 255 : Math.round(value);
}

export function rgbToXyz({ r, g, b }: Rgb): Xyz {
  const lr = srgbByteToLinear(r);
  const lg = srgbByteToLinear(g);
  const lb = srgbByteToLinear(b);
  return linearRgbToXyz(lr, lg, lb);
}

export function linearRgbToXyz(lr: number, lg: number, lb: number): Xyz {
  return {
    x: 0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb,
    y: 0.2126729 * lr + 0.7151522 * lg + 0.072175 * lb,
    z: 0.0193339 * lr + 0.119192 * lg + 0.9503041 * lb,
  };
}

export function xyzToRgb({ x, y, z }: Xyz): Rgb {
  return {
    r: linearToSrgbByte(3.2404542 * x - 1.5371385 * y - 0.4985314 * z),
    g: linearToSrgbByte(-0.969266 * x + 1.8760108 * y + 0.041556 * z),
    b: linearToSrgbByte(0.0556434 * x - 0.2040259 * y + 1.0572252 * z),
  };
}

function labF(t: number): number {
  return t > LAB_EPSILON ? Math.cbrt(t) : (LAB_KAPPA * t + 16) / 116;
}

function labFInverse(f: number): number {
  const cube = f * f * f;
  return cube > LAB_EPSILON ? cube : (116 * f - 16) / LAB_KAPPA;
}

export function xyzToLab({ x, y, z }: Xyz): Lab {
  const fx = labF(x / D65_WHITE.x);
  const fy = labF(y / D65_WHITE.y);
  const fz = labF(z / D65_WHITE.z);
  return { L: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

export function labToXyz({ L, a, b }: Lab): Xyz {
  const fy = (L + 16) / 116;
  const fx = fy + a / 500;
  const fz = fy - b / 200;
  return {
    x: labFInverse(fx) * D65_WHITE.x,
    y: labFInverse(fy) * D65_WHITE.y,
    z: labFInverse(fz) * D65_WHITE.z,
  };
}

export function rgbToLab(rgb: Rgb): Lab {
  return xyzToLab(rgbToXyz(rgb));
}

/** rgbToLab of sRGB bytes, written into `out` at `at` (L, a, b) without allocating: for per-stitch loops. */
export function writeLabOfBytes(r: number, g: number, b: number, out: Float32Array, at: number): void {
  const { x, y, z } = linearRgbToXyz(SRGB_BYTE_TO_LINEAR[r]!, SRGB_BYTE_TO_LINEAR[g]!, SRGB_BYTE_TO_LINEAR[b]!);
  const fx = labF(x / D65_WHITE.x);
  const fy = labF(y / D65_WHITE.y);
  const fz = labF(z / D65_WHITE.z);
  out[at] = 116 * fy - 16;
  out[at + 1] = 500 * (fx - fy);
  out[at + 2] = 200 * (fy - fz);
}

/** CIELAB to the nearest displayable sRGB colour (out-of-gamut channels are clamped). */
export function labToRgb(lab: Lab): Rgb {
  return xyzToRgb(labToXyz(lab));
}

/** OKLab (Björn Ottosson, 2020) from sRGB bytes. */
export function rgbToOklab({ r, g, b }: Rgb): Oklab {
  const lr = srgbByteToLinear(r);
  const lg = srgbByteToLinear(g);
  const lb = srgbByteToLinear(b);
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  return {
    L: 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    a: 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    b: 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  };
}

/** OKLab to the nearest displayable sRGB colour (out-of-gamut channels are clamped). */
export function oklabToRgb({ L, a, b }: Oklab): Rgb {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return {
    r: linearToSrgbByte(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    g: linearToSrgbByte(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    b: linearToSrgbByte(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  };
}

/**
 * Naive (device-independent) CMYK in whole percent, as the specification asks: no ICC profile,
 * so it is a guide for matching, not a print separation.
 */
export function rgbToCmyk({ r, g, b }: Rgb): Cmyk {
  const rf = r / 255;
  const gf = g / 255;
  const bf = b / 255;
  const k = 1 - Math.max(rf, gf, bf);
  if (k >= 1) return { c: 0, m: 0, y: 0, k: 100 };
  const percent = (v: number): number => Math.round(((v - k) / (1 - k)) * 100) || 0;
  return {
    c: percent(1 - rf),
    m: percent(1 - gf),
    y: percent(1 - bf),
    k: Math.round(k * 100),
  };
}
