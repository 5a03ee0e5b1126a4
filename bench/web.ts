/**
 * `npm run bench:web`: the web app's interactive targets in Chromium, timed inside the page — the
 * wizard's live preview, the chart viewer's frame times while panning and zooming, and the editor's
 * stroke, fill and undo. Builds first if needed; starts its own server.
 */
import { runEditorBenchmark, printEditorBenchmark } from './web-editor.js';
import { printPreviewBenchmark, runPreviewBenchmark } from './web-preview.js';
import { withWebApp } from './web-session.js';
import { printViewerBenchmark, runViewerBenchmark } from './web-viewer.js';

await withWebApp(async (baseUrl, browser) => {
  printPreviewBenchmark(await runPreviewBenchmark(baseUrl, browser));
  printViewerBenchmark(await runViewerBenchmark(baseUrl, browser));
  printEditorBenchmark(await runEditorBenchmark(baseUrl, browser));
});
