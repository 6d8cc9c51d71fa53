import { readFileSync } from 'node:fs';
import * as core from '@quire/core';
import { transform } from 'esbuild';
import { expect, it } from 'vitest';
import * as render from './index';

it('runs the README example as written', async () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const body = example
    .replace(/import \{([^}]*)\} from 'node:fs\/promises';/, 'const {$1} = fs;')
    .replace(/import \{([^}]*)\} from '@quire\/core';/, 'const {$1} = core;')
    .replace(/import \{([^}]*)\} from '@quire\/render';/, 'const {$1} = render;');
  const { code } = await transform(`(async () => {${body}})()`, { loader: 'ts' });
  const written = new Map<string, Uint8Array>();
  const logged: unknown[][] = [];
  const fs = { writeFile: async (path: string, bytes: Uint8Array) => void written.set(path, bytes) };
  await new Function('fs', 'core', 'render', 'console', `return ${code}`)(fs, core, render, {
    log: (...args: unknown[]) => logged.push(args),
  });
  expect(new TextDecoder().decode(written.get('invoice.pdf')?.subarray(0, 5))).toBe('%PDF-');
  expect(logged[0]?.[0]).toBeGreaterThanOrEqual(1);
  expect(logged[1]).toEqual([true, expect.any(Number)]);
  expect(logged[1]?.[1]).toBeGreaterThan(0);
});
