import { readFileSync } from 'node:fs';
import { can, PERMISSIONS, Role } from '@quire/core';
import { expect, it } from 'vitest';

/** `permission → roles with a ✓`, from the README's role table. */
function roleTableOf(markdown: string): Record<string, string[]> {
  const lines = markdown.split('\n');
  const columns = (lines.find((line) => line.startsWith('| permission')) ?? '').split('|').map((cell) => cell.trim());
  const table: Record<string, string[]> = {};
  for (const line of lines.filter((l) => l.startsWith('| `'))) {
    const cells = line.split('|').map((cell) => cell.trim());
    const permission = cells[1]?.replace(/`/g, '') ?? '';
    if (!(PERMISSIONS as readonly string[]).includes(permission)) continue;
    table[permission] = columns.filter((column, i) => Role.options.includes(column as Role) && cells[i] === '✓');
  }
  return table;
}

it("shows the role table of the service's README as core's ROLE_PERMISSIONS has it", () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const expected = Object.fromEntries(
    PERMISSIONS.map((permission) => [permission, Role.options.filter((role) => can(role, permission))]),
  );
  expect(roleTableOf(readme)).toEqual(expected);
  expect(roleTableOf(readme)['data_sources:read_rows']).toEqual(['owner', 'admin', 'editor']);
});
