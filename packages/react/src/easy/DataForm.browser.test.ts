// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlePage, CHROMIUM, openPage, type ServedPage } from '../__fixtures__/pdf-browser';

/** A host's strict policy, as Quire's web app sends it: scripts from the page's origin only, no 'unsafe-eval'. */
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

describe.skipIf(!CHROMIUM)(
  'the sample-data form in Chromium under a Content-Security-Policy without unsafe-eval',
  () => {
    let served: ServedPage;
    beforeAll(async () => {
      const page = fileURLToPath(new URL('../__fixtures__/data-form-page.tsx', import.meta.url));
      served = await openPage(await bundlePage(page), { csp: CSP });
    }, 120_000);
    afterAll(async () => {
      await served?.close();
    });

    it('validates as the data is edited, and evaluates no code', async () => {
      const { page } = served;
      const name = page.getByRole('textbox', { name: /^Name/ });
      await name.waitFor({ timeout: 20_000 });
      await name.fill('');
      await page.getByText("must have required property 'Name'").waitFor({ timeout: 5_000 });
      const email = page.getByRole('textbox', { name: 'Email' });
      await email.fill('ada at example');
      await page.getByText('must match format "email"').waitFor({ timeout: 5_000 });
      await email.fill('ada@example.com');
      await name.fill('Ada King');
      await page.getByText('must match format "email"').waitFor({ state: 'detached' });
      await page.getByText("must have required property 'Name'").waitFor({ state: 'detached' });
      // A list: one more item, edited.
      await page.getByRole('button', { name: /add/i }).click();
      await page.locator('[id$="_lines_1"]').fill('Difference engine');
      await expect
        .poll(() => page.evaluate(() => window.data.at(-1)))
        .toEqual({
          customer: { name: 'Ada King', email: 'ada@example.com' },
          issued_on: '2026-03-02',
          lines: ['Analytical engine', 'Difference engine'],
        });
      expect(await served.cspViolations()).toEqual([]);
      // (Chromium asks for /favicon.ico, which the test's server does not have: the only error allowed.)
      expect(served.consoleErrors.filter((error) => !error.includes('404 (Not Found)'))).toEqual([]);
      // The policy is in force: code made from a string in a task of the page's own (the test's evaluate is exempt)
      // is refused, and seen as refused.
      const evaluated = await page.evaluate(
        () =>
          new Promise<string>((resolve) =>
            setTimeout(() => {
              try {
                resolve(String(new Function('return "evaluated"')()));
              } catch (error) {
                resolve((error as Error).name);
              }
            }),
          ),
      );
      expect(evaluated).toBe('EvalError');
      expect(await served.cspViolations()).toEqual(['script-src eval']);
    });
  },
);
