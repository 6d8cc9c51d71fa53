import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Quire } from '@quire/client';
import { renderReport } from '@quire/render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectInMemory } from './__fixtures__/mcp';
import { pdfPageTexts } from './__fixtures__/pdf-text';
import { TOOLS } from './tools/index';

/**
 * Every example an agent reads (tool descriptions, the descriptions of every input and output field, the prompt,
 * the resources, the server's instructions) is collected from what the server itself answers, and each Liquid or
 * HTML example in them is rendered to a real PDF and read back with pdftotext: every {{ output }} must print
 * something. An example that names a variable the engine does not provide ({{ page }} in a footer: the engine
 * gives page_number and page_count) prints nothing, and fails here.
 */

/** The data the examples are written against (the names the descriptions use), for examples that bring none. */
const EXAMPLE_DATA = {
  number: 'INV-1042',
  title: 'Quarterly report',
  total: 1200,
  company: { name: 'Acme Studio' },
  customer: { name: 'Ada Lovelace' },
  items: [{ name: 'Design', price: 1200 }],
};

/**
 * Texts whose {{ … }} are not template Liquid: a data source's URL or query placeholders (filled from
 * data_source_params, never rendered by the template engine).
 */
const NOT_TEMPLATE_TEXT = [/data_source_params$/];

interface Text {
  where: string;
  text: string;
}

interface Example {
  where: string;
  /** Rendered as the body, or (page numbers, header and footer fields) as the running footer and header. */
  template: { html: string; css?: string; header_html?: string; footer_html?: string };
  data: Record<string, unknown>;
}

/** Every `description` in a JSON Schema, with its path. */
function schemaTexts(schema: unknown, where: string): Text[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const texts: Text[] = [];
  const node = schema as Record<string, unknown>;
  if (typeof node.description === 'string') texts.push({ where, text: node.description });
  for (const [key, value] of Object.entries(node)) {
    if (key === 'description') continue;
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      for (const [name, property] of Object.entries(value)) texts.push(...schemaTexts(property, `${where}.${name}`));
    } else if (typeof value === 'object') {
      texts.push(...schemaTexts(value, where));
    }
  }
  return texts;
}

/** Everything the server tells an agent, as it answers it. */
async function collectTexts(client: Client): Promise<Text[]> {
  const texts: Text[] = [{ where: 'server instructions', text: client.getInstructions() ?? '' }];
  for (const tool of (await client.listTools()).tools) {
    texts.push({ where: `${tool.name} description`, text: tool.description ?? '' });
    texts.push(...schemaTexts(tool.inputSchema, `${tool.name} input`));
    texts.push(...schemaTexts(tool.outputSchema, `${tool.name} output`));
  }
  for (const prompt of (await client.listPrompts()).prompts) {
    texts.push({ where: `prompt ${prompt.name}`, text: prompt.description ?? '' });
    for (const argument of prompt.arguments ?? []) {
      texts.push({ where: `prompt ${prompt.name} ${argument.name}`, text: argument.description ?? '' });
    }
    for (const kind of ['document', 'email']) {
      const got = await client.getPrompt({ name: prompt.name, arguments: { purpose: 'an invoice', kind } });
      for (const message of got.messages) {
        if (message.content.type === 'text') {
          texts.push({ where: `prompt ${prompt.name} (${kind}) message`, text: message.content.text });
        }
      }
    }
  }
  for (const resource of (await client.listResourceTemplates()).resourceTemplates) {
    texts.push({ where: `resource ${resource.uriTemplate}`, text: resource.description ?? '' });
  }
  return texts;
}

/** The end of the JSON value starting at `start` (a `{`), strings and nesting respected; -1 if it does not end. */
function jsonEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

const PAGE_VARIABLES = /\bpage_(number|count)\b/;
const ABOUT_RUNNING_PARTS = /header_html|footer_html/;

/** Places a snippet where it belongs: page numbers and header or footer texts run in the footer and header. */
function exampleOf(where: string, snippet: string): Example {
  if (PAGE_VARIABLES.test(snippet) || ABOUT_RUNNING_PARTS.test(where)) {
    return {
      where,
      template: { html: '<p>Body</p>', header_html: snippet, footer_html: snippet },
      data: EXAMPLE_DATA,
    };
  }
  return { where, template: { html: snippet }, data: EXAMPLE_DATA };
}

/** The calls in "Example: tool { …json… }", and the Liquid and HTML snippets of the rest of each text. */
function collectExamples(texts: Text[]): {
  examples: Example[];
  calls: { where: string; tool: string; args: unknown }[];
} {
  const examples: Example[] = [];
  const calls: { where: string; tool: string; args: unknown }[] = [];
  for (const { where, text: original } of texts) {
    if (NOT_TEMPLATE_TEXT.some((pattern) => pattern.test(where))) continue;
    let text = original;
    // Tool calls: their JSON arguments, whose templates render with their own sample data.
    for (const match of original.matchAll(/Example: (\w+) (?=\{)/g)) {
      const start = (match.index ?? 0) + match[0].length;
      const end = jsonEnd(original, start);
      const json = end === -1 ? '' : original.slice(start, end);
      let args: unknown;
      try {
        args = JSON.parse(json);
      } catch {
        args = { unparsable: json || original.slice(start, start + 80) };
      }
      calls.push({ where, tool: match[1] ?? '', args });
      text = text.replace(json, ' ');
      const a = args as Record<string, unknown>;
      if (typeof a.html === 'string' || typeof a.header_html === 'string' || typeof a.footer_html === 'string') {
        examples.push({
          where: `${where} (${match[1]} call)`,
          template: {
            html: typeof a.html === 'string' ? a.html : '<p>Body</p>',
            ...(typeof a.css === 'string' ? { css: a.css } : {}),
            ...(typeof a.header_html === 'string' ? { header_html: a.header_html } : {}),
            ...(typeof a.footer_html === 'string' ? { footer_html: a.footer_html } : {}),
          },
          data: (a.sample_data ?? a.data ?? EXAMPLE_DATA) as Record<string, unknown>,
        });
      }
    }
    // HTML elements that hold Liquid, then Liquid blocks, then lone outputs and tags.
    for (const pattern of [
      /<([a-z][a-z0-9]*)\b[^<>]*>(?:(?!<\/\1>)[\s\S])*?(?:\{\{|\{%)[\s\S]*?<\/\1>/gi,
      /\{%-?\s*(for|if|unless|case|capture)\b[\s\S]*?\{%-?\s*end\1\s*-?%\}/g,
      /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g,
    ]) {
      for (const match of text.matchAll(pattern)) examples.push(exampleOf(where, match[0]));
      text = text.replace(pattern, ' ');
    }
  }
  return { examples, calls };
}

/** Wraps every {{ output }} outside an HTML tag in [[ ]], so that what it printed can be found in the PDF. */
function markOutputs(source: string): string {
  return source.replace(/<[^<>]*>|\{\{[\s\S]*?\}\}/g, (token) => (token.startsWith('{{') ? `[[${token}]]` : token));
}

const outputsIn = (source: string | undefined) => (source?.match(/\{\{[\s\S]*?\}\}/g) ?? []).length;

let mcp: { client: Client; close(): Promise<void> };
let texts: Text[];
let collected: ReturnType<typeof collectExamples>;

beforeAll(async () => {
  // Listing tools, prompts and resource templates calls no API: a client that reaches nothing will do.
  mcp = await connectInMemory(new Quire({ apiKey: 'qk_live_examples', baseUrl: 'http://127.0.0.1:9', maxRetries: 0 }));
  texts = await collectTexts(mcp.client);
  collected = collectExamples(texts);
});

afterAll(async () => {
  await mcp?.close();
});

describe('the examples agents read', () => {
  it('are collected from every tool, field, prompt and resource the server answers', () => {
    const wheres = texts.map((t) => t.where);
    for (const tool of TOOLS) expect(wheres, tool.name).toContain(`${tool.name} description`);
    expect(wheres).toContain('create_template input.footer_html');
    expect(wheres).toContain('get_template output.header_html');
    expect(wheres).toContain('prompt design_report_template (document) message');
    expect(wheres).toContain('resource quire://templates/{id}');
    const from = new Set(collected.examples.map((e) => e.where.split(' ')[0]));
    for (const tool of ['create_template', 'update_template', 'get_template']) {
      expect(from, tool).toContain(tool);
    }
    expect(from).toContain('prompt');
    expect(collected.examples.length).toBeGreaterThan(15);
    // Every tool's description holds a call example.
    for (const tool of TOOLS)
      expect(
        collected.calls.map((c) => c.tool),
        tool.name,
      ).toContain(tool.name);
  });

  it('show calls whose arguments are JSON that the tool accepts', () => {
    for (const call of collected.calls) {
      const tool = TOOLS.find((t) => t.name === call.tool);
      expect(tool, `${call.where}: no tool ${call.tool}`).toBeDefined();
      const parsed = z.object(tool?.input ?? {}).safeParse(call.args);
      expect(parsed.success, `${call.where}: ${JSON.stringify(call.args)} ${parsed.error?.message ?? ''}`).toBe(true);
    }
  });

  it('render to PDFs in which every {{ output }} printed something', async () => {
    expect(Object.keys(EXAMPLE_DATA)).not.toContain('page');
    const failures: string[] = [];
    for (const example of collected.examples) {
      const { template } = example;
      const marked = {
        html: markOutputs(template.html),
        ...(template.css ? { css: template.css } : {}),
        ...(template.header_html ? { header_html: markOutputs(template.header_html) } : {}),
        ...(template.footer_html ? { footer_html: markOutputs(template.footer_html) } : {}),
      };
      const label = `${example.where}: ${JSON.stringify(template)}`;
      let text: string;
      try {
        const result = await renderReport({ template: marked, data: example.data, format: 'pdf' });
        text = (await pdfPageTexts(result.bytes)).join('\n');
      } catch (error) {
        failures.push(`${label} does not render: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      const printed = [...text.matchAll(/\[\[([\s\S]*?)\]\]/g)].map((m) => (m[1] ?? '').trim());
      const outputs = outputsIn(template.html) + outputsIn(template.header_html) + outputsIn(template.footer_html);
      if (outputs > 0 && printed.length === 0) failures.push(`${label} printed none of its outputs`);
      if (printed.some((value) => value === '')) failures.push(`${label} printed an empty output: ${text.trim()}`);
    }
    expect(failures).toEqual([]);
  });

  it('number pages in the footer as the engine does: "Page 1 of 1", "Page 2 of 2"', async () => {
    const footers = collected.examples.filter((e) => PAGE_VARIABLES.test(e.template.footer_html ?? ''));
    expect(footers.map((e) => e.where)).toEqual(
      expect.arrayContaining([
        'create_template input.footer_html',
        'update_template input.footer_html',
        'get_template output.footer_html',
      ]),
    );
    const footer = footers.find((e) => e.where === 'create_template input.footer_html')?.template.footer_html ?? '';
    expect(footer).toBe('<p>Page {{ page_number }} of {{ page_count }}</p>');
    const one = await renderReport({ template: { html: '<p>Body</p>', footer_html: footer }, data: {}, format: 'pdf' });
    expect((await pdfPageTexts(one.bytes))[0]).toContain('Page 1 of 1');
    const two = await renderReport({
      template: { html: '<p>One</p><div style="break-before: page">Two</div>', footer_html: footer },
      data: {},
      format: 'pdf',
    });
    const pages = await pdfPageTexts(two.bytes);
    expect(pages).toHaveLength(2);
    expect(pages[1]).toContain('Page 2 of 2');
  });

  it('would catch {{ page }} and {{ pages }}, which the engine does not provide', async () => {
    const wrong = exampleOf('footer_html', '<p>Page {{ page }} of {{ pages }}</p>');
    const result = await renderReport({
      template: { html: '<p>Body</p>', footer_html: markOutputs(wrong.template.footer_html ?? '') },
      data: wrong.data,
      format: 'pdf',
    });
    const text = (await pdfPageTexts(result.bytes)).join('\n');
    expect(text).toContain('Page [[]] of [[]]');
  });
});
