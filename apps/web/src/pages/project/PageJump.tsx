import { printLayout, type ChartPageBlock } from '@stitchwise/core';
import { useId, useMemo, useState } from 'react';
import { OrientationSelect, PaperSelect, PresetSelect } from '../../components/PrintOptions';
import { readPrintChoices, rememberPrintChoices, type PrintChoices } from '../../lib/print-choices';

/**
 * The chart's printed pages as the PDF's page map numbers them, one button a page laid out as they lie
 * on the chart: choosing one shows that block. The paper and the cut are this device's last print
 * choices, and can be changed here to match a PDF printed elsewhere.
 */
export function PageJump({
  width,
  height,
  current,
  onPage,
  onLayoutChange,
}: {
  width: number;
  height: number;
  current: number | undefined;
  onPage: (block: ChartPageBlock) => void;
  /** The paper or the cut changed: the pages are numbered anew. */
  onLayoutChange: () => void;
}) {
  const id = useId();
  const [choices, setChoices] = useState(readPrintChoices);
  const layout = useMemo(() => printLayout({ width, height, ...choices }), [width, height, choices]);
  const choose = (change: Partial<PrintChoices>) => {
    const next = { ...choices, ...change };
    setChoices(next);
    rememberPrintChoices(next);
    onLayoutChange();
  };
  const select = (label: string, key: string, control: React.ReactNode) => (
    <div className="text-sm font-medium">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      {control}
    </div>
  );
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Pages of the PDF chart, as its page map numbers them: {layout.pages.length} {layout.orientation} page{layout.pages.length === 1 ? '' : 's'}.
      </p>
      <div
        className="grid gap-1.5"
        style={{ gridTemplateColumns: `repeat(${layout.columns.length}, minmax(2.75rem, 1fr))` }}
        role="group"
        aria-label="Chart pages"
      >
        {layout.pages.map((block) => (
          <button
            key={block.page}
            type="button"
            className={`min-h-11 rounded-lg border text-base font-semibold tabular-nums ${block.page === current ? 'border-violet-600 bg-violet-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
            aria-label={`Page ${block.page}: columns ${block.across.start + 1}–${block.across.end}, rows ${block.down.start + 1}–${block.down.end}`}
            aria-pressed={block.page === current}
            onClick={() => onPage(block)}
          >
            {block.page}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap gap-3">
        {select('Paper', 'paper', <PaperSelect id={`${id}-paper`} className="min-h-11" value={choices.paper} onChange={(paper) => choose({ paper })} />)}
        {select(
          'Orientation',
          'orientation',
          <OrientationSelect id={`${id}-orientation`} className="min-h-11" value={choices.orientation} onChange={(orientation) => choose({ orientation })} />,
        )}
        {select(
          'Stitches per page',
          'preset',
          <PresetSelect id={`${id}-preset`} className="min-h-11" value={choices.preset} onChange={(preset) => choose({ preset })} />,
        )}
      </div>
    </div>
  );
}
