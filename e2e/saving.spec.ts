import { readFileSync, writeFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import type { PatternDocument } from '@stitchwise/core';
import { ChartModel } from './chart-model.js';
import { guardAgainstCspViolations, test } from './csp-guard.js';
import { expectPalette, signUp } from './editor-page.js';
import { chartOf, drawStroke, modelCells, newProject, openEditor, pageErrors, save } from './saving-page.js';

/**
 * Saving from the editor in Chromium, against the real server: save and reload; two tabs saving the
 * same version (the second is refused and keeps its edit as a new project); an unsaved edit kept in the
 * browser across a closed tab; an OXS chart written by hand imported and opened; and a chart exported as
 * OXS, edited and imported again, which comes back the same. Expected counts come from the test's own
 * copy of the chart (ChartModel).
 */

test('an edit is saved, and a reload shows it as the current version', async ({ page }) => {
  const errors = pageErrors(page);
  const { id } = await newProject(page, 'Harbour save');
  const opened = await openEditor(page, id, 'Harbour save', () => page.getByRole('link', { name: 'Edit chart' }).click());
  const saveButton = page.getByRole('button', { name: 'Save', exact: true });
  await expect(saveButton).toBeDisabled();

  const model = ChartModel.of(opened);
  await drawStroke(page, model, 12);
  await expect(saveButton).toBeEnabled();
  const answer = await save(page);
  expect(answer.status()).toBe(200);
  expect(answer.request().headers()['if-match']).toBe('"v1"');
  expect(answer.headers().etag).toBe('"v2"');
  await expect(page.getByTestId('save-status')).toHaveText(/^Saved at \d{1,2}:\d{2} [AP]M$/);
  await expect(saveButton).toBeDisabled();

  const reloaded = await openEditor(page, id, 'Harbour save', () => page.reload());
  expect(chartOf(reloaded).cells).toEqual(modelCells(model));
  await expectPalette(page, model.counts(), 'the reloaded editor shows the saved edit');
  await expect(page.getByRole('dialog')).toHaveCount(0); // nothing unsaved to offer

  await page.getByRole('button', { name: 'Versions' }).click();
  const versions = page.getByTestId('pattern-version');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('Version 2current');
  await expect(versions.nth(1)).toContainText('Version 1original');
  expect(errors).toEqual([]);
});

test('two tabs edit the same chart: the second save is refused, and its edit is kept as a new project', async ({ page }) => {
  const errors = pageErrors(page);
  const { id } = await newProject(page, 'Two tabs');
  const second = await page.context().newPage();
  await guardAgainstCspViolations(second);
  errors.push(...pageErrors(second));
  const opened = await openEditor(page, id, 'Two tabs');
  await openEditor(second, id, 'Two tabs');

  const first = ChartModel.of(opened);
  await drawStroke(page, first, 8);
  expect((await save(page)).status()).toBe(200);

  const other = ChartModel.of(opened);
  await drawStroke(second, other, 14);
  const refused = await save(second);
  expect(refused.status()).toBe(412);
  expect(refused.headers().etag).toBe('"v2"');
  const dialog = second.getByRole('dialog', { name: 'This chart was changed elsewhere' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('changed in another window or on another device');
  await expect(dialog.getByRole('button', { name: 'Load the newer chart' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await second.screenshot({ path: 'e2e-results/screenshots/save-conflict-1280.png' });

  const copyRead = second.waitForResponse(
    (response) => response.request().method() === 'GET' && /^\/api\/stitch\/projects\/[^/]+\/pattern$/.test(new URL(response.url()).pathname),
  );
  await dialog.getByRole('button', { name: 'Save my edit as a new project' }).click();
  await expect(second.getByRole('heading', { name: 'Edit chart: Two tabs (copy)' })).toBeVisible();
  const copyId = /^\/stitch\/projects\/([^/]+)\/edit$/.exec(new URL(second.url()).pathname)?.[1];
  expect(copyId).toBeDefined();
  expect(copyId).not.toBe(id);
  const copy = (await (await copyRead).json()) as PatternDocument;
  expect(chartOf(copy).cells).toEqual(modelCells(other));
  await expectPalette(second, other.counts(), 'the new project holds the refused edit');
  await expect(second.getByRole('dialog')).toHaveCount(0);

  // The first tab's save stands.
  const reread = await openEditor(page, id, 'Two tabs', () => page.reload());
  expect(chartOf(reread).cells).toEqual(modelCells(first));
  expect(errors).toEqual([]);
});

test('an unsaved edit survives a closed tab: the editor opened again offers it, and it can be saved', async ({ page }) => {
  const errors = pageErrors(page);
  const { id } = await newProject(page, 'Closed tab');
  const opened = await openEditor(page, id, 'Closed tab');
  const model = ChartModel.of(opened);
  await drawStroke(page, model, 10);
  await expect(page.getByTestId('draft-status')).toHaveText('Unsaved edit kept in this browser');
  const context = page.context();
  await page.close(); // without saving, and without the "leave the page?" question

  const again = await context.newPage();
  await guardAgainstCspViolations(again);
  errors.push(...pageErrors(again));
  await openEditor(again, id, 'Closed tab');
  const offer = again.getByRole('dialog', { name: 'Unsaved edit found' });
  await expect(offer).toContainText(/Restore your unsaved edit from .+\?/);
  await expect(offer.getByRole('button', { name: 'Restore' })).toBeFocused();
  await again.screenshot({ path: 'e2e-results/screenshots/draft-offer-1280.png' });
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(offer).toHaveCount(0);
  await expectPalette(again, model.counts(), 'the restored edit is the one made before the tab closed');

  const answer = await save(again);
  expect(answer.status()).toBe(200);
  const reread = await openEditor(again, id, 'Closed tab', () => again.reload());
  expect(chartOf(reread).cells).toEqual(modelCells(model));
  await expect(again.getByRole('dialog')).toHaveCount(0); // saved: no draft left to offer
  expect(errors).toEqual([]);
});

/**
 * An OXS chart as other programs write it, by hand: a palette with the cloth at index 0 and numbers such
 * as "DMC    943" and "Anchor 403", a misspelt title attribute, decimal commas, a backstitch and a knot.
 * 6 × 4 stitches: DMC 310 8, DMC 943 5, Anchor 403 4.
 */
const HAND_WRITTEN_OXS = `<?xml version="1.0" encoding="UTF-8"?>
<chart>
  <format comments01="Written by hand for the browser test"/>
  <properties oxsversion="1.0" software="Hand" chartwidth="6" chartheight="4" chatTitle="Hand chart" stitchesperinch="14"/>
  <palette>
    <palette_item index="0" number="cloth" name="cloth" color="FFFFFF" printcolor="FFFFFF" symbol="0"/>
    <palette_item index="1" number="DMC    310" name="Black" color="000000" symbol="182" fontname="CrossStitch3"/>
    <palette_item index="2" number="DMC    943" name="Green Bright Medium" color="3D9384" symbol="x"/>
    <palette_item index="3" number="Anchor 403" name="Black" color="E8C21C" symbol="o"/>
  </palette>
  <fullstitches>
${[
  ...[0, 1, 2, 3, 4, 5, 0, 1].map((x, i) => `    <stitch x="${x}" y="${i < 6 ? 0 : 1}" palindex="1"/>`),
  ...[2, 3, 4, 5, 0].map((x, i) => `    <stitch x="${x}" y="${i < 4 ? 1 : 2}" palindex="2"/>`),
  ...[1, 2, 3, 4].map((x) => `    <stitch x="${x}" y="3" palindex="3"/>`),
].join('\n')}
  </fullstitches>
  <backstitches><backstitch x1="0,5" x2="2,5" y1="2" y2="2" palindex="1" objecttype="backstitch"/></backstitches>
  <ornaments_inc_knots_and_beads><object x1="1,5" y1="2,5" palindex="2" objecttype="knot"/></ornaments_inc_knots_and_beads>
  <commentboxes/>
</chart>
`;

test('an OXS chart from another program is imported, its colours reported, and opened in the editor', async ({ page }) => {
  const errors = pageErrors(page);
  await signUp(page);
  writeFileSync('e2e-results/hand-written.oxs', HAND_WRITTEN_OXS);
  await page.goto('/stitch/projects');
  await page.getByRole('button', { name: 'Import a chart' }).click();
  const panel = page.getByRole('region', { name: 'Import a chart' });
  await panel.getByLabel('Chart file').setInputFiles('e2e-results/hand-written.oxs');
  await panel.getByLabel('Project name (optional)').fill('Imported by hand');
  await panel.getByRole('button', { name: 'Import', exact: true }).click();

  const report = panel.getByTestId('import-report');
  await expect(report).toContainText('Imported “Imported by hand”');
  await expect(report).toContainText('From an OXS chart: 6 × 4 stitches, 17 full stitches, 1 backstitch line, 1 French knot in 3 threads.');
  const mappings = report.getByTestId('thread-mapping');
  await expect(mappings).toHaveCount(3);
  await expect(mappings.filter({ hasText: 'DMC    310' })).toContainText('DMC 310 Black0.0code');
  await expect(mappings.filter({ hasText: 'DMC    943' })).toContainText('DMC 943 Green Bright Medium0.0code');
  // An Anchor thread the file names stays itself.
  await expect(mappings.filter({ hasText: 'Anchor 403' })).toContainText('Anchor 403 Black0.0code');
  await expect(report).toContainText('Every stitch of the file was imported.');
  await page.screenshot({ path: 'e2e-results/screenshots/import-report-1280.png', fullPage: true });

  await panel.getByRole('link', { name: 'Open in the editor' }).click();
  await expect(page.getByRole('heading', { name: 'Edit chart: Imported by hand' })).toBeVisible();
  await expectPalette(
    page,
    new Map([
      ['310', 8],
      ['943', 5],
      ['403', 4],
    ]),
    'the imported stitches, by thread',
  );
  await expect(page.getByRole('application', { name: /6 × 4 stitches/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a chart exported as OXS, edited and imported again comes back the same', async ({ page }) => {
  const errors = pageErrors(page);
  const { id } = await newProject(page, 'Round trip');
  const opened = await openEditor(page, id, 'Round trip');
  const model = ChartModel.of(opened);
  await drawStroke(page, model, 9);

  // The edited chart as the editor holds it (its JSON, written in the browser) and as OXS (the server's export of it).
  const download = async (button: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
    const path = `e2e-results/round-trip-${file.suggestedFilename()}`;
    await file.saveAs(path);
    return path;
  };
  const edited = JSON.parse(readFileSync(await download('Pattern JSON'), 'utf8')) as PatternDocument;
  expect(chartOf(edited).cells).toEqual(modelCells(model));
  const oxs = await download('Download OXS');

  await page.goto('/stitch/projects');
  await page.getByRole('button', { name: 'Import a chart' }).click();
  const panel = page.getByRole('region', { name: 'Import a chart' });
  await panel.getByLabel('Chart file').setInputFiles(oxs);
  await panel.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(panel.getByTestId('import-report')).toContainText('Every stitch of the file was imported.');
  // The OXS carries the project's name, which the user has already: the import says it was imported.
  await expect(panel.getByTestId('import-report')).toContainText('Imported “Round trip (imported)”');
  await expect(panel.getByTestId('thread-mapping').filter({ hasNotText: 'code' })).toHaveCount(0); // every thread by its DMC code
  const link = panel.getByRole('link', { name: 'Open in the editor' });
  const importedId = /\/stitch\/projects\/([^/]+)\/edit$/.exec((await link.getAttribute('href')) ?? '')![1]!;
  const imported = await openEditor(page, importedId, 'Round trip (imported)', () => link.click());

  expect(chartOf(imported)).toEqual(chartOf(edited)); // size, every cell's thread, every thread's symbol
  await expectPalette(page, model.counts(), 'the imported chart has the edit');
  expect(errors).toEqual([]);
});
