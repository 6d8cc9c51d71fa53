import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

const exec = promisify(execFile);
const packageDir = fileURLToPath(new URL('../..', import.meta.url));

// In a process of its own: whether a module is loaded is a fact about the whole process.
const SCRIPT = `
import { createRequire } from 'node:module';
const { renderReport, barcodeSvg } = await import('./src/index.ts');
const require = createRequire(import.meta.url);
const loaded = () => Object.keys(require.cache).some((file) => file.includes('bwip-js'));
await renderReport({ template: { html: '<p>A report without codes</p>' }, data: {} });
const afterReport = loaded();
const svg = barcodeSvg('code128', 'QUIRE-42', 40);
console.log(JSON.stringify({ afterReport, afterBarcode: loaded(), svg: svg.startsWith('<svg') }));
`;

it('loads bwip-js (2 MB) only when the first barcode is drawn', async () => {
  const { stdout } = await exec(
    process.execPath,
    ['--conditions=@quire/source', '--import', 'tsx', '--input-type=module', '-e', SCRIPT],
    { cwd: packageDir },
  );
  expect(JSON.parse(stdout.trim().split('\n').pop() ?? '')).toEqual({
    afterReport: false,
    afterBarcode: true,
    svg: true,
  });
});

it('has no static import of bwip-js in the library as bundled for Node', async () => {
  const result = await build({
    entryPoints: [new URL('../index.ts', import.meta.url).pathname],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const bundle = result.outputFiles[0]?.text ?? '';
  expect(bundle).not.toMatch(/^import .* from "bwip-js/m);
  expect(bundle).toContain('"bwip-js/browser"');
});
