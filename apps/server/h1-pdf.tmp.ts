import { writeFileSync } from 'node:fs';
import { blendOf, CHART_SYMBOLS, fabricByCount, findThread, legendEntryOf, namedThread, NO_MARKS, type Pattern } from '@stitchwise/core';
import { renderPdf } from './src/render/pdf.js';
const t = (c: string) => findThread(c)!;
const colours = [t('310'), blendOf(t('310'), t('413')), t('666'), blendOf(t('3865'), t('746')), t('3865')];
const cells = Array.from({ length: 40 * 30 }, (_, i) => i % colours.length);
const pattern: Pattern = { width: 40, height: 30, legend: colours.map((c, i) => legendEntryOf(namedThread(c), i, CHART_SYMBOLS[i]!, cells.filter((x) => x === i).length)), cells: Int16Array.from(cells), marks: NO_MARKS, stats: { confetti_before: 0, confetti_after: 0, mean_delta_e: 0 } };
for (const variant of ['color', 'bw'] as const) writeFileSync(`/tmp/h1-${variant}.pdf`, await renderPdf(pattern, { title: 'Blends', paper: 'a4', variant, fabric: fabricByCount(14)! }));
