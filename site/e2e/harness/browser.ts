import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export interface SitePage {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and CSP violations since the page opened (or since `problems.length = 0`). */
  problems: string[];
}

/** A page in the run's one Chromium, on the service serving the site, recording what goes wrong in it. */
export async function openSitePage(
  options: {
    width?: number;
    height?: number;
    colorScheme?: 'light' | 'dark';
    reducedMotion?: 'reduce' | 'no-preference';
    /** For axe: its script goes in inline, which the page's policy forbids. */
    bypassCSP?: boolean;
  } = {},
): Promise<SitePage> {
  const browser = await chromium.connect(inject('browserEndpoint'));
  const context = await browser.newContext({
    baseURL: inject('siteUrl'),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: options.reducedMotion ?? 'reduce',
    bypassCSP: options.bypassCSP ?? false,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { browser, context, page, problems };
}

/** Errors a page may log that are not faults of the page: the 404 a browser reports for the 404 page itself. */
export function unexpectedProblems(problems: string[]): string[] {
  return problems.filter(
    (problem) => !/Failed to load resource: the server responded with a status of 404/.test(problem),
  );
}
