import { LayerToggles } from './LayerToggles';
import type { ChartLayers, ChartMode } from './types';

const MODES: { mode: ChartMode; label: string; hint: string }[] = [
  { mode: 'color', label: 'Colour', hint: 'Colour blocks' },
  { mode: 'symbols', label: 'Symbols', hint: 'Symbols on colour (zoom in to read them)' },
  { mode: 'print', label: 'Print', hint: 'Black-and-white symbols, as printed' },
];

const segment = '-ml-px border border-slate-300 px-3 py-1.5 text-sm font-medium first:ml-0 first:rounded-l-lg last:rounded-r-lg';
const button = 'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50';
/** Finger-sized, for a screen beside the hoop. */
const large = 'min-h-11 min-w-11';

/**
 * How to show the chart (colour, symbols, print), which kinds of stitches (given `layers` and `onLayers`:
 * pass them for a chart with part stitches, backstitch or knots) and how close: −, the zoom, +, Fit.
 */
export function ChartToolbar({
  mode,
  onMode,
  scale,
  onZoomIn,
  onZoomOut,
  onFit,
  layers,
  onLayers,
  large: isLarge = false,
}: {
  mode: ChartMode;
  onMode: (mode: ChartMode) => void;
  /** The layers shown; the toggles appear when both this and `onLayers` are given. */
  layers?: ChartLayers;
  onLayers?: (layers: ChartLayers) => void;
  /** CSS px per stitch, once the viewer has a view. */
  scale: number | undefined;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
  /** Buttons at least 44 px (Stitching mode's); the zoom shown shorter, to keep one row on a phone. */
  large?: boolean | undefined;
}) {
  const size = isLarge ? large : '';
  return (
    <div role="toolbar" aria-label="Chart view" className="flex flex-wrap items-center justify-between gap-2">
      <div className="flex" role="group" aria-label="Show as">
        {MODES.map((option) => (
          <button
            key={option.mode}
            type="button"
            title={option.hint}
            aria-pressed={mode === option.mode}
            className={`${segment} ${size} ${mode === option.mode ? 'z-10 border-violet-600 bg-violet-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
            onClick={() => onMode(option.mode)}
          >
            {option.label}
          </button>
        ))}
      </div>
      {layers && onLayers && <LayerToggles layers={layers} onLayers={onLayers} />}
      <div className="flex items-center gap-1" role="group" aria-label="Zoom">
        <button type="button" className={`${button} ${size}`} aria-label="Zoom out" title="Zoom out (−)" onClick={onZoomOut}>
          −
        </button>
        {/* Not a live region: it changes every frame of a zoom. */}
        <span
          className={`${isLarge ? 'sr-only sm:not-sr-only sm:min-w-14' : 'min-w-24'} text-center text-sm text-slate-600 tabular-nums`}
          title="Zoom, px per stitch"
          data-testid="zoom-level"
        >
          {scale !== undefined && (
            <>
              {formatScale(scale)} px<span className={isLarge ? 'sr-only' : ''}> per stitch</span>
            </>
          )}
        </span>
        <button type="button" className={`${button} ${size}`} aria-label="Zoom in" title="Zoom in (+)" onClick={onZoomIn}>
          +
        </button>
        <button type="button" className={`${button} ${size} ml-1`} title="The whole chart (0)" onClick={onFit}>
          Fit
        </button>
      </div>
    </div>
  );
}

/** 0.8, 2.5, 12: one decimal below 10, whole numbers above. */
export function formatScale(scale: number): string {
  return scale < 10 ? String(Math.round(scale * 10) / 10) : String(Math.round(scale));
}
