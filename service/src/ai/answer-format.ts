import type { PageSetupInput } from '@quire/core';

/**
 * How every provider answers (the system prompt teaches it to models; the offline provider writes it itself):
 *
 *   One or two sentences for the user.
 *
 *   ```html
 *   <the template's HTML with Liquid>
 *   ```
 *   ```css
 *   <its CSS, optional>
 *   ```
 *   ```json
 *   {"name": "...", "page": {...}, "sample_data": {...}}   (sample_data required when the request gave no data)
 *   ```
 *
 * Models do not always keep to it: parseAnswer tolerates other fence languages, missing fences, prose around the
 * code and an unclosed last fence.
 */
export interface AnswerParts {
  reply: string;
  html: string;
  css?: string;
  name?: string;
  page?: PageSetupInput;
  sampleData?: Record<string, unknown>;
}

export function formatAnswer(parts: AnswerParts): string {
  const blocks = [parts.reply.trim(), '', '```html', parts.html.trim(), '```'];
  if (parts.css?.trim()) blocks.push('```css', parts.css.trim(), '```');
  const meta: Record<string, unknown> = {};
  if (parts.name) meta.name = parts.name;
  if (parts.page) meta.page = parts.page;
  if (parts.sampleData) meta.sample_data = parts.sampleData;
  if (Object.keys(meta).length > 0) blocks.push('```json', JSON.stringify(meta, null, 2), '```');
  return `${blocks.join('\n')}\n`;
}

export interface ParsedAnswer {
  reply: string;
  /** Undefined when the answer holds no template at all. */
  html: string | undefined;
  css: string | undefined;
  name: string | undefined;
  page: PageSetupInput | undefined;
  sampleData: Record<string, unknown> | undefined;
  /** What was odd about the answer (for the result's report of what was checked). */
  notes: string[];
}

interface Fence {
  lang: string;
  body: string;
  start: number;
  end: number;
}

function fencesOf(text: string): Fence[] {
  const fences: Fence[] = [];
  const pattern = /```[ \t]*([\w+-]*)[^\n]*\n([\s\S]*?)(?:```|$)/g;
  for (const match of text.matchAll(pattern)) {
    fences.push({
      lang: (match[1] ?? '').toLowerCase(),
      body: match[2] ?? '',
      start: match.index ?? 0,
      end: (match.index ?? 0) + match[0].length,
    });
  }
  return fences;
}

const HTML_LANGS = new Set(['html', 'htm', 'liquid', 'xml', 'jinja', 'handlebars', 'mjml']);

export function parseAnswer(text: string): ParsedAnswer {
  const notes: string[] = [];
  const fences = fencesOf(text);
  let html = fences.find((f) => HTML_LANGS.has(f.lang))?.body;
  if (html === undefined) {
    const markup = fences
      .filter((f) => f.lang === '' && /<\w/.test(f.body))
      .sort((a, b) => b.body.length - a.body.length)[0];
    if (markup) {
      html = markup.body;
      notes.push('The template came in a code block without a language.');
    }
  }
  if (html === undefined && fences.length === 0) {
    // No fences at all: the markup itself, from its first tag to its last.
    const first = text.search(/<(!doctype|html|head|body|div|section|table|h[1-6]|p|header|main|mjml|style)\b/i);
    const last = text.lastIndexOf('>');
    if (first >= 0 && last > first) {
      html = text.slice(first, last + 1);
      notes.push('The template came without a code block.');
    }
  }
  const css = fences.find((f) => f.lang === 'css')?.body;
  let name: string | undefined;
  let page: PageSetupInput | undefined;
  let sampleData: Record<string, unknown> | undefined;
  const json = fences.find((f) => f.lang === 'json');
  if (json) {
    try {
      const meta = JSON.parse(json.body) as Record<string, unknown>;
      if (typeof meta.name === 'string') name = meta.name;
      if (meta.page && typeof meta.page === 'object') page = meta.page as PageSetupInput;
      if (meta.sample_data && typeof meta.sample_data === 'object' && !Array.isArray(meta.sample_data)) {
        sampleData = meta.sample_data as Record<string, unknown>;
      } else if (meta.sample_data !== undefined && meta.sample_data !== null) {
        notes.push('The sample_data in the JSON block is not an object and was ignored.');
      }
    } catch {
      notes.push('The JSON block could not be read and was ignored.');
    }
  }
  // The reply is the prose outside the code blocks.
  let reply = text;
  for (const fence of [...fences].reverse()) reply = reply.slice(0, fence.start) + reply.slice(fence.end);
  if (html !== undefined && fences.length === 0) reply = reply.replace(html, '');
  reply = reply.replace(/\n{3,}/g, '\n\n').trim();
  return { reply, html: html?.trim(), css: css?.trim(), name, page, sampleData, notes };
}
