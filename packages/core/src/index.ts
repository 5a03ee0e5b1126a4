export * from './color/index.js';
export * from './threads/index.js';
