import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FAQ_SECTION, PRICING_SECTION } from '../src/content/landing';
import { NOT_FOUND } from '../src/content/not-found';
import { openSitePage, type SitePage, unexpectedProblems } from './harness/browser';
import { serviceLog } from './harness/service';
import { CHROME_TEXTS, NOT_FOUND_TEXTS, PUBLIC_ROUTES, visible } from './public-routes';

let site: SitePage;
beforeAll(async () => {
  site = await openSitePage();
});
afterAll(async () => {
  await site.context.close();
});

const pageText = () => site.page.evaluate(() => (document.body.textContent ?? '').replace(/\s+/g, ' ').trim());
const normalise = (text: string) => visible(text).replace(/\s+/g, ' ').trim();

describe('every public route', () => {
  for (const route of PUBLIC_ROUTES) {
    it(`${route.path} shows the seed's texts`, async () => {
      site.problems.length = 0;
      const response = await site.page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect.poll(() => site.page.locator('h1').first().textContent()).toBe(route.heading);
      const text = await pageText();
      const missing = [...route.texts, ...CHROME_TEXTS].map(normalise).filter((expected) => !text.includes(expected));
      expect(missing).toEqual([]);
      const lower = text.toLowerCase();
      expect(route.seed.filter((words) => !lower.includes(words.toLowerCase()))).toEqual([]);
      expect(await site.page.title()).toContain('Quire');
      expect(unexpectedProblems(site.problems)).toEqual([]);
    });
  }

  it('/ sends visitors to /home', async () => {
    await site.page.goto('/');
    await site.page.waitForURL('**/home');
    expect(new URL(site.page.url()).pathname).toBe('/home');
  });

  it('the header’s register button reads "Get Started", and "Vibe Coders" on /developer', async () => {
    await site.page.goto('/home');
    const register = site.page.getByRole('banner').getByRole('link', { name: 'Get Started' });
    await expect.poll(() => register.getAttribute('href')).toBe('/register');
    await site.page.goto('/developer');
    const vibe = site.page.getByRole('banner').getByRole('link', { name: 'Vibe Coders' });
    await expect.poll(() => vibe.getAttribute('href')).toBe('/register');
  });

  it('the footer links to the API reference the service serves', async () => {
    await site.page.goto('/about');
    await site.page.getByRole('contentinfo').getByRole('link', { name: 'API Docs' }).click();
    await site.page.waitForURL('**/docs');
    expect(await site.page.title()).toBe('Quire API reference');
  });
});

describe('an unknown path', () => {
  it('shows "Oops! Page not found" with status 404, links home, and the service logs the path', async () => {
    site.problems.length = 0;
    const path = `/no-such-page-${Date.now()}`;
    const response = await site.page.goto(path);
    expect(response?.status()).toBe(404);
    await expect.poll(() => site.page.locator('h1').textContent()).toBe(NOT_FOUND.heading);
    const text = await pageText();
    expect(NOT_FOUND_TEXTS.filter((expected) => !text.includes(expected))).toEqual([]);
    const logged = (await serviceLog(inject('serviceLogFile'))).filter((line) => line.msg === 'page not found');
    expect(logged.map((line) => line.path)).toContain(path);
    await site.page.getByRole('link', { name: NOT_FOUND.homeLink }).click();
    await site.page.waitForURL('**/home');
    expect(unexpectedProblems(site.problems)).toEqual([]);
  });
});

describe('navigation', () => {
  const inView = (id: string) =>
    site.page.evaluate((sectionId) => {
      const box = document.getElementById(sectionId)?.getBoundingClientRect();
      return box ? box.top >= -2 && box.top < window.innerHeight / 2 : false;
    }, id);

  it('scrolls to the section a header link names, from another page and on the landing page itself', async () => {
    await site.page.goto('/about');
    await site.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await site.page.waitForURL('**/home');
    await expect.poll(() => inView(PRICING_SECTION.id)).toBe(true);
    await site.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
    await expect.poll(() => inView(FAQ_SECTION.id)).toBe(true);
    // Focus follows, for keyboard and screen reader users.
    expect(await site.page.evaluate(() => document.activeElement?.textContent)).toBe(FAQ_SECTION.title);
  });

  it('starts a new page at its top', async () => {
    await site.page.goto('/terms');
    await site.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await site.page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await site.page.waitForURL('**/privacy');
    await expect.poll(() => site.page.evaluate(() => window.scrollY)).toBe(0);
  });
});
