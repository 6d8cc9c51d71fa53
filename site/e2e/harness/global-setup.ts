/**
 * Once per test run: the site built (when its sources changed), the service serving it, and one Chromium that
 * every test file connects to.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureSiteBuild } from '../../build/ensure-build.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { startService } from './service.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    serviceLogFile: string;
    /** The service's data directory: its development outbox (mails to users) is in outbox/ there. */
    serviceDataDir: string;
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  await ensureSiteBuild((line) => process.stderr.write(`${line}\n`));
  const service = await startService();
  const browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  project.provide('siteUrl', service.url);
  project.provide('serviceLogFile', service.logFile);
  project.provide('serviceDataDir', service.dataDir);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await service.stop();
  };
}
