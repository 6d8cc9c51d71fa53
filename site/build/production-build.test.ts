import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE_DIST } from './ensure-build';

// The run's global setup built site/dist (under vitest, where NODE_ENV is 'test'); `pnpm start` serves that same
// build when the sources have not changed since, so it must be the production one.
describe('the site build', () => {
  it('bundles React’s production build, never its development runtime', async () => {
    const assets = join(SITE_DIST, 'assets');
    const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((name) => name.includes('jsx-dev-runtime'))).toEqual([]);
    for (const name of scripts) {
      const code = await readFile(join(assets, name), 'utf8');
      // Only React's development build names this frame in its component stacks.
      expect(code.includes('react-stack-bottom-frame'), name).toBe(false);
    }
  });
});
