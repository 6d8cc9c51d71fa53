// Prints the gzipped size of the library's ES module build; with `--max-kb <n>` it fails above n KB.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values } = parseArgs({ options: { 'max-kb': { type: 'string' } }, strict: true });
const file = new URL('../dist/index.js', import.meta.url);
const source = readFileSync(file);
const gzipped = gzipSync(source, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
console.log(`@quire/client dist/index.js: ${kb(source.length)}, gzipped ${kb(gzipped)}`);
const max = values['max-kb'] === undefined ? undefined : Number(values['max-kb']);
if (max !== undefined && gzipped > max * 1024) {
  console.error(`gzipped size ${kb(gzipped)} is over the budget of ${max} KB`);
  process.exit(1);
}
