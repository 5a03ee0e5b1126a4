/** `npm run bench`: every benchmark, one after another, in one process so peers share conditions. */
import { benchDithering } from './dithering.js';
import { benchGenerationSpeed } from './generation-speed.js';
import { benchImageColors } from './image-colors.js';
import { benchNearestThread } from './nearest-thread.js';
import { benchPatternEngine } from './pattern-engine.js';

console.log(`Node ${process.version} on ${process.arch}; figures are medians, compare the ratios rather than absolutes.`);
benchNearestThread();
await benchImageColors();
await benchPatternEngine();
await benchDithering();
await benchGenerationSpeed();
