export * from './grid.js';
export * from './quantize.js';
export * from './threads.js';
export * from './confetti.js';
export * from './symbols.js';
export * from './model.js';
export * from './generate.js';
