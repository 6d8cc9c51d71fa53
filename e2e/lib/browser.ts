import { createRequire } from 'node:module';
import { type Browser, chromium, type Page } from 'playwright-core';
import { onCleanup } from './runner';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

/** Debian's Chromium (`apt-get install chromium`, which `.ci/run` does); nothing is downloaded. */
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The system Chromium through playwright-core, closed at the end of the run. */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  onCleanup(() => browser.close());
  return browser;
}

export interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** Waits until `probe` answers true (polling), or fails saying what did not happen and what was seen last. */
export async function eventually(
  what: string,
  probe: () => Promise<boolean>,
  options: { timeoutMs?: number; seen?: () => Promise<string> } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seen = options.seen ? ` (last seen: ${await options.seen().catch((error) => String(error))})` : '';
  throw new Error(`${what} did not happen within ${(options.timeoutMs ?? 15_000) / 1000} s${seen}`);
}
