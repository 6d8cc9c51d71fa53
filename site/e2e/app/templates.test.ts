/**
 * The templates screens against the real service: a new person makes a template from a sentence (the service's
 * offline writer), edits and saves it in the builder, finds it in the grid with its first page, copies, duplicates
 * and deletes; the preview screen paints the PDF and downloads it; a member of the team sees no way to change it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { TEMPLATES_TEXT as T } from '../../src/content/templates';
import { confirmedAccount } from '../account/harness';
import {
  appScreenshot,
  mailTo,
  pageFaults,
  type SignedIn,
  seriousViolations,
  serviceUrl,
  signedInPage,
} from './harness';

const SENTENCE = 'An invoice for a design studio with line items and a total';

const open: SignedIn[] = [];
afterAll(async () => {
  await Promise.all(open.map((s) => s.context.close()));
});

/** Checks the page with axe and, when asked, keeps a screenshot of it. */
async function looked(page: Page, name: string) {
  expect(await seriousViolations(page)).toEqual([]);
  await appScreenshot(page, name);
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

async function api<T>(method: string, path: string, token: string, body?: unknown, team?: string): Promise<T> {
  const response = await fetch(`${serviceUrl()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(team ? { 'quire-team': team } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function tokenOf(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${serviceUrl()}/v1/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function personalTeam(token: string): Promise<string> {
  const { data } = await api<{ data: { id: string; personal: boolean }[] }>('GET', '/v1/teams', token);
  return data.find((team) => team.personal)?.id ?? '';
}

let owner: SignedIn;
let templateId = '';
let templateName = '';

// Screenshots (SITE_SCREENSHOTS=1) make each step slower: room for them.
const ROOM = { timeout: 120_000 };

describe('templates', () => {
  it('makes a template from a sentence, edits it in Boss Mode and saves a version', ROOM, async () => {
    owner = await signedInPage('Studio Owner');
    open.push(owner);
    const { page } = owner;
    await page.locator('#app-sidebar').getByRole('link', { name: 'Templates' }).click();
    await page.getByRole('heading', { name: T.emptyTitle }).waitFor();
    await looked(page, 'templates-empty-desktop-light');

    await page.getByRole('link', { name: T.emptyAction }).click();
    await page.waitForURL('**/templates/easy/new');
    const ways = page.getByRole('tablist', { name: T.waysLabel }).getByRole('tab');
    await ways.first().waitFor();
    // Easy Mode's way in offers the two plain ways only.
    expect(await ways.allTextContents()).toEqual([T.describeTab, T.startersTab]);
    await page.getByRole('button', { name: T.describeSubmit }).click();
    await page.getByText(T.describeRequired).waitFor();
    await page.getByLabel(T.describeLabel).fill(SENTENCE);
    await looked(page, 'templates-easy-new-desktop-light');
    await page.getByRole('button', { name: T.describeSubmit }).click();

    await page.waitForURL(/\/templates\/tpl_[\w-]+$/, { timeout: 60_000 });
    templateId = new URL(page.url()).pathname.split('/').pop() ?? '';
    // The name the AI gave it, in the page's heading and the builder's name field.
    const heading = page.locator('#templates-editor-title');
    await heading.waitFor({ timeout: 30_000 });
    templateName = (await heading.textContent()) ?? '';
    expect(templateName).not.toBe('');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Template name' }).inputValue(), { timeout: 30_000 })
      .toBe(templateName);
    // The builder opens in the app's mode: Easy, the preview first.
    await page.frameLocator('iframe.quire-preview-frame').locator('body').waitFor({ timeout: 30_000 });
    await looked(page, 'templates-builder-easy-desktop-light');

    // The builder's switch is the app's: Boss Mode is saved to the profile.
    await page.locator('.templates-builder').getByRole('switch', { name: 'Boss Mode' }).click();
    await page.getByText('Switched to Boss Mode').first().waitFor();
    const editor = page.locator('.cm-content').first();
    await editor.waitFor({ timeout: 30_000 });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+Home');
    await page.keyboard.type('<p>Studio Nine</p>');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Version 2 saved').first().waitFor({ timeout: 20_000 });
    // Boss Mode shows the template's id.
    await page.locator('.templates-editor-header').getByText(templateId).waitFor();
    await looked(page, 'templates-builder-boss-desktop-light');
  });

  it(
    'shows it in the grid as a draft with its first page, cached per version; copies its id, duplicates, deletes',
    ROOM,
    async () => {
      const { page, context } = owner;
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: serviceUrl() });
      await page.locator('#app-sidebar').getByRole('link', { name: 'Templates' }).click();
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: templateName, exact: true }) });
      await card.getByText(T.draft, { exact: true }).waitFor();
      await card.getByText(T.draftHint(2, 1)).waitFor();
      const thumbnail = card.getByRole('img', { name: T.thumbnailOf(templateName) });
      await thumbnail.waitFor({ timeout: 30_000 });
      expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth > 100)).toBe(true);
      await looked(page, 'templates-grid-boss-desktop-light');

      // Drawn once per version: after a reload the picture comes from this browser, with no preview asked for.
      const previews: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/preview')) previews.push(request.url());
      });
      await page.reload();
      await thumbnail.waitFor();
      expect(previews).toEqual([]);

      await card.getByRole('button', { name: T.actionsFor(templateName) }).click();
      await page.getByRole('menuitem', { name: T.copyId }).click();
      await page.getByText(T.copiedId).first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(templateId);

      await card.getByRole('button', { name: T.actionsFor(templateName) }).click();
      await page.getByRole('menuitem', { name: T.duplicate }).click();
      const copyName = `${templateName} (copy)`;
      await page.getByText(T.duplicated(copyName)).first().waitFor();
      const copy = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: copyName, exact: true }) });
      await copy.getByText(T.published, { exact: true }).waitFor();

      // Search narrows the grid by name.
      await page.getByLabel(T.searchLabel).fill('(copy)');
      await expect.poll(() => page.locator('.templates-card').count()).toBe(1);
      await page.getByLabel(T.searchLabel).fill('no such template');
      await page.getByText(T.noMatches).waitFor();
      await page.getByLabel(T.searchLabel).fill('');

      await copy.getByRole('button', { name: T.actionsFor(copyName) }).click();
      await page.getByRole('menuitem', { name: T.delete }).click();
      const dialog = page.getByRole('dialog', { name: T.deleteTitle(copyName) });
      await dialog.getByText(T.deleteBody).waitFor();
      await looked(page, 'templates-delete-dialog-desktop-light');
      await dialog.getByRole('button', { name: T.deleteCancel }).click();
      await dialog.waitFor({ state: 'detached' });
      await copy.getByRole('button', { name: T.actionsFor(copyName) }).click();
      await page.getByRole('menuitem', { name: T.delete }).click();
      await dialog.getByRole('button', { name: T.deleteConfirm }).click();
      await page.getByText(T.deleted(copyName)).first().waitFor();
      await copy.waitFor({ state: 'detached' });
      await expect.poll(() => page.locator('.templates-card').count()).toBe(1);
      expect(pageFaults(owner.problems)).toEqual([]);
    },
  );

  it(
    'previews the PDF with the sample data and downloads it; Boss Mode shows the data and the API call',
    ROOM,
    async () => {
      const { page } = owner;
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: templateName, exact: true }) });
      await card.getByRole('link', { name: `${T.preview} ${templateName}`, exact: true }).click();
      await page.waitForURL(`**/templates/${templateId}/preview`);
      await page.getByRole('heading', { name: T.previewTitle(templateName) }).waitFor();
      await page.locator('.templates-pdf canvas').first().waitFor({ timeout: 30_000 });
      await page.getByText(/^\d+ pages?$/).waitFor();
      await page.getByRole('heading', { name: T.sampleData }).waitFor();
      await page.getByRole('region', { name: T.snippetPreview, exact: true }).waitFor();
      await looked(page, 'templates-preview-boss-desktop-light');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: T.download }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/-v2\.pdf$/);
      const dir = await mkdtemp(join(tmpdir(), 'quire-template-preview-'));
      const file = join(dir, 'preview.pdf');
      await download.saveAs(file);
      const bytes = await readFile(file);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await rm(dir, { recursive: true, force: true });

      expect(pageFaults(owner.problems)).toEqual([]);
    },
  );

  it('makes templates from a starter and from imported HTML: every way to start, on /templates/new', ROOM, async () => {
    const { page } = owner;
    // The Free plan keeps two templates (and one member): the team moves to Professional.
    const ownerToken = await tokenOf(owner);
    await api('POST', '/v1/subscription', ownerToken, { plan: 'professional' }, await personalTeam(ownerToken));

    // A signed-in person gets the app's screen at the visitor builder's address, in the app's frame.
    await page.goto('/templates/new');
    await page.getByRole('heading', { level: 1, name: T.newTitle }).waitFor();
    await page.locator('#app-sidebar').waitFor();
    expect(await page.getByRole('tablist', { name: T.waysLabel }).getByRole('tab').allTextContents()).toEqual([
      T.describeTab,
      T.startersTab,
      T.importTab,
      T.blankTab,
    ]);
    await page.getByRole('tab', { name: T.startersTab }).click();
    await page.getByRole('button', { name: /Use this starter: Receipt/ }).click();
    await page.waitForURL(/\/templates\/tpl_[\w-]+$/);
    await page.getByRole('heading', { level: 1, name: 'Receipt' }).waitFor();

    await page.goto('/templates/new');
    await page.getByRole('tab', { name: T.importTab }).click();
    await page
      .getByLabel(T.importPasteLabel)
      .fill('<html><head><title>Imported one</title></head><body><h1>{{ title }}</h1></body></html>');
    await looked(page, 'templates-new-boss-desktop-light');
    await page.getByRole('button', { name: T.importSubmit, exact: true }).click();
    await page.waitForURL(/\/templates\/tpl_[\w-]+$/);
    await page.getByRole('heading', { level: 1, name: 'Imported one' }).waitFor();

    // On a phone, in the dark: the grid, the preview and the new screen fit, and pass axe.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    const screens: [string, string, string][] = [
      ['/templates', T.title, 'templates-grid-boss-phone-dark'],
      [`/templates/${templateId}/preview`, T.previewTitle(templateName), 'templates-preview-boss-phone-dark'],
      ['/templates/new', T.newTitle, 'templates-new-boss-phone-dark'],
    ];
    for (const [path, heading, name] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      if (path.endsWith('/preview')) await page.locator('.templates-pdf canvas').first().waitFor({ timeout: 30_000 });
      expect(await noSidewaysScroll(page)).toBe(true);
      await looked(page, name);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    expect(pageFaults(owner.problems)).toEqual([]);
  });

  it('shows a member of the team the templates without a way to change them (phone, dark)', ROOM, async () => {
    const ownerToken = await tokenOf(owner);
    const teamId = await personalTeam(ownerToken);
    const member = await confirmedAccount('Studio Member');
    await api('POST', '/v1/team/invitations', ownerToken, { email: member.email, role: 'member' }, teamId);
    const accept = new URL((await mailTo('invitation', member.email)).links.accept ?? '');
    await api('POST', '/v1/invitations/accept', await tokenOf(member), { token: accept.searchParams.get('token') });

    const site = await signedInPage('Studio Member', { account: member, width: 390, theme: 'dark' });
    open.push(site);
    const { page } = site;
    await page.evaluate((id) => window.localStorage.setItem('quire-team', id), teamId);
    await page.goto('/templates');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: templateName, exact: true }) });
    await card.getByRole('link', { name: `${T.view} ${templateName}`, exact: true }).waitFor();
    expect(await page.getByRole('link', { name: T.create }).count()).toBe(0);
    expect(await card.getByRole('link', { name: `${T.open} ${templateName}`, exact: true }).count()).toBe(0);
    await card.getByRole('button', { name: T.actionsFor(templateName) }).click();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual([T.copyId, T.preview]);
    await page.keyboard.press('Escape');
    await card.getByRole('img', { name: T.thumbnailOf(templateName) }).waitFor({ timeout: 30_000 });
    expect(await noSidewaysScroll(page)).toBe(true);
    await looked(page, 'templates-grid-member-phone-dark');

    await card.getByRole('link', { name: `${T.view} ${templateName}`, exact: true }).click();
    await page.getByText(T.readOnly).waitFor();
    await page.frameLocator('iframe.quire-preview-frame').locator('body').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Publish', exact: true }).count()).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);
    await looked(page, 'templates-builder-member-phone-dark');

    await page.goto('/templates/new');
    await page.getByText(T.readOnlyCreate).waitFor();
    // The service refuses it too.
    const refused = await fetch(`${serviceUrl()}/v1/templates/${templateId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await tokenOf(member)}`, 'quire-team': teamId },
    });
    expect(refused.status).toBe(403);
    expect(pageFaults(site.problems)).toEqual([]);
  });
});
