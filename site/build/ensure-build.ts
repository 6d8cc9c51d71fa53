import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourcesHash } from './sources.ts';

export const SITE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SITE_DIST = join(SITE_ROOT, 'dist');
const REPO_ROOT = resolve(SITE_ROOT, '..');
const STAMP_FILE = join(SITE_DIST, '.build-stamp');

/**
 * Builds the site when site/dist is missing or was built from other sources (a hash of every input, kept in
 * dist/.build-stamp). Answers whether it built.
 */
export async function ensureSiteBuild(log: (line: string) => void = () => {}): Promise<boolean> {
  const wanted = await sourcesHash(REPO_ROOT);
  const built = await readFile(STAMP_FILE, 'utf8').catch(() => null);
  const hasPage = await readFile(join(SITE_DIST, 'index.html')).then(
    () => true,
    () => false,
  );
  if (built?.trim() === wanted && hasPage) return false;
  log(hasPage ? 'The web app changed: building it again…' : 'Building the web app (once; about a minute)…');
  // Vite only when there is something to build: the up-to-date check stays quick.
  const { build } = await import('vite');
  // A production build whoever asks: under vitest NODE_ENV is 'test', and Vite would then bundle React's
  // development build, which `pnpm start` would go on serving (the stamp matches).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: SITE_ROOT,
      configFile: join(SITE_ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  // The build empties dist/: the stamp goes in after it.
  await writeFile(STAMP_FILE, `${wanted}\n`);
  log('Built the web app in site/dist.');
  return true;
}
