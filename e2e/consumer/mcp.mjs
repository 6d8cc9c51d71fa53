// Run by e2e/packages.ts in a fresh project where @quire/mcp and the MCP SDK were installed with npm: an MCP client
// starts `npx @quire/mcp` and speaks to it over stdio, as Claude Desktop, Cursor or VS Code would.
// Usage: node mcp.mjs <template id>   (QUIRE_API_KEY and QUIRE_BASE_URL reach the server through the environment)
import { writeFile } from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const templateId = process.argv[2];
if (!templateId) throw new Error('usage: node mcp.mjs <template id>');

const transport = new StdioClientTransport({
  command: 'npx',
  args: ['@quire/mcp'],
  env: { ...process.env },
  stderr: 'pipe',
});
let serverLog = '';
transport.stderr?.on('data', (chunk) => {
  serverLog += chunk;
});
const client = new Client({ name: 'quire-e2e', version: '0.0.0' });
const protocolErrors = [];
client.onerror = (error) => protocolErrors.push(error);

try {
  await client.connect(transport); // initialize
  const server = client.getServerVersion();
  console.log(`initialized: ${server?.name} ${server?.version}`);

  const { tools } = await client.listTools();
  const names = tools.map((tool) => tool.name);
  console.log(`tools: ${names.join(', ')}`);
  if (!names.includes('generate_report')) throw new Error('tools/list has no generate_report');

  const result = await client.callTool({ name: 'generate_report', arguments: { template_id: templateId } });
  if (result.isError) throw new Error(`generate_report failed: ${JSON.stringify(result.content)}`);
  const report = result.structuredContent;
  if (report?.status !== 'succeeded' || report.embedded !== true || report.format !== 'pdf') {
    throw new Error(`unexpected generate_report result: ${JSON.stringify(report)}`);
  }
  const resource = result.content.find((block) => block.type === 'resource')?.resource;
  if (resource?.mimeType !== 'application/pdf' || !resource.blob) throw new Error('no embedded PDF in the result');
  const pdf = Buffer.from(resource.blob, 'base64');
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('the embedded file is not a PDF');
  await writeFile('mcp.pdf', pdf);
  console.log(JSON.stringify({ report_id: report.report_id, pages: report.pages, uri: resource.uri }));
  if (protocolErrors.length > 0) throw new Error(`protocol errors: ${protocolErrors.join('; ')}`);
} catch (error) {
  console.error(`server stderr:\n${serverLog}`);
  throw error;
} finally {
  await client.close();
}
