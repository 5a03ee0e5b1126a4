import type { ChartMarks } from '@stitchwise/core';
import type { ChartLayers } from './types';

const LAYERS: { layer: keyof ChartLayers; label: string }[] = [
  { layer: 'full', label: 'Full stitches' },
  { layer: 'part', label: 'Part stitches' },
  { layer: 'backstitch', label: 'Backstitch' },
  { layer: 'knots', label: 'French knots' },
];

/** Whether a chart has anything besides full stitches: only then are the layer toggles worth their room. */
export function hasMarks(marks: ChartMarks | undefined): boolean {
  return !!marks && (marks.parts.length > 0 || marks.backstitches.length > 0 || marks.knots.length > 0);
}

/** A toggle button per kind of stitch, to show or hide that layer of the chart (pressed: shown). */
export function LayerToggles({ layers, onLayers }: { layers: ChartLayers; onLayers: (layers: ChartLayers) => void }) {
  return (
    <div className="flex flex-wrap gap-1" role="group" aria-label="Stitches shown">
      {LAYERS.map(({ layer, label }) => (
        <button
          key={layer}
          type="button"
          aria-pressed={layers[layer]}
          title={`${layers[layer] ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          className={`min-h-8 rounded-full border px-2.5 py-1 text-xs font-medium min-[1090px]:min-h-6 ${layers[layer] ? 'border-violet-600 bg-violet-50 text-violet-800' : 'border-slate-300 bg-white text-slate-500 line-through hover:bg-slate-50'}`}
          onClick={() => onLayers({ ...layers, [layer]: !layers[layer] })}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
