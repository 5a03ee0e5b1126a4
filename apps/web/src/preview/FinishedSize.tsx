import { fabricByCount, FABRICS, finishedSize } from '@stitchwise/core';

interface FinishedSizeProps {
  width: number;
  height: number;
  fabricCount: number;
  onFabric: (count: number) => void;
}

/** The stitched size of the chart on a chosen fabric: 'Finished size ≈ 7.1 × 5.4 in (18.1 × 13.6 cm) on 14-count Aida'. */
export function FinishedSize({ width, height, fabricCount, onFabric }: FinishedSizeProps) {
  const fabric = fabricByCount(fabricCount) ?? FABRICS[1]!;
  const size = finishedSize(width, height, fabric);
  return (
    <p className="flex flex-wrap items-center gap-1 text-sm text-slate-700" data-testid="finished-size">
      <span>
        Finished size ≈ {size.inches.width} × {size.inches.height} in ({size.centimetres.width} × {size.centimetres.height} cm) on
      </span>
      <label className="sr-only" htmlFor="finished-fabric">
        Fabric
      </label>
      <select id="finished-fabric" className="input min-h-8 py-0.5 text-sm" value={fabric.count} onChange={(event) => onFabric(Number(event.target.value))}>
        {FABRICS.map((choice) => (
          <option key={choice.count} value={choice.count}>
            {choice.label}
          </option>
        ))}
      </select>
    </p>
  );
}
