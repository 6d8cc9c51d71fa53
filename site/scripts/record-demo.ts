/**
 * Records the landing page's explainer video from the running product, by hand (not in CI):
 *
 *   pnpm --filter @quire/site record-demo
 *
 * It builds the site when needed, starts the service on a temporary store, signs a person up (to have the offline
 * AI write a template), walks through the product in the system Chromium taking a screenshot per scene with its
 * caption, and joins them with Debian's ffmpeg (`apt-get install -y ffmpeg`) into public/media/quire-demo.mp4,
 * with the captions as WebVTT beside it and the builder's screenshot as the hero's preview image.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Quire } from '@quire/client';
import { TemplateContent } from '@quire/core';
import { signUp } from '@quire/testkit';
import { chromium, type Page } from 'playwright-core';
import { ensureSiteBuild, SITE_ROOT } from '../build/ensure-build.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/harness/chromium.ts';
import { startService } from '../e2e/harness/service.ts';

const run = promisify(execFile);
const MEDIA = join(SITE_ROOT, 'public', 'media');
const WIDTH = 1280;
const HEIGHT = 800;
/** Seconds each scene shows, and of the cross-fade between two. */
const SCENE_S = 4;
const FADE_S = 0.5;
const MAX_BYTES = 1.5 * 1024 * 1024;
const AI_PROMPT = 'A monthly sales report with a summary of revenue by region and a table of the top products';

/** The data the AI designs the sales report for (a sample, as a developer would send it). */
const SALES_DATA = {
  company: 'Northwind Outfitters',
  month: 'March 2026',
  currency: 'USD',
  total_revenue: 482_350.75,
  regions: [
    { name: 'North America', revenue: 212_400.5, change_percent: 8.4 },
    { name: 'Europe', revenue: 154_880.25, change_percent: 3.1 },
    { name: 'Asia Pacific', revenue: 96_320, change_percent: 12.7 },
    { name: 'Latin America', revenue: 18_750, change_percent: -2.3 },
  ],
  top_products: [
    { sku: 'NW-TENT-2P', name: 'Trailhead 2-person tent', units: 1_240, revenue: 148_800 },
    { sku: 'NW-PACK-45', name: 'Ridgeline 45 L backpack', units: 1_870, revenue: 112_200 },
    { sku: 'NW-JKT-RAIN', name: 'Stormshell rain jacket', units: 2_310, revenue: 92_400 },
    { sku: 'NW-BAG-0C', name: 'Summit 0 °C sleeping bag', units: 690, revenue: 55_200 },
  ],
};

interface Scene {
  caption: string;
  /** Puts the page in the state to show; the screenshot follows. */
  show(page: Page): Promise<void>;
}

async function caption(page: Page, text: string | null): Promise<void> {
  await page.evaluate((line) => {
    document.getElementById('demo-caption')?.remove();
    if (!line) return;
    const bar = document.createElement('div');
    bar.id = 'demo-caption';
    bar.textContent = line;
    Object.assign(bar.style, {
      position: 'fixed',
      left: '50%',
      bottom: '28px',
      transform: 'translateX(-50%)',
      maxWidth: '1040px',
      padding: '14px 24px',
      borderRadius: '12px',
      background: 'rgb(12 26 42 / 0.92)',
      color: '#fff',
      font: '600 22px/1.35 system-ui, sans-serif',
      textAlign: 'center',
      zIndex: '2147483647',
      boxShadow: '0 8px 24px rgb(0 0 0 / 0.3)',
    });
    document.body.append(bar);
  }, text);
}

const previewShows = (page: Page, text: string) =>
  page.frameLocator('iframe.quire-preview-frame').locator('body', { hasText: text }).waitFor({ timeout: 30_000 });

function scenes(aiDraft: unknown): Scene[] {
  return [
    {
      caption: 'Quire: AI report generation for developers and vibe coders.',
      async show(page) {
        await page.goto('/home');
        await page.getByRole('heading', { level: 1 }).waitFor();
      },
    },
    {
      caption: 'Start from a starter template in the builder: invoices, receipts, sales reports and more.',
      async show(page) {
        await page.goto('/templates/new');
        await previewShows(page, 'Brightline Analytics');
      },
    },
    {
      caption: 'Eleven starters to begin with, each with sample data that fills it.',
      async show(page) {
        await page.getByRole('button', { name: 'Start from a starter' }).click();
        await page.getByRole('button', { name: /Use this starter: Receipt/ }).waitFor();
      },
    },
    {
      caption: 'Boss Mode: the HTML, CSS and Liquid, with completion and lint marks.',
      async show(page) {
        await page.keyboard.press('Escape');
        await page.getByRole('switch', { name: 'Boss Mode' }).click();
        await page.locator('.cm-content').first().waitFor({ timeout: 30_000 });
      },
    },
    {
      caption: 'The exact PDF, drawn in your browser as you type: the same engine the API renders with.',
      async show(page) {
        await page.getByRole('switch', { name: 'Boss Mode' }).click();
        await page.getByRole('tab', { name: 'PDF' }).click();
        await page.locator('.quire-root canvas').first().waitFor({ timeout: 60_000 });
        await page.waitForTimeout(500);
      },
    },
    {
      caption: `Or describe it: “${AI_PROMPT}”. The AI writes the template and checks it renders.`,
      async show(page) {
        await page.evaluate((draft) => sessionStorage.setItem('quire-visitor-draft', JSON.stringify(draft)), aiDraft);
        await page.goto('/templates/new');
        await page.getByRole('tab', { name: 'HTML' }).click();
        await previewShows(page, 'Trailhead 2-person tent');
        await page.waitForTimeout(800);
      },
    },
    {
      caption: 'Then render it from your code: POST /v1/reports with your JSON, or the typed @quire/client.',
      async show(page) {
        await page.goto('/docs');
        await page.getByText('Quire API', { exact: false }).first().waitFor({ timeout: 30_000 });
        // The API reference (Scalar) at the operation that renders a report, with its curl example.
        await page.locator('text=Reports').first().click();
        await page.getByText('Render a report', { exact: true }).first().click();
        await page.waitForTimeout(1500);
      },
    },
    {
      caption: 'AI agents use it too, through MCP: npx @quire/mcp in Claude Desktop, Cursor or VS Code.',
      async show(page) {
        await page.goto('/mcp');
        await page.getByRole('heading', { name: 'What a server offers' }).scrollIntoViewIfNeeded();
      },
    },
    {
      caption: 'Free to start, open source, and yours to self-host. Get started at /register.',
      async show(page) {
        await page.goto('/home');
        await page.locator('.site-plan').first().waitFor();
        await page.locator('#pricing').evaluate((section) => section.scrollIntoView({ block: 'start' }));
        await page.waitForTimeout(300);
      },
    },
  ];
}

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** Stills joined with cross-fades: scene k starts at k × (SCENE_S − FADE_S). */
async function encode(frames: string[], output: string): Promise<void> {
  const inputs = frames.flatMap((frame) => ['-loop', '1', '-framerate', '15', '-t', String(SCENE_S), '-i', frame]);
  const filters: string[] = [];
  let last = '[0:v]';
  for (let k = 1; k < frames.length; k++) {
    const out = `[v${k}]`;
    filters.push(`${last}[${k}:v]xfade=transition=fade:duration=${FADE_S}:offset=${k * (SCENE_S - FADE_S)}${out}`);
    last = out;
  }
  filters.push(`${last}format=yuv420p[video]`);
  await run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    ...inputs,
    '-filter_complex',
    filters.join(';'),
    '-map',
    '[video]',
    '-c:v',
    'libx264',
    '-preset',
    'veryslow',
    '-tune',
    'stillimage',
    '-crf',
    '30',
    '-r',
    '15',
    '-movflags',
    '+faststart',
    output,
  ]);
}

async function main(): Promise<void> {
  await run('ffmpeg', ['-version']).catch(() => {
    throw new Error('ffmpeg is missing: apt-get install -y ffmpeg');
  });
  await ensureSiteBuild((line) => process.stderr.write(`${line}\n`));
  const service = await startService();
  const work = await mkdtemp(join(tmpdir(), 'quire-demo-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const person = await signUp({ url: service.url, dataDir: service.dataDir, close: service.stop }, 'demo');
    const generated = await new Quire({ apiKey: person.token, baseUrl: service.url }).ai.generate({
      prompt: AI_PROMPT,
      data_sample: SALES_DATA,
    });
    // The template's content, as the builder's draft (the record's own fields, id, versions, dates, stay behind).
    const contentKeys = new Set<string>(TemplateContent.keyof().options);
    const aiDraft = TemplateContent.parse(
      Object.fromEntries(Object.entries(generated.template).filter(([key]) => contentKeys.has(key))),
    );
    const context = await browser.newContext({
      baseURL: service.url,
      viewport: { width: WIDTH, height: HEIGHT },
      colorScheme: 'light',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const frames: string[] = [];
    const cues: string[] = ['WEBVTT', ''];
    for (const [index, scene] of scenes(aiDraft).entries()) {
      await scene.show(page).catch(async (error: unknown) => {
        const shot = join(tmpdir(), `quire-demo-failed-scene-${index + 1}.png`);
        await page.screenshot({ path: shot });
        throw new Error(`scene ${index + 1} failed (the page as it was: ${shot})`, { cause: error });
      });
      if (index === 4) {
        // The builder with its PDF, without a caption: the hero's preview image.
        await caption(page, null);
        await page.locator('.site-builder').screenshot({ path: join(MEDIA, 'dashboard-preview.png') });
      }
      await caption(page, scene.caption);
      const frame = join(work, `scene-${index}.png`);
      await page.screenshot({ path: frame });
      frames.push(frame);
      const start = index * (SCENE_S - FADE_S);
      cues.push(String(index + 1), `${vttTime(start)} --> ${vttTime(start + SCENE_S - FADE_S)}`, scene.caption, '');
      process.stderr.write(`scene ${index + 1}: ${scene.caption}\n`);
    }
    await mkdir(MEDIA, { recursive: true });
    const video = join(MEDIA, 'quire-demo.mp4');
    await encode(frames, video);
    await writeFile(join(MEDIA, 'quire-demo.en.vtt'), cues.join('\n'));
    const { size } = await stat(video);
    process.stderr.write(`wrote ${video} (${(size / 1024).toFixed(0)} KB)\n`);
    if (size > MAX_BYTES) throw new Error(`the video is ${size} bytes: more than the ${MAX_BYTES} allowed`);
  } finally {
    await browser.close();
    await service.stop();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
