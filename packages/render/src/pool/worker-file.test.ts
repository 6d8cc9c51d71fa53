import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveWorkerLaunch } from './worker-file';

describe('resolveWorkerLaunch', () => {
  it('runs the TypeScript worker through tsx when the pool runs from sources', () => {
    const launch = resolveWorkerLaunch(new URL('./render-pool.ts', import.meta.url).href);
    expect(launch.filename).toMatch(/src\/pool\/worker\.ts$/);
    expect(launch.execArgv?.[0]).toBe('--import');
    expect(decodeURIComponent(launch.execArgv?.[1] ?? '')).toMatch(/^data:text\/javascript,import \{ register \}/);
    expect(launch.execArgv).toContain('--conditions=@quire/source');
  });

  it('runs the built worker next to the bundle as it is', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'quire-dist-'));
    try {
      const bundle = pathToFileURL(join(dist, 'index.js')).href;
      expect(() => resolveWorkerLaunch(bundle)).toThrow(/render worker was not found/);
      await writeFile(join(dist, 'render-worker.js'), '');
      expect(resolveWorkerLaunch(bundle)).toEqual({ filename: join(dist, 'render-worker.js'), execArgv: undefined });
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });
});
