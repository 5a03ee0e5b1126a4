import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/**
 * axe-core in the browser tests, with one rule set for every spec: WCAG 2.0, 2.1 and 2.2 at levels A and AA
 * (2.2's AA holds target-size, 2.5.8) and axe's best practices.
 */
// Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern
// (an inline <script> tag would be refused, and rightly so).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/** axe-core's violations on the page as it is now, one readable line each: rule, impact, elements. */
export async function axeViolations(on: Page): Promise<string[]> {
  if (!(await on.evaluate(() => 'axe' in window))) await on.evaluate(AXE_SOURCE);
  const results = await on.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
      }),
    AXE_TAGS,
  );
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ${violation.nodes
        .map((node) => `${node.target.join(' ')}${node.failureSummary ? ` [${node.failureSummary.replace(/\s+/g, ' ').trim()}]` : ''}`)
        .join(' | ')}`,
  );
}
