import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/**
 * What the site's build is made from, relative to the repository root: its own files, and the workspace
 * packages it compiles from their sources (the `@quire/source` condition), and the lockfile (dependencies).
 */
export const BUILD_INPUTS = [
  'site/src',
  'site/public',
  'site/build',
  'site/index.html',
  'site/vite.config.ts',
  'site/package.json',
  'packages/react/src',
  'packages/react/package.json',
  'packages/client/src',
  'packages/client/package.json',
  'packages/core/src',
  'packages/core/package.json',
  'packages/render/src',
  'packages/render/package.json',
  'pnpm-lock.yaml',
];

// Generated from src/routes/ by the build itself; tests change no build output.
const IGNORED = /(^|\/)(node_modules|dist|__fixtures__)(\/|$)|routeTree\.gen\.ts$|\.(test|stories)\.tsx?$/;

async function filesUnder(root: string, path: string): Promise<string[]> {
  const full = join(root, path);
  const entries = await readdir(full, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOTDIR') return null;
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries === null) return [path];
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(root, join(path, entry.name)) : [join(path, entry.name)])),
  );
  return nested.flat();
}

/** A hash of every build input's path and content: equal hashes, equal builds. */
export async function sourcesHash(repoRoot: string): Promise<string> {
  const files = (await Promise.all(BUILD_INPUTS.map((input) => filesUnder(repoRoot, input))))
    .flat()
    .map((file) => relative(repoRoot, join(repoRoot, file)))
    .filter((file) => !IGNORED.test(file))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file).update('\0');
    hash.update(await readFile(join(repoRoot, file))).update('\0');
  }
  return hash.digest('hex');
}
