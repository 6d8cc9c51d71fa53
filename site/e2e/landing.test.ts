import type { Plan } from '@quire/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FAQ, HERO, PRICING_SECTION } from '../src/content/landing';
import { DEMO_MEDIA } from '../src/content/media';
import { THEME_STORAGE_KEY } from '../src/theme/theme-store';
import { openSitePage, type SitePage, unexpectedProblems } from './harness/browser';

let site: SitePage;
beforeAll(async () => {
  site = await openSitePage();
});
afterAll(async () => {
  await site.context.close();
});

describe('the pricing section', () => {
  it('shows the four plans GET /v1/plans answers, "Most Popular" on Professional, each to /register', async () => {
    const plans = ((await (await fetch(`${inject('siteUrl')}/v1/plans`)).json()) as { data: Plan[] }).data;
    expect(plans.map((plan) => plan.name)).toEqual(['Free', 'Starter', 'Professional', 'Enterprise']);
    await site.page.goto('/home');
    const section = site.page.locator(`#${PRICING_SECTION.id}`);
    const cards = section.getByRole('listitem').filter({ has: site.page.getByRole('heading', { level: 3 }) });
    await expect.poll(() => cards.count()).toBe(plans.length);
    for (const [index, plan] of plans.entries()) {
      const card = cards.nth(index);
      expect(await card.getByRole('heading', { level: 3 }).textContent()).toBe(plan.name);
      expect(await card.textContent()).toContain(`$${plan.price_usd_monthly}${PRICING_SECTION.perMonth}`);
      for (const feature of plan.features) expect(await card.textContent()).toContain(feature);
      expect(await card.textContent()).toContain(plan.description);
      expect((await card.textContent())?.includes(PRICING_SECTION.popular)).toBe(plan.popular);
      const cta = card.getByRole('link', { name: `Get Started with ${plan.name}` });
      expect(await cta.getAttribute('href')).toBe('/register');
      expect(await cta.textContent()).toBe('Get Started');
    }
    expect(plans.find((plan) => plan.popular)?.name).toBe('Professional');
  });
});

describe('the FAQ', () => {
  it('has six questions and shows one answer at a time', async () => {
    await site.page.goto('/home');
    const triggers = site.page.locator('#faq').getByRole('button');
    await expect.poll(() => triggers.count()).toBe(6);
    const expanded = async () => {
      const states = await triggers.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-expanded')));
      return states.flatMap((state, index) => (state === 'true' ? [index] : []));
    };
    expect(await expanded()).toEqual([]);
    await triggers.nth(0).click();
    expect(await expanded()).toEqual([0]);
    await expect.poll(() => site.page.locator('#faq').textContent()).toContain(FAQ[0]?.answer);
    await triggers.nth(2).click();
    expect(await expanded()).toEqual([2]);
    const text = await site.page.locator('#faq').textContent();
    expect(text).toContain(FAQ[2]?.answer);
    expect(text).not.toContain(FAQ[0]?.answer);
    // The keyboard works too: arrows move between questions, Enter opens.
    await triggers.nth(2).focus();
    await site.page.keyboard.press('ArrowDown');
    await site.page.keyboard.press('Enter');
    expect(await expanded()).toEqual([3]);
    // Open one closes again.
    await triggers.nth(3).click();
    expect(await expanded()).toEqual([]);
  });
});

describe('the demo video', () => {
  it('opens from the dashboard preview in a dialog with the explainer and its captions, and closes', async () => {
    site.problems.length = 0;
    await site.page.goto('/home');
    await site.page.getByRole('button', { name: new RegExp(HERO.previewButton) }).click();
    const dialog = site.page.getByRole('dialog', { name: HERO.videoTitle });
    await dialog.waitFor();
    const video = dialog.locator('video');
    expect(await video.locator('source').getAttribute('src')).toBe(DEMO_MEDIA.video);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    const { duration, width, cues } = await video.evaluate(async (element: HTMLVideoElement) => {
      const track = element.textTracks[0];
      if (track) track.mode = 'hidden';
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { duration: element.duration, width: element.videoWidth, cues: track?.cues?.length ?? 0 };
    });
    expect(duration).toBeGreaterThan(10);
    expect(width).toBeGreaterThan(0);
    expect(cues).toBeGreaterThan(3);
    await site.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(unexpectedProblems(site.problems)).toEqual([]);
  });
});

describe('the theme', () => {
  it('follows the system by default, and the toggle’s choice survives a reload', async () => {
    const dark = await openSitePage({ colorScheme: 'dark' });
    try {
      await dark.page.goto('/about');
      const theme = () =>
        dark.page.evaluate(() => document.querySelector('.site-root')?.getAttribute('data-quire-theme'));
      await expect.poll(theme).toBe('dark');
      expect(await dark.page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBeNull();
      await dark.page.getByRole('button', { name: 'Switch to light theme' }).click();
      await expect.poll(theme).toBe('light');
      expect(await dark.page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('light');
      await dark.page.reload();
      await expect.poll(theme).toBe('light');
      // Set before the app ran: no dark flash on a light choice.
      expect(await dark.page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      await dark.page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await dark.page.reload();
      await expect.poll(theme).toBe('dark');
    } finally {
      await dark.context.close();
    }
  });

  it('on "system", follows the OS when it changes', async () => {
    await site.page.goto('/about');
    await site.page.evaluate((key) => localStorage.setItem(key, 'system'), THEME_STORAGE_KEY);
    await site.page.reload();
    const theme = () =>
      site.page.evaluate(() => document.querySelector('.site-root')?.getAttribute('data-quire-theme'));
    await site.page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(theme).toBe('light');
    await site.page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(theme).toBe('dark');
    await site.page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(theme).toBe('light');
  });
});
