// Drives the Quire MCP server as an agent's MCP client does: starts it over stdio, lists the starters, creates a
// template from one and renders a report, saving the PDF that comes back embedded in the answer.
//   QUIRE_API_KEY=qk_live_… QUIRE_BASE_URL=http://localhost:3000 node drive.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

if (!process.env.QUIRE_API_KEY) {
  console.error('Set QUIRE_API_KEY to a team API key (docs/api.md, "Authenticate", shows how to make one).');
  process.exit(1);
}

// The command `npx -y @quire/mcp` runs, from the installed package: node <@quire/mcp>/dist/bin.js.
const manifestPath = createRequire(import.meta.url).resolve('@quire/mcp/package.json');
const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'));
const server = join(dirname(manifestPath), typeof bin === 'string' ? bin : Object.values(bin)[0]);

// The server reads QUIRE_API_KEY and QUIRE_BASE_URL from its environment, as in the configuration files.
const transport = new StdioClientTransport({ command: process.execPath, args: [server], env: { ...process.env } });
const client = new Client({ name: 'quire-example', version: '1.0.0' });

/** Calls a tool and answers its structured result, or throws the text of a failed call. */
async function call(name, args = {}) {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${result.content.map((block) => block.text ?? '').join(' ')}`);
  return result;
}

await client.connect(transport);
try {
  const { name, version } = client.getServerVersion() ?? {};
  console.log(`connected to ${name} ${version}`);

  const { starters } = (await call('list_starters')).structuredContent;
  console.log(`starters: ${starters.map((s) => s.id).join(', ')}`);

  const template = (await call('create_template', { starter_id: 'invoice' })).structuredContent;
  console.log(`created template ${template.id} ("${template.name}")`);

  const result = await call('generate_report', { template_id: template.id });
  const report = result.structuredContent;
  const file = result.content.find((block) => block.type === 'resource')?.resource;
  if (!file?.blob) throw new Error(`report ${report.report_id} came without its file: ${report.download_url}`);
  writeFileSync('report.pdf', Buffer.from(file.blob, 'base64'));
  console.log(`wrote report.pdf: ${report.pages} pages (report ${report.report_id})`);
} finally {
  await client.close();
}
