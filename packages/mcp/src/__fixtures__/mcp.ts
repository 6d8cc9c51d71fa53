import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Quire } from '@quire/client';
import { type CreateServerOptions, createServer } from '../server';

/** An SDK client connected in memory to a server made by createServer for a Quire client. */
export async function connectInMemory(
  quire: Quire,
  options: Omit<CreateServerOptions, 'client'> = {},
): Promise<{ client: Client; close(): Promise<void> }> {
  const server = createServer({ client: quire, ...options });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'quire-mcp-tests', version: '0.0.0' });
  await client.connect(clientSide);
  return {
    client,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

/** The Quire client of a test account: its API key, against the running service. */
export const quireFor = (url: string, apiKey: string): Quire => new Quire({ apiKey, baseUrl: url, maxRetries: 0 });

/** The text of a tool result's first block. */
export function textOf(result: unknown): string {
  const first = (result as CallToolResult).content[0];
  return first?.type === 'text' ? first.text : '';
}

/** A tool result's structured content, typed loosely for assertions. */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape.
export const structured = (result: unknown): any => (result as CallToolResult).structuredContent;
