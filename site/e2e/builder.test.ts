import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_BUILDER } from '../src/content/builder';
import { openSitePage, type SitePage, unexpectedProblems } from './harness/browser';

let site: SitePage;
beforeAll(async () => {
  site = await openSitePage();
});
afterAll(async () => {
  await site.context.close();
});

const previewText = () =>
  site.page.frameLocator('iframe.quire-preview-frame').locator('body').textContent({ timeout: 20_000 });

describe('the template builder for a visitor (/templates/new)', () => {
  it('opens on the invoice starter, previewed in the browser as HTML and as the exact PDF', async () => {
    site.problems.length = 0;
    await site.page.goto('/home');
    await site.page.getByRole('link', { name: 'Try Template Builder' }).first().click();
    await site.page.waitForURL('**/templates/new');
    await expect.poll(previewText, { timeout: 20_000 }).toContain('Brightline Analytics LLC');
    // The preview fills the builder's height (the hidden PDF panel takes no room).
    const frameHeight = await site.page.locator('iframe.quire-preview-frame').evaluate((f) => f.clientHeight);
    expect(frameHeight).toBeGreaterThan(400);
    await site.page.getByRole('tab', { name: 'PDF' }).click();
    // pdf.js paints the page the in-browser engine rendered, with the fonts the site serves.
    await site.page.locator('.quire-root canvas').first().waitFor({ timeout: 60_000 });
    const painted = await site.page
      .locator('.quire-root canvas')
      .first()
      .evaluate((canvas: HTMLCanvasElement) => canvas.width > 100 && canvas.height > 100);
    expect(painted).toBe(true);
    expect(unexpectedProblems(site.problems)).toEqual([]);
  });

  it('switches to Boss Mode, where the code is edited, and the preview follows', async () => {
    await site.page.getByRole('tab', { name: 'HTML' }).click();
    await site.page.getByRole('switch', { name: 'Boss Mode' }).click();
    const editor = site.page.locator('.cm-content').first();
    await editor.waitFor({ timeout: 30_000 });
    await editor.click();
    await site.page.keyboard.press('ControlOrMeta+Home');
    await site.page.keyboard.type('Typed by a visitor ');
    await expect.poll(previewText, { timeout: 20_000 }).toContain('Typed by a visitor');
    await site.page.getByRole('switch', { name: 'Boss Mode' }).click();
  });

  it('starts from another starter from the API’s list, and Undo brings the previous template back', async () => {
    // The page's own button (Easy Mode's toolbar has one of the same name, with the builder's bundled starters).
    await site.page.locator('.site-builder-intro').getByRole('button', { name: VISITOR_BUILDER.starters }).click();
    const dialog = site.page.getByRole('dialog', { name: VISITOR_BUILDER.startersTitle });
    await dialog.getByRole('button', { name: /Use this starter: Receipt/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(previewText, { timeout: 20_000 }).toContain('Receipt');
    await expect
      .poll(async () => site.page.getByRole('textbox', { name: 'Template name' }).inputValue())
      .toBe('Receipt');
    await site.page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(previewText).toContain('Typed by a visitor');
  });

  it('asks the visitor to sign up when they save, and keeps the draft in the tab across a reload', async () => {
    const name = site.page.getByRole('textbox', { name: 'Template name' });
    await name.fill('My first invoice');
    await site.page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = site.page.getByRole('dialog', { name: VISITOR_BUILDER.signUpTitle });
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: VISITOR_BUILDER.signUp.label }).getAttribute('href')).toBe(
      '/register',
    );
    expect(await dialog.getByRole('link', { name: VISITOR_BUILDER.signIn.label }).getAttribute('href')).toBe('/login');
    await dialog.getByRole('button', { name: VISITOR_BUILDER.keepEditing }).click();
    await site.page.reload();
    await expect
      .poll(() => site.page.getByRole('textbox', { name: 'Template name' }).inputValue())
      .toBe('My first invoice');
    await expect.poll(previewText, { timeout: 20_000 }).toContain('Typed by a visitor');
  });

  it('downloads the draft as a PDF made in the browser: a first report without an account', async () => {
    const [download] = await Promise.all([
      site.page.waitForEvent('download', { timeout: 60_000 }),
      site.page.getByRole('button', { name: VISITOR_BUILDER.download }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('my-first-invoice.pdf');
    const file = join(await mkdtemp(join(tmpdir(), 'quire-site-pdf-')), 'report.pdf');
    await download.saveAs(file);
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(5_000);
    await rm(dirname(file), { recursive: true, force: true });
  });
});
