/**
 * The package end-to-end test (`pnpm e2e:packages`): the public packages as a user gets them. It builds them,
 * publishes them to a verdaccio on loopback, installs @quire/client, @quire/render, @quire/fonts-cjk, @quire/mcp and @quire/react with
 * npm into a fresh project, and runs them there against the service: the client from an ES module and from
 * CommonJS, the `quire` command, and `npx @quire/mcp` driven over stdio by the MCP SDK's client. Then a fresh Vite +
 * React + TypeScript app installs @quire/react with its peers, type-checks and builds (vite-app.ts).
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectPdf, INVOICE_PAGES } from './lib/pdf';
import { run } from './lib/processes';
import { publicPackages, publishAll, startRegistry } from './lib/registry';
import { BUILD_TIMEOUT_MS, check, main, ROOT, step, tempDir, userEnv } from './lib/runner';
import { newApiKey, startService } from './lib/service';
import { checkViteBuild, VITE_APP_INSTALL, writeViteApp } from './vite-app';

/** The packages a user installs, and the MCP SDK their MCP client is written with. */
// @quire/react comes with its peers (react, react-dom) from the registry: npm installs peer dependencies.
// @quire/fonts-cjk is optional: installed here so that the `quire` command is seen to pick it up.
const INSTALL = ['@quire/client', '@quire/render', '@quire/fonts-cjk', '@quire/mcp', '@quire/react'];
const MCP_SDK = '@modelcontextprotocol/sdk@1.32.2';
const CONSUMER = fileURLToPath(new URL('consumer/', import.meta.url));
// --prefer-online: the packages' metadata is asked for again, never taken from npm's cache of an earlier run.
// --engine-strict: every package installed must allow this Node (20.19 and up, as the packages' engines say).
const NPM_FLAGS = ['--no-audit', '--no-fund', '--prefer-online', '--engine-strict'];

await main('e2e:packages', async () => {
  const dir = await tempDir('quire-e2e-packages-');
  const packages = await publicPackages();
  const missing = INSTALL.filter((name) => !packages.some((p) => p.name === name));
  check(missing.length === 0, `not public packages under packages/: ${missing.join(', ')}`);

  await step('build the packages', () =>
    run('node', ['scripts/build-packages.mjs', '--if-stale'], {
      cwd: ROOT,
      env: userEnv(),
      timeoutMs: BUILD_TIMEOUT_MS,
    }),
  );

  const registry = await step('start verdaccio on loopback', async () => {
    const url = await startRegistry(join(dir, 'registry'));
    console.log(`  ${url}`);
    return url;
  });

  await step(`publish ${packages.map((p) => p.name).join(', ')}`, () => publishAll(dir, registry, packages));

  const { service, apiKey } = await step('start the service on its embedded store, get an API key', async () => {
    const service = await startService(join(dir, 'service'));
    const { apiKey } = await newApiKey(service, 'e2e-packages');
    console.log(`  ${service.url}`);
    return { service, apiKey };
  });

  const project = join(dir, 'project');
  const env = userEnv({ QUIRE_API_KEY: apiKey, QUIRE_BASE_URL: service.url });
  const inProject = (timeoutMs: number) => ({ cwd: project, env, timeoutMs, echo: true });

  await step(`npm install ${[...INSTALL, MCP_SDK].join(' ')} in a fresh project`, async () => {
    await mkdir(project, { recursive: true });
    await writeFile(
      join(project, 'package.json'),
      `${JSON.stringify({ name: 'quire-e2e-project', version: '1.0.0', private: true }, null, 2)}\n`,
    );
    // Only the @quire scope comes from verdaccio; everything else from the registry npm is set up with.
    await writeFile(join(project, '.npmrc'), `@quire:registry=${registry}\n`);
    for (const file of ['esm.mjs', 'cjs.cjs', 'mcp.mjs']) await copyFile(join(CONSUMER, file), join(project, file));
    await run('npm', ['install', ...NPM_FLAGS, ...INSTALL, MCP_SDK], {
      ...inProject(180_000),
      echo: false,
    });
    // Every public package is there, the ones not asked for as dependencies of the others.
    for (const pkg of packages) {
      const manifest = await readFile(join(project, 'node_modules', pkg.name, 'package.json'), 'utf8').catch(() => '');
      check(manifest, `${pkg.name} was not installed`);
      const installed = JSON.parse(manifest) as { version: string };
      check(installed.version === pkg.version, `${pkg.name} installed at ${installed.version}, not ${pkg.version}`);
      const license = await readFile(join(project, 'node_modules', pkg.name, 'LICENSE'), 'utf8').catch(() => '');
      check(license.startsWith('MIT License'), `${pkg.name} was installed without its LICENSE`);
      console.log(`  ${pkg.name}@${installed.version}`);
    }
  });

  const esm = await step('the client as an ES module: a template from the invoice starter, its PDF', async () => {
    const result = JSON.parse(lastLine(await run('node', ['esm.mjs'], inProject(60_000)))) as {
      template_id: string;
      pages: number;
    };
    check(result.pages === INVOICE_PAGES, `the service says ${result.pages} pages, expected ${INVOICE_PAGES}`);
    console.log(`  ${await expectPdf(join(project, 'esm.pdf'), INVOICE_PAGES)}`);
    return result;
  });

  await step('the client from CommonJS: a report, then its file', async () => {
    const result = JSON.parse(lastLine(await run('node', ['cjs.cjs'], inProject(60_000)))) as { pages: number };
    check(result.pages === INVOICE_PAGES, `the service says ${result.pages} pages, expected ${INVOICE_PAGES}`);
    console.log(`  ${await expectPdf(join(project, 'cjs.pdf'), INVOICE_PAGES)}`);
  });

  await step('npx quire render invoice --out invoice.pdf', async () => {
    await run('npx', ['quire', 'render', 'invoice', '--out', 'invoice.pdf'], inProject(60_000));
    console.log(`  ${await expectPdf(join(project, 'invoice.pdf'), INVOICE_PAGES)}`);
  });

  await step('npx quire render cjk.html --out cjk.pdf, with @quire/fonts-cjk installed beside it', async () => {
    await writeFile(join(project, 'cjk.html'), '<h1>发票 · 請求書 · 영수증</h1>\n');
    await run('npx', ['quire', 'render', 'cjk.html', '--out', 'cjk.pdf'], inProject(60_000));
    console.log(`  ${await expectPdf(join(project, 'cjk.pdf'), 1)}`);
    const text = await run('pdftotext', [join(project, 'cjk.pdf'), '-'], inProject(30_000));
    check(text.includes('发票') && text.includes('영수증'), `cjk.pdf does not hold the CJK text:\n${text}`);
    const fonts = await run('pdffonts', [join(project, 'cjk.pdf')], inProject(30_000));
    check(/NotoSansSC/.test(fonts) && /NotoSansKR/.test(fonts), `cjk.pdf does not embed the CJK fonts:\n${fonts}`);
  });

  await step('npx @quire/mcp over stdio: initialize, tools/list, generate_report', async () => {
    const result = JSON.parse(lastLine(await run('node', ['mcp.mjs', esm.template_id], inProject(90_000)))) as {
      pages: number;
    };
    check(result.pages === INVOICE_PAGES, `generate_report says ${result.pages} pages, expected ${INVOICE_PAGES}`);
    console.log(`  ${await expectPdf(join(project, 'mcp.pdf'), INVOICE_PAGES)}`);
  });

  const app = join(dir, 'vite-app');
  await step(`a fresh Vite + React + TypeScript app: npm install ${VITE_APP_INSTALL.join(' ')}`, async () => {
    await writeViteApp(app, registry);
    await run('npm', ['install', ...NPM_FLAGS, ...VITE_APP_INSTALL], { cwd: app, env: userEnv(), timeoutMs: 300_000 });
    const react = packages.find((p) => p.name === '@quire/react');
    const manifest = await readFile(join(app, 'node_modules', '@quire', 'react', 'package.json'), 'utf8');
    const installed = JSON.parse(manifest) as { version: string };
    check(
      installed.version === react?.version,
      `@quire/react installed at ${installed.version}, not ${react?.version}`,
    );
    console.log(`  @quire/react@${installed.version}`);
  });

  await step('its build (tsc, vite build): the initial chunk, CodeMirror in a lazy chunk, the stylesheet', async () => {
    await run('npm', ['run', 'build'], { cwd: app, env: userEnv(), timeoutMs: 300_000 });
    for (const line of await checkViteBuild(app)) console.log(`  ${line}`);
  });
});

function lastLine(stdout: string): string {
  return stdout.trimEnd().split('\n').at(-1) ?? '';
}
