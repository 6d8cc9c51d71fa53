import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHROMIUM_PATH_ENV, findChromium } from './find-chromium';

let dir: string;

async function executable(name: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, '#!/bin/sh\n');
  await chmod(path, 0o755);
  return path;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-find-chromium-'));
  vi.stubEnv(CHROMIUM_PATH_ENV, '');
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

describe('findChromium', () => {
  it('searches the PATH for the usual command names, in order', async () => {
    vi.stubEnv('PATH', dir);
    expect(findChromium()).toBeUndefined();
    const chrome = await executable('google-chrome-stable');
    expect(findChromium()).toBe(chrome);
    const chromium = await executable('chromium-browser');
    expect(findChromium()).toBe(chromium);
  });

  it('skips files that are not executable', async () => {
    vi.stubEnv('PATH', dir);
    await writeFile(join(dir, 'chromium'), 'not a program');
    expect(findChromium()).toBeUndefined();
  });

  it('takes an explicit path over the PATH, and does not fall back when it is wrong', async () => {
    vi.stubEnv('PATH', dir);
    await executable('chromium');
    const explicit = await executable('my-chrome');
    expect(findChromium(explicit)).toBe(explicit);
    expect(findChromium(join(dir, 'missing'))).toBeUndefined();
  });

  it('takes QUIRE_CHROMIUM_PATH over everything', async () => {
    vi.stubEnv('PATH', dir);
    const explicit = await executable('explicit');
    const fromEnv = await executable('from-env');
    vi.stubEnv(CHROMIUM_PATH_ENV, fromEnv);
    expect(findChromium(explicit)).toBe(fromEnv);
  });
});
