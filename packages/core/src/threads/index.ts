export * from './catalogue.js';
export * from './brand-names.js';
export * from './brands.js';
export { ThreadIndex, threadIndexFor } from './thread-index.js';
export { lookAlikePairs, SAME_ON_FABRIC_DELTA_E, type LookAlikePair } from './look-alikes.js';
export * from './blends.js';
