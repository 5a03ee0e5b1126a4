import { describe, expect, it } from 'vitest';
import { centreOf, labelStep, leftRulerWidth, rulerLabels, rulerTicks } from './rulers';

describe('ruler labels', () => {
  it('number every 10th stitch on its heavy line at a middling zoom, as the printed chart does', () => {
    const labels = rulerLabels(0, 45, 500, 4);
    expect(labels.map((label) => label.text)).toEqual(['10', '20', '30', '40']);
    expect(labels[0]!.at).toBe(10);
  });

  it('number every stitch, centred on it, when zoomed far in', () => {
    const labels = rulerLabels(7, 10, 500, 40);
    expect(labels).toEqual([
      { at: 7.5, text: '8' },
      { at: 8.5, text: '9' },
      { at: 9.5, text: '10' },
    ]);
  });

  it('thin out when zoomed out, so numbers never overlap', () => {
    for (const scale of [0.6, 1, 1.5, 2, 3, 5, 8, 12, 20, 32, 64]) {
      const step = labelStep(scale, 500);
      // Three digits of 11 px text need about 20 px; neighbouring labels stay further apart than that.
      expect(step * scale).toBeGreaterThanOrEqual(24);
      const labels = rulerLabels(0, 500, 500, scale);
      expect(labels.every((label) => Number(label.text) % step === 0)).toBe(true);
    }
    expect(labelStep(1, 500)).toBeGreaterThan(labelStep(8, 500));
  });

  it('need less room for two-digit charts', () => {
    expect(labelStep(3, 60)).toBeLessThanOrEqual(labelStep(3, 600));
    expect(leftRulerWidth(60)).toBeLessThan(leftRulerWidth(600));
  });

  it('stop at the last stitch', () => {
    expect(rulerLabels(0, 35, 35, 4).map((label) => label.text)).toEqual(['10', '20', '30']);
  });
});

describe('ruler ticks', () => {
  it('mark every line when stitches are big enough, every 10th as major', () => {
    const ticks = rulerTicks(8, 12, 500, 8);
    expect(ticks).toEqual([
      { at: 8, major: false },
      { at: 9, major: false },
      { at: 10, major: true },
      { at: 11, major: false },
      { at: 12, major: false },
    ]);
  });

  it('keep only the tens when stitches are small', () => {
    expect(rulerTicks(0, 40, 500, 1).map((tick) => tick.at)).toEqual([0, 10, 20, 30, 40]);
  });
});

describe('centre marks', () => {
  it('sit on the middle line of an even axis and mid-stitch on an odd one', () => {
    expect(centreOf(100)).toBe(50);
    expect(centreOf(101)).toBe(50.5);
  });
});
