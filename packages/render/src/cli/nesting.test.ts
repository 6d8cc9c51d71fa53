import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { quire, tempDir } from './__fixtures__/harness';

/**
 * The command line gives the same typed errors as the API for templates and data nested past Quire's limits
 * (@quire/core's NESTING_LIMITS): template_too_deep and json_too_deep, never a stack overflow.
 */

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir());
});
afterEach(() => cleanup());

const deepHtml = `${'<div>'.repeat(10_000)}x${'</div>'.repeat(10_000)}`;
const deepJson = `{"name":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`;
const nestedIfs = `<p>\n${'{% if a %}'.repeat(2_000)}x${'{% endif %}'.repeat(2_000)}</p>`;

describe('quire render and quire check on deep templates and data', () => {
  it('render refuses HTML nested 10,000 deep with template_too_deep', async () => {
    await writeFile(path.join(dir, 'deep.html'), deepHtml);
    const run = await quire(dir, 'render', 'deep.html');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^quire: template_too_deep: The template nests HTML elements more than 256 deep/);
  });

  it('check reports HTML nested 10,000 deep as a template_too_deep error', async () => {
    await writeFile(path.join(dir, 'deep.html'), deepHtml);
    const run = await quire(dir, 'check', 'deep.html');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^error +template_too_deep +The template nests HTML elements more than 256 deep/m);
  });

  it('render and check point at the Liquid block that nests too deep', async () => {
    await writeFile(path.join(dir, 'ifs.html'), nestedIfs);
    const render = await quire(dir, 'render', 'ifs.html');
    expect(render.code).toBe(1);
    expect(render.stderr).toMatch(/ifs\.html:2:641: Liquid blocks nest more than 64 deep/);
    const check = await quire(dir, 'check', 'ifs.html');
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/^error +template_too_deep +ifs\.html:2:641 +Liquid blocks nest more than 64 deep/m);
  });

  it('render and check refuse data nested 5,000 levels deep with json_too_deep', async () => {
    await writeFile(path.join(dir, 't.html'), '<p>{{ name.a }}</p>');
    await writeFile(path.join(dir, 'data.json'), deepJson);
    const render = await quire(dir, 'render', 't.html', '--data', 'data.json');
    expect(render.code).toBe(1);
    expect(render.stderr).toMatch(/^quire: json_too_deep: data: the JSON is nested more than 64 levels deep/);
    const check = await quire(dir, 'check', 't.html', '--data', 'data.json');
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/^error +json_too_deep +data: the JSON is nested more than 64 levels deep/m);
  });
});
