export * from './catalogue.js';
export { ThreadIndex, threadIndexFor } from './thread-index.js';
