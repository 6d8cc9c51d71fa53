#!/usr/bin/env node
// quire-react-fonts <dir>: copies the fonts the PDF preview draws with (the bundled families, from the
// packages @quire/render depends on) into a folder the host serves, each under its file name; then
// `fonts={{ baseUrl: '/<that folder>' }}`.
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const [target, ...rest] = process.argv.slice(2);
if (!target || rest.length || target.startsWith('-')) {
  console.error('Usage: quire-react-fonts <directory>');
  process.exit(2);
}
const require = createRequire(import.meta.url);
const manifest = JSON.parse(await readFile(new URL('../src/pdf/bundled-fonts.json', import.meta.url), 'utf8'));
const fromRender = createRequire(require.resolve('@quire/render/package.json'));
await mkdir(target, { recursive: true });
let count = 0;
for (const faces of Object.values(manifest)) {
  for (const path of Object.values(faces)) {
    const [scope, name, ...file] = path.split('/');
    const source = join(dirname(fromRender.resolve(`${scope}/${name}/package.json`)), ...file);
    await copyFile(source, join(target, file[file.length - 1]));
    count++;
  }
}
console.log(`${count} font files copied to ${target}`);
