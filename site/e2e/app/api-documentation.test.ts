import { afterAll, describe, expect, it } from 'vitest';
import { API_DOCUMENTATION_TEXT as T } from '../../src/content/api-documentation';
import {
  apiAs,
  appScreenshot,
  pageFaults,
  type SignedIn,
  seriousViolations,
  serviceUrl,
  setMode,
  signedInPage,
} from './harness';

/** A template of the person's own team, made through the API as the builder would. */
async function makeTemplate(account: { email: string; password: string }, name: string): Promise<string> {
  const api = await apiAs(account);
  return (await api.call<{ id: string }>('POST', '/v1/templates', { name, html: '<h1>Invoice {{ number }}</h1>' })).id;
}

describe('the API documentation', () => {
  const open: SignedIn[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.context.close()));
  });

  it('renders the reference from /openapi.json with the team’s own template id in the examples', async () => {
    const site = await signedInPage('Docs Reader');
    open.push(site);
    const { page } = site;
    const templateId = await makeTemplate(site, 'Monthly invoice');
    await page.goto('/api-documentation');
    await page.getByRole('heading', { name: T.title, level: 1 }).waitFor();
    await page.getByTestId('apidoc-template').getByText(templateId).waitFor();
    await page.getByRole('heading', { name: 'Templates', level: 2 }).waitFor();
    await page.getByRole('heading', { name: 'Data sources', level: 2 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'api-documentation-desktop-light');

    // One section, searched: the template's own operation with its id in the path.
    await page.getByLabel(T.tag).selectOption('Templates');
    await page.getByLabel(T.search).fill('get a template');
    await page.getByRole('heading', { name: 'Reports', level: 2 }).waitFor({ state: 'detached' });
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Templates']);
    const operation = page.locator('details[data-operation="getTemplate"]');
    await operation.locator('summary').click();
    const curl = operation.getByTestId('apidoc-curl');
    await curl.waitFor();
    expect(await curl.textContent()).toContain(`${serviceUrl()}/v1/templates/${templateId}`);
    await operation.getByRole('heading', { name: T.parameters }).waitFor();
    await operation.getByRole('heading', { name: T.responses }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // A report's example body names the template.
    await page.getByLabel(T.tag).selectOption('Reports');
    await page.getByLabel(T.search).fill('');
    const render = page.locator('details[data-operation="createReport"]');
    await render.locator('summary').click();
    expect(await render.getByTestId('apidoc-curl').textContent()).toContain(`"template_id":"${templateId}"`);
    await render.getByRole('heading', { name: T.requestBody }).waitFor();
    expect(pageFaults(site.problems)).toEqual([]);
  });

  it('works on a phone in the dark theme, and says how to get a template id when there is none', async () => {
    const site = await signedInPage('Phone Docs', { width: 390, theme: 'dark' });
    open.push(site);
    const { page } = site;
    await page.goto('/api-documentation');
    await page.getByText(T.noTemplate).waitFor();
    await page.getByLabel(T.search).fill('zzz-no-such-operation');
    await page.getByText(T.noMatch).waitFor();
    await page.getByLabel(T.search).fill('data source');
    const operation = page.locator('details[data-operation="createDataSource"]');
    await operation.locator('summary').click();
    await operation.getByTestId('apidoc-curl').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await appScreenshot(page, 'api-documentation-phone-dark');
    await setMode(page, 'boss');
    await page.getByRole('link', { name: '/openapi.json' }).waitFor();
    await appScreenshot(page, 'api-documentation-phone-dark-boss');
  });
});
