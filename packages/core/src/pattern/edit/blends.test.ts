import { describe, expect, it } from 'vitest';
import { deltaE2000 } from '../../color/ciede2000.js';
import { blendOf, mixedColour } from '../../threads/blends.js';
import { findBrandThread } from '../../threads/brands.js';
import { DMC_THREADS, findThread } from '../../threads/catalogue.js';
import { namedThread, parsePatternDocument, toPatternDocument } from '../model.js';
import { activeThreads, ChartEditError, chartFromPattern, chartThreadLab, MAX_CHART_THREADS, patternFromChart, type EditableChart } from './chart.js';
import { applyEdit, sameThread, type EditResult } from './edit.js';
import { canonicalDocument, documentOfChart, replaceChart } from './replace.js';
import { chartOf, reversal, rowsOf } from './testing.js';
import { addBlend, addThread, hasColour, mergeThread, removeThread, replaceThread } from './threads.js';

/** Runs an operation and checks what every operation owes: the input untouched, an exact undo and redo. */
function reversibly(chart: EditableChart, operation: (chart: EditableChart) => EditResult): EditResult {
  const { result, found, owed } = reversal(chart, operation);
  expect(found).toEqual(owed);
  return result;
}

const [black, pewter] = [findThread('310')!, findThread('413')!];
const named = (code: string) => namedThread(findThread(code)!);

describe('addBlend', () => {
  it('adds the blend of two catalogue threads, in code order, coloured by the mix, with a symbol of its own', () => {
    const chart = chartOf(['01'], ['310', '666']);
    const result = reversibly(chart, (c) => addBlend(c, '413', '310'));
    const mix = mixedColour(black, pewter);
    expect(result.chart.threads[2]).toEqual({
      brand: 'dmc',
      code: '310+413',
      name: `${black.name} + ${pewter.name}`,
      hex: blendOf(black, pewter).hex,
      rgb: mix,
      blend: [named('310'), named('413')],
      symbol: expect.any(String) as string,
      removed: false,
    });
    expect(chart.threads.map((thread) => thread.symbol)).not.toContain(result.chart.threads[2]!.symbol);
    expect(result.inverse.label).toBe('Add blend DMC 310 + 413');
    expect(result.inverse.threads).toEqual([{ index: 2, before: result.chart.threads[2], after: undefined }]);
  });

  it('needs neither of its threads in the chart, and works in other brands', () => {
    const result = reversibly(chartOf(['0'], ['666']), (c) => addBlend(c, '403', '1', 'anchor'));
    const [a, b] = [findBrandThread('anchor', '1')!, findBrandThread('anchor', '403')!];
    expect(result.chart.threads[1]).toMatchObject({ brand: 'anchor', code: '1+403', rgb: mixedColour(a, b) });
  });

  it('refuses the same thread twice, an unknown code, a blend already in the chart and a 51st colour, with sentences', () => {
    const chart = chartOf(['01'], ['310', '310+413']);
    expect(() => addBlend(chart, '310', ' 310 ')).toThrow(new ChartEditError('A blend is two different threads: choose another thread to blend with DMC 310.'));
    expect(() => addBlend(chart, '310', '9999')).toThrow(new ChartEditError('DMC 9999 is not a DMC thread.'));
    expect(() => addBlend(chart, '310+413', '666')).toThrow(new ChartEditError('DMC 310+413 is not a DMC thread.'));
    expect(() => addBlend(chart, '413', '310')).toThrow(new ChartEditError('DMC 310 + 413 is already in the chart.'));
    // A blend is one colour of the legend, counted like a thread.
    let full = chart;
    for (const thread of DMC_THREADS.filter((t) => t.code !== '310').slice(0, MAX_CHART_THREADS - 2)) full = addThread(full, thread.code).chart;
    expect(activeThreads(full)).toHaveLength(MAX_CHART_THREADS);
    expect(() => addBlend(full, '310', '666')).toThrow(new ChartEditError('A chart can have at most 50 threads. Remove or merge one first.'));
    expect(addBlend(removeThread(full, 1).chart, '310', '666').changed).toBe(true);
  });

  it('brings a removed blend back in its own slot, with its symbol', () => {
    const chart = chartOf(['012'], ['310', '310+413', '666']);
    const removed = removeThread(chart, 1).chart;
    const back = reversibly(removed, (c) => addBlend(c, '310', '413'));
    expect(back.chart.threads).toHaveLength(3);
    expect(back.chart.threads[1]).toEqual(chart.threads[1]);
  });

  it('is found in a chart however its codes were written, and not once removed', () => {
    const chart = chartOf(['01'], ['310', '413+310']);
    expect(hasColour(chart, blendOf(black, pewter))).toBe(true);
    expect(hasColour(chart, black)).toBe(true);
    expect(hasColour(chart, pewter)).toBe(false);
    expect(hasColour(removeThread(chart, 1).chart, blendOf(black, pewter))).toBe(false);
  });

  it('is not taken for a thread, nor a thread for it', () => {
    const chart = chartOf(['0'], ['310+413']);
    expect(addThread(chart, '310').chart.threads.map((thread) => thread.code)).toEqual(['310+413', '310']);
    expect(sameThread(chart.threads[0], { ...chart.threads[0]!, blend: undefined })).toBe(false);
    expect(sameThread(chart.threads[0], { ...chart.threads[0]!, blend: [named('310'), named('414')] })).toBe(false);
    expect(sameThread(chart.threads[0], { ...chart.threads[0]!, blend: [named('310'), named('413')] })).toBe(true);
  });
});

describe('replace, merge and remove with blends', () => {
  it('replaces a thread with a blend and a blend with a thread, both staying', () => {
    const chart = chartOf(['0120', '2..1'], ['310', '413', '310+413']);
    const toBlend = reversibly(chart, (c) => replaceThread(c, 0, 2));
    expect(rowsOf(toBlend.chart)).toEqual(['2122', '2..1']);
    expect(toBlend.inverse.label).toBe('Replace DMC 310 with DMC 310 + 413');
    const fromBlend = reversibly(chart, (c) => replaceThread(c, 2, 1));
    expect(rowsOf(fromBlend.chart)).toEqual(['0110', '1..1']);
    expect(activeThreads(fromBlend.chart)).toEqual([0, 1, 2]);
  });

  it('merges a blend into a thread and a thread into a blend', () => {
    const chart = chartOf(['0120', '2..1'], ['310', '413', '310+413']);
    const blendGone = reversibly(chart, (c) => mergeThread(c, 2, 0));
    expect(rowsOf(blendGone.chart)).toEqual(['0100', '0..1']);
    expect(patternFromChart(blendGone.chart).legend.map((entry) => entry.code)).toEqual(['310', '413']);
    const threadGone = reversibly(chart, (c) => mergeThread(c, 1, 2));
    expect(rowsOf(threadGone.chart)).toEqual(['0220', '2..2']);
    expect(threadGone.inverse.label).toBe('Merge DMC 413 into DMC 310 + 413');
    expect(patternFromChart(threadGone.chart).legend.map((entry) => [entry.code, entry.threads.length])).toEqual([
      ['310+413', 2],
      ['310', 1],
    ]);
  });

  it('measures a blend by its mix: removing it gives its stitches to the thread nearest the mix, and a thread’s to a blend', () => {
    const mix = blendOf(findThread('310')!, findThread('B5200')!);
    // The catalogue's mix, as for a thread, whatever colour a document gave it.
    expect(chartThreadLab({ ...chartOf(['0'], ['310+B5200']).threads[0]!, rgb: { r: 0, g: 0, b: 0 } })).toEqual(mix.lab);
    const others = ['310', 'B5200', '414', '3072'];
    const nearest = others.reduce((best, code) => (deltaE2000(mix.lab, findThread(code)!.lab) < deltaE2000(mix.lab, findThread(best)!.lab) ? code : best));
    expect(['310', 'B5200']).not.toContain(nearest); // black and white are both far from their mix
    const chart = chartOf(['01234'], ['310+B5200', ...others]);
    expect(patternFromChart(reversibly(chart, (c) => removeThread(c, 0)).chart).legend.find((entry) => entry.code === nearest)?.stitch_count).toBe(2);
    // Without those greys, a mid grey goes to the blend rather than to black or white.
    const grey = chartOf(['012', '333'], ['310+B5200', '310', 'B5200', '414']);
    expect(rowsOf(reversibly(grey, (c) => removeThread(c, 3)).chart)).toEqual(['012', '000']);
  });
});

describe('blends in the pattern and its document', () => {
  it('writes a blend as a legend entry naming both threads, one strand each, and reads it back as a blend', () => {
    const chart = addBlend(chartOf(['00', '11'], ['310', '666']), '310', '413').chart;
    const drawn = { ...chart, cells: Int16Array.of(0, 2, 2, 1) };
    const pattern = patternFromChart(drawn);
    const entry = pattern.legend.find((item) => item.code === '310+413')!;
    expect(entry).toMatchObject({
      name: `${black.name} + ${pewter.name}`,
      hex: blendOf(black, pewter).hex,
      rgb: mixedColour(black, pewter),
      dmc_code: '310+413',
      stitch_count: 2,
      symbol: chart.threads[2]!.symbol,
      threads: [
        { brand: 'dmc', code: '310', name: black.name, strands: 1, rgb: { r: black.r, g: black.g, b: black.b } },
        { brand: 'dmc', code: '413', name: pewter.name, strands: 1, rgb: { r: pewter.r, g: pewter.g, b: pewter.b } },
      ],
    });
    const read = parsePatternDocument(JSON.stringify(toPatternDocument(pattern)));
    expect(read).toEqual(pattern);
    const reopened = chartFromPattern(read);
    expect(reopened.threads.find((thread) => thread.code === '310+413')).toEqual({ ...chart.threads[2], symbol: entry.symbol });
    expect(documentOfChart(reopened)).toEqual(canonicalDocument(pattern));
  });

  it('opens a blend stored with another colour in the model’s colour, so the chart still saves', () => {
    const chart = addBlend(chartOf(['00', '11'], ['310', '666']), '310', '413').chart;
    const pattern = patternFromChart({ ...chart, cells: Int16Array.of(0, 2, 2, 1) });
    const stale = {
      ...pattern,
      legend: pattern.legend.map((entry) => (entry.code === '310+413' ? { ...entry, hex: '#3C3C3C', rgb: { r: 60, g: 60, b: 60 } } : entry)),
    };
    const blend = chartFromPattern(stale).threads.find((thread) => thread.code === '310+413')!;
    expect(blend.hex).toBe(blendOf(black, pewter).hex);
    expect(blend.rgb).toEqual(mixedColour(black, pewter));
  });

  it('opens a version with a blend as one step that adds it, and one without that removes it', () => {
    const current = chartOf(['0011'], ['310', '413']);
    const target = patternFromChart(chartOf(['0221'], ['310', '413', '310+413']));
    const opened = reversibly(current, replaceChart(target, 'Open version 2'));
    expect(opened.chart.threads.map((thread) => [thread.code, thread.removed, thread.blend?.length])).toEqual([
      ['310', false, undefined],
      ['413', false, undefined],
      ['310+413', false, 2],
    ]);
    expect(documentOfChart(opened.chart)).toEqual(canonicalDocument(target));
    const back = reversibly(opened.chart, replaceChart(patternFromChart(current), 'Open version 1'));
    expect(back.chart.threads[2]!.removed).toBe(true);
    expect(applyEdit(back.chart, back.inverse).chart.threads[2]!.removed).toBe(false);
  });
});
