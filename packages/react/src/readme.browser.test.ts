// @vitest-environment node
/**
 * The README's embed example, run as written in the system Chromium: its code is the page's script, with only the
 * service's URL and the template id swapped for the local service's. The page's server answers
 * `POST /api/quire-token` as the example's backend would.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Quire } from '@quire/client';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startTestPage, type TestPage } from './__fixtures__/browser-page';

const PACKAGE = new URL('..', import.meta.url).pathname;
const quire = new Quire({ baseUrl: inject('quireUrl'), apiKey: inject('quireApiKey') });

let browser: Browser;
let site: TestPage;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'quire-react-readme-'));
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
  });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

it('runs the README embed example, which loads a template and saves a version', async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const example = /## Embed it\s+```tsx\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  expect(example).toContain("from '@quire/react'");
  const template = await quire.templates.create({ starter_id: 'invoice', name: 'From the README' });
  // The page stands where the service is (it passes /v1 on), so the example's baseUrl becomes the page's origin.
  const app = join(work, 'app');
  await mkdir(join(app, 'node_modules', '@quire'), { recursive: true });
  await symlink(PACKAGE, join(app, 'node_modules', '@quire', 'react'), 'dir');
  const code = example
    .replace('"https://quire.example.com"', '{location.origin}')
    .replace('"tpl_H3kq9ZxT2mVb7NcW"', JSON.stringify(template.id));
  expect(code).not.toBe(example);
  await writeFile(join(app, 'app.tsx'), code);
  site = await startTestPage({
    outdir: join(work, 'site'),
    serviceUrl: inject('quireUrl'),
    entry: join(app, 'app.tsx'),
    token: inject('quireToken'),
  });

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  await page.goto(site.url);
  const name = page.getByRole('textbox', { name: 'Template name' });
  await expect.poll(() => name.inputValue()).toBe('From the README');
  await name.fill('From the README, edited');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => logs).toContain('saved version 2');
  expect((await quire.templates.get(template.id)).name).toBe('From the README, edited');
  await page.close();
});
