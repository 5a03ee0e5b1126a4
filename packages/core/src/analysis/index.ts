export * from './color-histogram.js';
export * from './kmeans.js';
export * from './dominant.js';
