// Every face fonts.json names is installed with its package and is a TrueType font: what @quire/render reads.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'node:test';

const require = createRequire(import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('../fonts.json', import.meta.url), 'utf8'));

test('names Noto Sans SC and KR, regular and bold, with the CSS names that stand for them', () => {
  assert.deepEqual(Object.keys(manifest.families), ['Noto Sans SC', 'Noto Sans KR']);
  for (const family of Object.values(manifest.families)) {
    assert.deepEqual(Object.keys(family.faces), ['normal', 'bold']);
    assert.ok(family.aliases.length > 5);
    for (const alias of family.aliases) assert.equal(alias, alias.toLowerCase());
  }
});

test('points at TrueType files that are installed', () => {
  for (const { package: pkg, faces } of Object.values(manifest.families)) {
    const root = dirname(require.resolve(`${pkg}/package.json`));
    for (const file of Object.values(faces)) {
      const head = readFileSync(join(root, file)).subarray(0, 4);
      assert.deepEqual([...head], [0, 1, 0, 0], `${pkg}/${file} is a TrueType font`);
    }
  }
});
