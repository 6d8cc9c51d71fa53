/**
 * The first journey in one go, as a person new to Quire does it in Easy Mode: from the dashboard, describe a
 * template in a sentence, change its heading by clicking it in the preview, save, then generate a PDF from the
 * template's form and download it; the PDF holds the edit and the data typed in the form.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { QUICK_ACTIONS } from '../../src/content/dashboard';
import { GENERATE } from '../../src/content/reports';
import { TEMPLATES_TEXT } from '../../src/content/templates';
import { appScreenshot, pageFaults, type SignedIn, signedInPage } from './harness';

const run = promisify(execFile);
const EASY_PREVIEW = 'iframe[title^="Preview of the report: click"]';

describe('a new person’s first report', () => {
  const open: SignedIn[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.context.close()));
  });

  it('describes a template, edits it by clicking, generates a PDF from a form and downloads it', {
    timeout: 180_000,
  }, async () => {
    const site = await signedInPage('Journey Person');
    open.push(site);
    const { page } = site;

    await page.getByRole('link', { name: QUICK_ACTIONS.describeTemplate }).click();
    await page.waitForURL('**/templates/easy/new');
    await page.getByLabel(TEMPLATES_TEXT.describeLabel).fill('A certificate of completion for a pottery course');
    await page.getByRole('button', { name: TEMPLATES_TEXT.describeSubmit }).click();
    await page.waitForURL(/\/templates\/tpl_[\w-]+$/, { timeout: 60_000 });
    const templateId = new URL(page.url()).pathname.split('/').pop() ?? '';

    // Easy Mode: the heading, clicked in the preview, edited in plain words.
    const heading = page.frameLocator(EASY_PREVIEW).locator('h1').first();
    await heading.click({ timeout: 30_000 });
    const text = page.getByLabel('Text', { exact: true });
    await text.waitFor();
    await text.fill('Certificate of Glazing');
    await expect.poll(() => heading.textContent(), { timeout: 10_000 }).toBe('Certificate of Glazing');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Version 2 saved').first().waitFor({ timeout: 20_000 });
    // Saved is a draft; published is what reports use.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Version 2 published').first().waitFor({ timeout: 20_000 });
    await appScreenshot(page, 'journey-builder-easy');

    // Generate: the template's form, a PDF at once, downloaded.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: QUICK_ACTIONS.generateReport }).click();
    await page.waitForURL('**/reports/generate');
    await page.getByRole('heading', { name: GENERATE.title, level: 1 }).waitFor();
    await page.getByLabel(GENERATE.template, { exact: true }).selectOption(templateId);
    expect(await page.getByLabel(GENERATE.version).locator('option:checked').textContent()).toContain('2');
    const firstField = page.locator('form input[type="text"]').first();
    await firstField.waitFor();
    const typed = 'Wren Okafor-Lindqvist';
    await firstField.fill(typed);
    await page.getByRole('button', { name: GENERATE.submit }).click();
    const result = page.getByRole('region', { name: GENERATE.result });
    await result.locator('canvas').first().waitFor({ timeout: 30_000 });
    await appScreenshot(page, 'journey-report');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      result.getByRole('link', { name: 'Download' }).click(),
    ]);
    const dir = await mkdtemp(join(tmpdir(), 'quire-journey-'));
    const file = join(dir, 'report.pdf');
    await download.saveAs(file);
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const printed = (await run('pdftotext', [file, '-'])).stdout.replace(/\s+/g, ' ');
    // The heading prints in capitals (the template's CSS), as a browser prints it.
    expect(printed.toLowerCase()).toContain('certificate of glazing');
    expect(printed).toContain(typed);
    expect(pageFaults(site.problems)).toEqual([]);
  });
});
