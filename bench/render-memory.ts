/**
 * Renders a stored pattern at 24 px with symbols and reports time and peak memory; run by
 * pattern-engine.ts in its own process. Memory is sampled (resident set size) while rendering:
 * getrusage's maxRSS is inherited from the parent across fork and exec, so it would report the
 * benchmark's own peak.
 */
import { readFileSync } from 'node:fs';
import { parsePatternDocument } from '@stitchwise/core';
import { renderChart } from '../apps/server/src/render/chart.js';

const pattern = parsePatternDocument(readFileSync(process.argv[2]!, 'utf8'));
const megabytes = (): number => process.memoryUsage.rss() / 1024 / 1024;
const before = megabytes();
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, megabytes());
}, 5);
const start = performance.now();
const chart = await renderChart(pattern, { cellSize: 24, symbols: true });
const ms = performance.now() - start;
clearInterval(sampler);
peak = Math.max(peak, megabytes());
console.log(
  `Chart render: ${pattern.width} × ${pattern.height} stitches at 24 px with symbols = ${chart.width} × ${chart.height} px, ` +
    `${(chart.png.length / 1e6).toFixed(1)} MB PNG in ${(ms / 1000).toFixed(1)} s; peak resident memory ${peak.toFixed(0)} MB ` +
    `(${before.toFixed(0)} MB before rendering) (target < 600 MB) ${peak < 600 ? '✓' : '✗'}`,
);
