/** `npm run bench`: every benchmark, one after another, in one process so peers share conditions. */
import { benchBlends } from './blends.js';
import { benchDithering } from './dithering.js';
import { benchGenerationOverHttp } from './generation-over-http.js';
import { benchGenerationSpeed } from './generation-speed.js';
import { benchImageColors } from './image-colors.js';
import { benchNearestThread } from './nearest-thread.js';
import { benchPatternEngine } from './pattern-engine.js';
import { benchSavePattern } from './save-pattern.js';

console.log(`Node ${process.version} on ${process.arch}; figures are medians, compare the ratios rather than absolutes.`);
benchNearestThread();
await benchImageColors();
await benchPatternEngine();
await benchDithering();
await benchBlends();
await benchGenerationSpeed();
await benchGenerationOverHttp();
await benchSavePattern();
