import { centredAxes, type LatticePoint, type MirrorAxes } from '@stitchwise/core';
import { useCallback, useMemo, useState } from 'react';
import type { MirrorChoice } from './ToolOptions';

/** The mirror axes for a choice: through the chart's centre, or through the point placed (while it is on the chart). */
function mirrorAxes(chart: { width: number; height: number }, mirror: MirrorChoice, placed: LatticePoint | undefined): MirrorAxes | undefined {
  if (mirror === 'off') return undefined;
  const centred = centredAxes(chart, mirror);
  // A point placed before the chart was made smaller (an undone grow or turn) may lie off it: no image would be drawn.
  const at = placed && placed.x <= 2 * chart.width && placed.y <= 2 * chart.height ? placed : undefined;
  return {
    ...(centred.vertical !== undefined && { vertical: at?.x ?? centred.vertical }),
    ...(centred.horizontal !== undefined && { horizontal: at?.y ?? centred.horizontal }),
  };
}

/**
 * Mirror drawing's state in the editor: which axes, where the user placed them (through the chart's centre until
 * then), and whether the next tap on the chart places them. `options` are MirrorOptions' props.
 */
export function useMirror({ width, height }: { width: number; height: number }) {
  const [mirror, setMirror] = useState<MirrorChoice>('off');
  const [placed, setPlaced] = useState<LatticePoint | undefined>();
  const [placing, setPlacing] = useState(false);
  const axes = useMemo(() => mirrorAxes({ width, height }, mirror, placed), [width, height, mirror, placed]);
  // The same function throughout: the axes tool made with it is kept while nothing else changes.
  const place = useCallback((point: LatticePoint) => {
    setPlaced(point);
    setPlacing(false);
  }, []);
  return {
    axes,
    placing,
    place,
    stopPlacing: () => setPlacing(false),
    /** Back through the centre: a placed point stands for another place on a turned chart. */
    recentre: () => setPlaced(undefined),
    options: {
      mirror,
      onMirror: (choice: MirrorChoice) => {
        setMirror(choice);
        if (choice === 'off') setPlacing(false);
      },
      placing,
      onPlace: setPlacing,
      placed: placed !== undefined,
      onCentre: () => setPlaced(undefined),
    },
  };
}
