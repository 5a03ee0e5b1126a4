/**
 * The worker process that owns the background-removal model (started by WorkerProcess): one
 * process, so the 88 MB model and its working memory exist once, loaded on the first removal and
 * given back to the system when the process leaves after being idle.
 */
import sharp from 'sharp';
import { removeBackground } from './background-removal.js';
import { yieldToRequests } from './thread-priority.js';
import { serveTasks } from './worker-process.js';

yieldToRequests();

// Each removal is a new image: libvips' cache of recent operations would only hold on to memory.
sharp.cache(false);
serveTasks(removeBackground);
