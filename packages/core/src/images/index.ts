export * from './header.js';
