export * from './spaces.js';
export * from './hex.js';
export * from './ciede2000.js';
