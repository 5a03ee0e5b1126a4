import { benchPatternEngine } from './pattern-engine.js';
await benchPatternEngine();
