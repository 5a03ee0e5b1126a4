import { browserStorage } from '../../lib/progress-store';
import type { DoneStyle, InitialChartView } from '../../components/chart/types';

/** What stitching mode remembers per project on this device: where the chart was and how close, and how it was shown. */
export interface StitchingMemory {
  view?: InitialChartView;
  doneStyle?: DoneStyle;
  /** Whether a one-finger drag marked or moved. */
  marking?: boolean;
}

const keyOf = (projectId: string) => `stitchwise.stitching.${projectId}`;

export function readStitchingMemory(projectId: string): StitchingMemory {
  try {
    const value = JSON.parse(browserStorage()?.getItem(keyOf(projectId)) ?? '{}') as StitchingMemory;
    const view = value.view;
    const viewOk = !!view && [view.centerX, view.centerY, view.scale ?? 1].every((number) => typeof number === 'number' && Number.isFinite(number));
    return {
      view: viewOk ? view : undefined,
      doneStyle: value.doneStyle === 'filled' || value.doneStyle === 'dimmed' ? value.doneStyle : undefined,
      marking: typeof value.marking === 'boolean' ? value.marking : undefined,
    };
  } catch {
    return {};
  }
}

/** Adds to what is remembered (storage that is full or switched off just forgets). */
export function rememberStitching(projectId: string, change: StitchingMemory): void {
  try {
    browserStorage()?.setItem(keyOf(projectId), JSON.stringify({ ...readStitchingMemory(projectId), ...change }));
  } catch {
    // Nothing to do: the next visit starts from the whole chart.
  }
}
