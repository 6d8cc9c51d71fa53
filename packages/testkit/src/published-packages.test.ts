import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Checks of the packages the workspace publishes (every package under packages/ that is not private).
const ROOT = new URL('../../..', import.meta.url).pathname;

interface Manifest {
  name: string;
  private?: boolean;
  devDependencies?: Record<string, string>;
  [field: string]: unknown;
}

const published = readdirSync(join(ROOT, 'packages'))
  .map((name) => join(ROOT, 'packages', name))
  .filter((dir) => statSync(dir).isDirectory())
  .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest }))
  .filter(({ manifest }) => !manifest.private);

/** Every file under `dir`, node_modules and builds left out. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

it('finds the published packages', () => {
  expect(published.map(({ manifest }) => manifest.name).sort()).toEqual([
    '@quire/client',
    '@quire/core',
    '@quire/mcp',
    '@quire/render',
  ]);
});

describe.each(published)('$manifest.name', ({ dir, manifest }) => {
  it("reaches the service only through @quire/testkit, never by the service's files", () => {
    const sources = filesUnder(join(dir, 'src')).filter((file) => /\.[cm]?[jt]s$/.test(file));
    const reaching = sources.filter((file) => /service\/src|\.\.\/service\b/.test(readFileSync(file, 'utf8')));
    expect(reaching.map((file) => relative(ROOT, file))).toEqual([]);
    const usesKit = sources.some((file) => readFileSync(file, 'utf8').includes("from '@quire/testkit'"));
    if (usesKit) expect(manifest.devDependencies?.['@quire/testkit']).toBe('workspace:*');
  });
});
