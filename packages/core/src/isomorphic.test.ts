import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('@quire/core', () => {
  it('imports nothing but its two isomorphic dependencies and its own modules', () => {
    const imports = sources(import.meta.dirname).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)].map(
        (m) => m[1] as string,
      ),
    );
    const outside = [...new Set(imports.filter((spec) => !spec.startsWith('.')))].sort();
    expect(outside).toEqual(['liquidjs', 'zod']);
  });
});
