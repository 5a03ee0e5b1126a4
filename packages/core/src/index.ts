export * from './color/index.js';
export * from './threads/index.js';
export * from './analysis/index.js';
export * from './pattern/index.js';
export * from './images/index.js';
export { csvText, parseCsv, type CsvCell } from './csv.js';
export { seededRandom, hashNumbers } from './random.js';
export { disallowedCharacter, printableText, type DisallowedCharacter } from './text.js';
export { readableBytes } from './sizes.js';
