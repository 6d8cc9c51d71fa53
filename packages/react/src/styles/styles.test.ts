// @vitest-environment node
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const dir = new URL('./', import.meta.url);

/** Every selector of a stylesheet (at-rules' preludes left out), comments removed. */
function selectors(css: string): string[] {
  const found: string[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const match of text.matchAll(/([^{}]+)\{/g)) {
    const prelude = (match[1] as string).trim();
    if (prelude.startsWith('@')) continue;
    found.push(...prelude.split(',').map((s) => s.trim()));
  }
  return found;
}

describe('styles.css', () => {
  it('scopes every rule under .quire-root, so nothing reaches the host page', async () => {
    const files = (await readdir(dir)).filter((file) => file.endsWith('.css') && file !== 'index.css');
    expect(files.length).toBeGreaterThan(5);
    const unscoped: string[] = [];
    for (const file of files) {
      for (const selector of selectors(await readFile(new URL(file, dir), 'utf8'))) {
        if (!selector.startsWith('.quire-root')) unscoped.push(`${file}: ${selector}`);
      }
    }
    expect(unscoped).toEqual([]);
  });

  it('imports every part into the one stylesheet', async () => {
    const index = await readFile(new URL('index.css', dir), 'utf8');
    const files = (await readdir(dir)).filter((file) => file.endsWith('.css') && file !== 'index.css');
    for (const file of files) expect(index).toContain(`@import "./${file}";`);
  });

  it('lays out active tab panels only, so that an inactive one never shows and takes no space', async () => {
    const files = (await readdir(dir)).filter((file) => file.endsWith('.css') && file !== 'index.css');
    const showing: string[] = [];
    for (const file of files) {
      const text = (await readFile(new URL(file, dir), 'utf8')).replace(/\/\*[\s\S]*?\*\//g, '');
      for (const match of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
        const display = /(?:^|;)\s*display:\s*([\w-]+)/.exec(match[2] as string)?.[1];
        if (!display || display === 'none') continue;
        for (const selector of (match[1] as string).split(',').map((s) => s.trim())) {
          const last = selector.split(/[\s>+~]+/).at(-1) ?? '';
          if (last.includes('.quire-tab-panel') && !last.includes('[data-state="active"]')) {
            showing.push(`${file}: ${selector}`);
          }
        }
      }
    }
    expect(showing).toEqual([]);
  });

  it('gives both themes the same variables', async () => {
    const theme = (await readFile(new URL('theme.css', dir), 'utf8')).replace(/\/\*[\s\S]*?\*\//g, '');
    const [light, dark] = theme.split('.quire-root.quire-theme-dark');
    const names = (block = '') => [...block.matchAll(/(--quire-[\w-]+):/g)].map((m) => m[1]);
    const colours = (names(light) as string[]).filter((n) => !/font|radius|space|size/.test(n));
    expect(new Set(names(dark))).toEqual(new Set(colours));
  });
});
