import { benchBlends } from './blends.js';
await benchBlends();
