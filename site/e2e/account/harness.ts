/**
 * Helpers of the account journeys, on the site's browser-test harness (../harness/: the real service serving the
 * built site, one system Chromium): the service's development outbox read as a person reads their inbox, accounts
 * made through the API for journeys about something else, axe-core, and screenshots.
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { openSitePage, type SitePage } from '../harness/browser';

export const SCREENSHOTS = new URL('../screenshots/account', import.meta.url).pathname;
export const PASSWORD = 'Quire-Reports-2026!';

export type Theme = 'light' | 'dark';

/** The service under test. */
export const serviceUrl = () => inject('siteUrl');

/** A page of its own (its own cookies and storage), on a phone or a desktop, in a theme. */
export function openAccountPage(options: { width?: number; theme?: Theme } = {}): Promise<SitePage> {
  const width = options.width ?? 1280;
  return openSitePage({ width, height: width < 600 ? 844 : 900, colorScheme: options.theme ?? 'light' });
}

/**
 * What went wrong in a page but what a journey caused on purpose: the browser logs every refused request (a wrong
 * password, an expired link) as a console error.
 */
export function pageFaults(problems: string[]): string[] {
  return problems.filter(
    (problem) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(problem),
  );
}

interface OutboxMail {
  to: string;
  kind: string;
  links: Record<string, string>;
  subject: string;
}

/** The newest mail of a kind to an address, waiting for it (the service sends some after answering). */
export async function mailTo(kind: string, to: string): Promise<OutboxMail> {
  const outbox = join(inject('serviceDataDir'), 'outbox');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
    const mails = await Promise.all(files.map(async (f) => JSON.parse(await readFile(join(outbox, f), 'utf8'))));
    const found = (mails as OutboxMail[]).filter((mail) => mail.kind === kind && mail.to === to).pop();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${kind} mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A mailed link, on the service under test (the mail names the configured public URL). */
export function onService(link: string | undefined): string {
  if (!link) throw new Error('the mail has no such link');
  const url = new URL(link);
  return `${serviceUrl()}${url.pathname}${url.search}`;
}

let people = 0;
/** A fresh address. */
export function newEmail(name: string): string {
  people += 1;
  return `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${people}-${Date.now()}@example.com`;
}

/** A confirmed account made through the API (for journeys about something else than signing up). */
export async function confirmedAccount(name: string): Promise<{ email: string; password: string }> {
  const email = newEmail(name);
  const response = await fetch(`${serviceUrl()}/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, data: { full_name: name } }),
  });
  if (response.status !== 201) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  const link = new URL((await mailTo('verify_email', email)).links.verify ?? '');
  const confirmed = await fetch(`${serviceUrl()}${link.pathname}${link.search}`);
  if (confirmed.status !== 200) throw new Error(`confirming: ${confirmed.status}`);
  return { email, password: PASSWORD };
}

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the debugging protocol rather than added as a script tag, which the page's policy (no inline
  // script) rightly refuses.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await readFile(AXE, 'utf8'));
  const result = (await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the global the script tag installed.
    return (window as any).axe.run(document, { resultTypes: ['violations'] });
  })) as { violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] };
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.flatMap((n) => n.target) }));
}

/** A full-page screenshot under e2e/screenshots/account/ (not committed: they are looked at). */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
