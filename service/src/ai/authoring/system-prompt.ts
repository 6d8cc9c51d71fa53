import {
  type JsonSchemaDocument,
  PageSetup,
  type PageSetupInput,
  pageDimensions,
  type TemplateContent,
  type TemplateKind,
} from '@quire/core';
import type { AiMessage } from '../provider';
import { excerpt } from './data';

/**
 * Quire's dialect, taught to models: what the engine draws (packages/render/README.md), the Liquid of core's
 * engine (packages/core/src/liquid/engine.ts), Quire's own elements, and the answer format of answer-format.ts.
 * A test checks that every filter the engine registers is named here.
 */
const DIALECT = `You write report templates for Quire. A template is HTML (MJML for emails) with Liquid, and CSS.
Quire renders documents to PDF with its own engine, not a browser: only the HTML and CSS listed here are drawn;
anything else is ignored.

## How to answer
One or two sentences for the user (what you made or changed), then the whole template in fenced blocks:

\`\`\`html
<the body: HTML with Liquid; no <html>, <head> or <body> needed>
\`\`\`
\`\`\`css
<the CSS (optional)>
\`\`\`
\`\`\`json
{"name": "A short template name", "page": {"size": "A4", "orientation": "portrait", "margins": {"top": 20, "right": 18, "bottom": 20, "left": 18}}, "header_html": "", "footer_html": "<p class=\\"foot\\">Page {{ page_number }} of {{ page_count }}</p>", "sample_data": {}}
\`\`\`
The json block is optional; every key in it is optional. Always answer with the complete template, never a diff.

## Liquid
Output \`{{ customer.name }}\` (escaped unless its last filter is \`raw\`). Tags: assign, capture, if/elsif/else,
unless, case/when, for (limit, offset, reversed, forloop.index, forloop.first, forloop.last), tablerow, cycle,
increment, decrement, break, continue, comment, raw, echo, liquid. There are no files: no include or render.
An unknown filter is an error. Filters apply to output and assign, not to a for collection: assign first.
Quire's filters:
- money: currency?, locale? ({{ 1234.5 | money: "EUR", "de-DE" }}); number: decimals?, locale?; percent: decimals?, locale?
- date: format?, time_zone?, locale? (strftime such as "%-d %B %Y", or short, medium, long, full, time, datetime, iso)
- default: value; json: indent?; titlecase; truncate: length, ellipsis?
- sum, avg, min, max: property?; sort_by: property, "asc"|"desc"; group_by: property (gives [{ name, items, size }]);
  where: property, value?
- qr: size?, level? and barcode: type?, height? (they write the elements below)
LiquidJS's standard filters: abs, append, array_to_sentence_string, at_least, at_most, base64_decode, base64_encode,
capitalize, ceil, cgi_escape, compact, concat, date_to_long_string, date_to_rfc822, date_to_string,
date_to_xmlschema, divided_by, downcase, escape, escape_once, find, find_exp, find_index, find_index_exp, first,
floor, group_by_exp, has, has_exp, hmac_sha256, inspect, join, jsonify, last, lstrip, map, minus, modulo,
newline_to_br, normalize_whitespace, number_of_words, plus, pop, prepend, push, raw, reject, reject_exp, remove,
remove_first, remove_last, replace, replace_first, replace_last, reverse, round, rstrip, sample, sha256, shift,
size, slice, slugify, sort, sort_natural, split, squish, strip, strip_html, strip_newlines, times, to_integer,
truncatewords, uniq, unshift, upcase, uri_escape, url_decode, url_encode, where_exp, xml_escape.
money, number and percent take numbers or numeric text and print nothing for a blank value.

## HTML
Elements: h1-h6, p, div, section, article, header, footer, main, aside, nav, address, figure, figcaption,
blockquote, pre, code, span, a (live links), strong, b, em, i, u, s, del, small, sub, sup, mark, br, hr, ul, ol,
li, dl, dt, dd, table with caption, colgroup, col, thead, tbody, tfoot, tr, th, td (colspan, rowspan, width, align),
img, and inline svg (draw logos, icons and charts as SVG). Quire's own elements:
  <qr-code value="{{ invoice.payment_url }}" size="96" level="M"></qr-code>
  <bar-code type="code128" value="{{ order.number }}" height="40"></bar-code>
Barcode types: code128 (up to 80 ASCII characters), code39, ean13 (12 or 13 digits), ean8, upca, itf14.
Never use script, iframe, object, embed, link, forms, video, canvas, event handlers (onclick...) or javascript: links:
they are removed. Nothing is fetched from the network: no remote images, fonts or style sheets (they are removed).
An image must be an inline SVG or a data: URL; do not invent image URLs.
A table's thead repeats on every page; rows are not split across pages.

## CSS
<style> blocks, the css block and style="" attributes, with the cascade. Selectors: tag, .class, #id, a b, a > b,
a + b, a ~ b, [attr], [attr="x"], :nth-child(), :first-child, :last-child, :not(), :is(), :where(), :empty.
Units: px, pt, mm, cm, in, em, rem, %. Colours: names, #hex, rgb(), rgba(), hsl().
Properties: font-family, font-size, font-weight, font-style, color, background-color (background), text-align,
line-height, letter-spacing, text-decoration, text-transform, text-indent, white-space, direction,
vertical-align, margin, padding, border (and sides), width, max-width, height (images and SVG), display (block,
none, flex: a flex row becomes columns), flex, flex-grow, flex-basis, gap, justify-content, flex-direction,
list-style-type, break-before, break-after, break-inside (avoid keeps a block on one page), page-break-*,
::before/::after with content (strings, attr(), counter(), counters(), quotes), counter-reset, counter-increment.
position (relative, absolute, fixed: on every page), display: grid with grid-template-columns/areas, gap.
float (left, right) with clear; text wraps around floats; overflow: hidden or display: flow-root holds its floats.
@font-face with a data: URI src (woff, woff2, ttf, otf). Not drawn: transforms, shadows, ::first-line, :hover,
@font-face from URLs, @import, @media screen.
Fonts: sans-serif (Noto Sans), serif (Noto Serif), monospace (Noto Sans Mono); Latin, Greek, Cyrillic, Arabic and
Hebrew are drawn, and emoji in monochrome; Chinese, Japanese and Korean where @quire/fonts-cjk is installed.

## Pages
The page setup (size A4, Letter, Legal or custom millimetres, orientation, margins in mm) goes in the json block.
header_html and footer_html run on every page with the data and page_number and page_count.
Keep everything within the printable width: give tables width: 100% and columns percentages, never fixed widths
that add up to more than the page.

## Robust templates
The data varies. Your template is rendered with the sample data and also with every list empty (say so: "No
items"), lists of 300 rows (tables must flow over pages: no fixed heights, no break-inside: avoid around a
list), text 500 characters long with and without spaces, optional fields missing (use default or if), and
Greek, Cyrillic and Arabic text. Use only fields that exist in the data; do not invent any.`;

const EMAIL = `This template is an email: write MJML with Liquid (<mjml><mj-head>…</mj-head><mj-body> with mj-section,
mj-column, mj-text, mj-button, mj-table, mj-image, mj-divider, mj-spacer; styles in mj-style or mj-attributes).
There are no pages: leave page, header_html and footer_html out. Keep it 600px wide.`;

export function systemPrompt(kind: TemplateKind): string {
  return kind === 'email' ? `${DIALECT}\n\n${EMAIL}` : DIALECT;
}

/** What the user's own words may fill: prompts and thread messages are bounded by the API (4,000 characters). */
const SCHEMA_CHARS = 8_000;
const SAMPLE_CHARS = 4_000;
/** Earlier turns of a thread shown to the model: the newest ones, each cut, within a total. */
const HISTORY_TURNS = 12;
const HISTORY_TURN_CHARS = 1_500;
const HISTORY_CHARS = 10_000;

function describePage(input: PageSetupInput | undefined): string {
  const parsed = PageSetup.safeParse(input ?? {});
  const page = parsed.success ? parsed.data : PageSetup.parse({});
  const { width_mm, height_mm } = pageDimensions(page);
  const m = page.margins;
  const printable = Math.round((width_mm - m.left - m.right) * 10) / 10;
  return (
    `${page.size === 'custom' ? 'custom' : page.size} ${page.orientation}, ${width_mm} × ${height_mm} mm, margins ` +
    `${m.top}/${m.right}/${m.bottom}/${m.left} mm (top/right/bottom/left): the printable width is ${printable} mm.`
  );
}

function describeData(schema: JsonSchemaDocument | undefined, sample: Record<string, unknown> | undefined): string {
  const parts: string[] = [];
  if (schema) parts.push(`The data's JSON Schema:\n\`\`\`json\n${excerpt(schema, SCHEMA_CHARS)}\n\`\`\``);
  if (sample) parts.push(`An excerpt of the data:\n\`\`\`json\n${excerpt(sample, SAMPLE_CHARS)}\n\`\`\``);
  return parts.join('\n\n');
}

/** The template as the model is shown it: the same fenced blocks it answers with. */
export function describeTemplate(content: TemplateContent): string {
  const blocks = [`\`\`\`html\n${content.html}\n\`\`\``];
  if (content.css.trim()) blocks.push(`\`\`\`css\n${content.css}\n\`\`\``);
  const meta: Record<string, unknown> = { name: content.name };
  if (content.kind === 'document') meta.page = content.page;
  if (content.header_html) meta.header_html = content.header_html;
  if (content.footer_html) meta.footer_html = content.footer_html;
  blocks.push(`\`\`\`json\n${JSON.stringify(meta, null, 2)}\n\`\`\``);
  return blocks.join('\n');
}

export interface GenerateInput {
  prompt: string;
  kind: TemplateKind;
  page?: PageSetupInput | undefined;
  name?: string | undefined;
  /** Undefined when the request gave no data: the model proposes it (and its sample data). */
  schema: JsonSchemaDocument | undefined;
  sample: Record<string, unknown> | undefined;
}

export function generateMessages(input: GenerateInput): AiMessage[] {
  const lines = [`Write a new ${input.kind === 'email' ? 'email' : 'document'} template: ${input.prompt}`];
  if (input.name) lines.push(`Name it "${input.name}".`);
  if (input.kind === 'document') lines.push(`The page: ${describePage(input.page)}`);
  lines.push(
    input.schema || input.sample
      ? describeData(input.schema, input.sample)
      : 'No data was given: choose the variables the document needs (snake_case names) and give realistic ' +
          'sample data for every one of them in the json block as "sample_data".',
  );
  return [
    { role: 'system', content: systemPrompt(input.kind) },
    { role: 'user', content: lines.join('\n\n') },
  ];
}

/** The thread's newest turns that fit, oldest first, each cut to a length. */
export function boundedHistory(history: AiMessage[]): AiMessage[] {
  const kept: AiMessage[] = [];
  let total = 0;
  for (const turn of history.slice(-HISTORY_TURNS).reverse()) {
    const content =
      turn.content.length > HISTORY_TURN_CHARS ? `${turn.content.slice(0, HISTORY_TURN_CHARS)}…` : turn.content;
    if (total + content.length > HISTORY_CHARS) break;
    total += content.length;
    kept.unshift({ role: turn.role, content });
  }
  return kept;
}

export interface RefineInput {
  instruction: string;
  current: TemplateContent;
  schema: JsonSchemaDocument | undefined;
  sample: Record<string, unknown>;
  /** Earlier turns, oldest first (already bounded). */
  history: AiMessage[];
}

export function refineMessages(input: RefineInput): AiMessage[] {
  const context = [
    'The template as it is now:',
    describeTemplate(input.current),
    input.current.kind === 'document' ? `The page: ${describePage(input.current.page)}` : '',
    describeData(input.schema, input.sample),
    'New fields the change needs go into sample_data in the json block, with realistic values.',
    `Change the template as asked, and answer with the whole new version: ${input.instruction}`,
  ].filter(Boolean);
  return [
    { role: 'system', content: systemPrompt(input.current.kind) },
    ...input.history,
    { role: 'user', content: context.join('\n\n') },
  ];
}

/**
 * A repair turn: the conversation so far (the request and the model's answer) and what the checks found, so the
 * model fixes its own answer rather than starting again.
 */
export function repairMessages(previous: AiMessage[], answer: string, problems: string[]): AiMessage[] {
  const request = [
    'Quire checked that template and found problems. Fix them and answer with the whole corrected template, in',
    'the same format:',
    ...problems.map((problem) => `- ${problem}`),
  ].join('\n');
  return [...previous, { role: 'assistant', content: answer }, { role: 'user', content: request }];
}
