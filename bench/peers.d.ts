// Minimal typings for the peer libraries measured in the benchmarks (they ship none).
declare module 'color-diff' {
  export interface LabColor {
    L: number;
    a: number;
    b: number;
  }
  export function closestLab(target: LabColor, palette: LabColor[]): LabColor;
}

declare module 'delta-e' {
  interface DeltaELab {
    L: number;
    A: number;
    B: number;
  }
  const DeltaE: { getDeltaE00(first: DeltaELab, second: DeltaELab): number };
  export default DeltaE;
}
