/**
 * Runs the examples (`pnpm examples`) as their READMEs say, against a service started on a temporary data
 * directory: examples/node-quickstart/index.mjs and examples/mcp/drive.mjs, each in an empty working directory,
 * with the workspace's builds of the packages; examples/react-embed built and served by its backend, and driven in
 * the system Chromium (react-embed.ts); and checks that the MCP client configurations in examples/mcp parse and
 * start `npx -y @quire/mcp` with a key and a base URL.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expectPdf, INVOICE_PAGES } from './lib/pdf';
import { run } from './lib/processes';
import { BUILD_TIMEOUT_MS, check, main, ROOT, step, tempDir, userEnv } from './lib/runner';
import { newApiKey, startService } from './lib/service';
import { runReactEmbed } from './react-embed';

const EXAMPLES = join(ROOT, 'examples');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A server entry of an MCP client's configuration that runs `npx -y @quire/mcp` with a key and a base URL. */
function checkServer(file: string, server: Json | undefined): { [key: string]: Json } {
  check(isObject(server), `${file}: no "quire" server`);
  check(server.command === 'npx', `${file}: the command is ${JSON.stringify(server.command)}, not npx`);
  check(JSON.stringify(server.args) === JSON.stringify(['-y', '@quire/mcp']), `${file}: args are not -y @quire/mcp`);
  check(isObject(server.env), `${file}: no env`);
  for (const name of ['QUIRE_API_KEY', 'QUIRE_BASE_URL']) {
    check(typeof server.env[name] === 'string' && server.env[name] !== '', `${file}: env has no ${name}`);
  }
  return server;
}

async function readJson(file: string): Promise<Json> {
  const text = await readFile(join(EXAMPLES, file), 'utf8');
  try {
    return JSON.parse(text) as Json;
  } catch (error) {
    throw new Error(`examples/${file} is not JSON: ${error instanceof Error ? error.message : error}`);
  }
}

await main('examples', async () => {
  const dir = await tempDir('quire-examples-');

  await step('the MCP client configurations in examples/mcp', async () => {
    for (const file of ['mcp/claude_desktop_config.json', 'mcp/.cursor/mcp.json']) {
      const config = await readJson(file);
      check(isObject(config) && isObject(config.mcpServers), `${file}: no mcpServers`);
      checkServer(file, config.mcpServers.quire);
      console.log(`  ${file}: mcpServers.quire runs npx -y @quire/mcp`);
    }
    const file = 'mcp/.vscode/mcp.json';
    const config = await readJson(file);
    check(isObject(config) && isObject(config.servers), `${file}: no servers (VS Code's format)`);
    const server = checkServer(file, config.servers.quire);
    check(server.type === 'stdio', `${file}: the server's type is not stdio`);
    // Every ${input:id} it uses is declared under inputs.
    const declared = new Set(
      (Array.isArray(config.inputs) ? config.inputs : []).map((input) => (isObject(input) ? input.id : undefined)),
    );
    for (const [, id] of JSON.stringify(server).matchAll(/\$\{input:([^}]+)\}/g)) {
      check(declared.has(id ?? ''), `${file}: \${input:${id}} is not declared under inputs`);
    }
    console.log(`  ${file}: servers.quire (stdio) runs npx -y @quire/mcp`);
  });

  await step('build the packages the examples use', () =>
    run('node', ['scripts/build-packages.mjs', '--if-stale'], {
      cwd: ROOT,
      env: userEnv(),
      timeoutMs: BUILD_TIMEOUT_MS,
    }),
  );

  const { service, account } = await step(
    'start the service on a temporary data directory, get an API key',
    async () => {
      const service = await startService(join(dir, 'service'));
      const account = await newApiKey(service, 'examples');
      console.log(`  ${service.url}`);
      return { service, account };
    },
  );
  const env = userEnv({ QUIRE_API_KEY: account.apiKey, QUIRE_BASE_URL: service.url });

  await step('examples/node-quickstart: node index.mjs', async () => {
    const cwd = await tempDir('quire-example-quickstart-');
    await run('node', [join(EXAMPLES, 'node-quickstart', 'index.mjs')], { cwd, env, timeoutMs: 60_000, echo: true });
    console.log(`  ${await expectPdf(join(cwd, 'invoice.pdf'), INVOICE_PAGES)}`);
  });

  await step('examples/mcp: node drive.mjs', async () => {
    const cwd = await tempDir('quire-example-mcp-');
    await run('node', [join(EXAMPLES, 'mcp', 'drive.mjs')], { cwd, env, timeoutMs: 90_000, echo: true });
    console.log(`  ${await expectPdf(join(cwd, 'report.pdf'), INVOICE_PAGES)}`);
  });

  await runReactEmbed(service, account, dir);
});
