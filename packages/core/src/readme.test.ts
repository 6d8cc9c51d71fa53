import { readFileSync } from 'node:fs';
import { transform } from 'esbuild';
import { expect, it } from 'vitest';
import * as core from './index';

it('runs the README example as written', async () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const body = example.replace(/import \{([^}]*)\} from '@quire\/core';/, 'const {$1} = core;');
  const { code } = await transform(body, { loader: 'ts' });
  const logged: unknown[] = [];
  new Function('core', 'console', code)(core, { log: (value: unknown) => logged.push(value) });
  expect(logged[0]).toContain('<h1>Invoice INV-2026-0042</h1>');
  expect(logged[1]).toEqual(['invoice.issued_on', 'invoice.items']);
  expect(logged[2]).toBeGreaterThan(1000);
  // The comments in the example state these values.
  expect(example).toContain(
    "// paths: ['invoice.issued_on', 'invoice.items[].description', 'invoice.items[].price', 'invoice.items[].qty', 'invoice.number']",
  );
  expect(
    core.inferTemplateVariables(core.createTemplateEngine(), {
      html: /const html = `([\s\S]*?)`;/.exec(example)?.[1] ?? '',
    }).paths,
  ).toEqual([
    'invoice.issued_on',
    'invoice.items[].description',
    'invoice.items[].price',
    'invoice.items[].qty',
    'invoice.number',
  ]);
});

it('runs the charts example as written, printing what its comments say', async () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const example = /### Charts[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const body = example.replace(/import \{([^}]*)\} from '@quire\/core';/, 'const {$1} = core;');
  const { code } = await transform(body, { loader: 'ts' });
  const logged: unknown[] = [];
  new Function('core', 'console', code)(core, { log: (value: unknown) => logged.push(value) });
  const stated = [...example.matchAll(/console\.log\(.*\); \/\/ (.*?)(?:: .*)?$/gm)].map((m) => m[1]);
  expect(stated).toHaveLength(4);
  expect(logged.map(String)).toEqual(stated);
});

it('runs the page setup example as written, printing what its comment says', async () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const example = /### Page setup[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const body = example.replace(/import \{([^}]*)\} from '@quire\/core';/, 'const {$1} = core;');
  const { code } = await transform(body, { loader: 'ts' });
  const logged: unknown[] = [];
  new Function('core', 'console', code)(core, { log: (value: unknown) => logged.push(value) });
  const stated = /^\/\/ (The page's margins .*)$/m.exec(example)?.[1];
  expect(stated).toContain('no room for content');
  expect(logged).toEqual([stated]);
});

it('shows the role table as ROLE_PERMISSIONS has it', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  expect(roleTableOf(readme)).toEqual(permissionTable());
});

/** `permission → roles that have it`, from a markdown table with a ✓ under each role. */
function roleTableOf(markdown: string): Record<string, string[]> {
  const lines = markdown.split('\n').filter((line) => line.startsWith('| `'));
  const header = markdown.split('\n').find((line) => line.startsWith('| permission')) ?? '';
  const columns = header.split('|').map((cell) => cell.trim());
  const table: Record<string, string[]> = {};
  for (const line of lines) {
    const cells = line.split('|').map((cell) => cell.trim());
    const permission = cells[1]?.replace(/`/g, '') ?? '';
    if (!(core.PERMISSIONS as readonly string[]).includes(permission)) continue;
    table[permission] = columns.filter(
      (column, i) => core.Role.options.includes(column as core.Role) && cells[i] === '✓',
    );
  }
  return table;
}

function permissionTable(): Record<string, string[]> {
  return Object.fromEntries(
    core.PERMISSIONS.map((permission) => [permission, core.Role.options.filter((role) => core.can(role, permission))]),
  );
}
