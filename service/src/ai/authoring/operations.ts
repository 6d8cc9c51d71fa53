import type { ErrorCode } from '@quire/core';
import { type Entry, IDEMPOTENCY_ERRORS, IDEMPOTENCY_KEY_HEADER, TEAM } from '../../openapi/operation-types';
import { jsonSchemaOf } from '../../openapi/schemas';
import { GenerateBody, MessageBody, ThreadListQuery } from './bodies';
import { AiGeneration, AiMessageList, AiTurn } from './responses';

/**
 * The AI routes for the OpenAPI document. Their tag, 'AI', is not in openapi/operation-types.ts's TAGS yet: once
 * it is, an AiEntry is an Entry and the list goes into the table as it is.
 */
export type AiEntry = Omit<Entry, 'tag'> & { tag: 'AI' };

/** The acting team and the role, and for an API key the key itself and the month's API calls it counts against. */
const CALLER: readonly ErrorCode[] = [...TEAM, 'invalid_api_key', 'plan_limit_exceeded'];
/** What asking the model can end in, once the request is taken (each gives the AI request back). */
const ASKING: readonly ErrorCode[] = [
  'plan_feature_unavailable',
  'provider_unavailable',
  'ai_timeout',
  'ai_answer_unusable',
];
const COMMON = { tag: 'AI', security: ['bearer', 'apiKey'], teamScoped: true } as const;

const STREAM =
  'With `Accept: text/event-stream`, the answer is a stream of server-sent events instead: `progress` ' +
  '(`{ stage: "writing" | "checking" | "repairing" | "done" | "error", round, reasons? }`), `delta` (`{ round, ' +
  'text }`: the model’s answer as it is written), then `done` with this JSON answer, or `error` with the error ' +
  'envelope. Requests refused before the model is asked (validation, permissions, limits) answer JSON errors as ' +
  'usual. A stream is never replayed by Idempotency-Key.';

const REPORT = {
  provider: 'gemini',
  model: 'gemini-2.5-flash',
  rounds: [
    {
      round: 1,
      task: 'generate',
      problems: ["A table's columns add up to 680.32pt, wider than the 493.23pt available [content_overflow]"],
    },
    { round: 2, task: 'repair', problems: [] },
  ],
  kept_round: 2,
  checked: [
    { check: 'answer', description: 'A template was found in the answer', ok: true, findings: [] },
    { check: 'sanitise', description: 'Scripts, event handlers and remote URLs removed', ok: false, findings: [] },
    {
      check: 'liquid_syntax',
      description: 'The Liquid of the body, header and footer parses',
      ok: true,
      findings: [],
    },
    { check: 'render', data_set: 'sample', description: 'The sample data', ok: true, pages: 1, findings: [] },
    { check: 'render', data_set: 'empty_lists', description: 'Every list empty', ok: true, pages: 1, findings: [] },
    {
      check: 'render',
      data_set: 'long_lists',
      description: 'Every list of rows with 300 rows',
      ok: true,
      pages: 9,
      findings: [],
    },
    {
      check: 'render',
      data_set: 'cjk',
      description: 'Free text in Chinese, Japanese and Korean',
      ok: true,
      pages: 1,
      findings: [
        {
          code: 'missing_glyphs',
          severity: 'error',
          message: 'No registered font can draw 你 好; register a font that covers them',
          serious: false,
          known_limitation: true,
        },
      ],
    },
  ],
  remaining: [
    {
      code: 'missing_glyphs',
      severity: 'error',
      message: 'No registered font can draw 你 好; register a font that covers them',
      serious: false,
      known_limitation: true,
      data_sets: ['cjk'],
    },
  ],
  sanitised: [{ part: 'html', what: 'remote_url', detail: 'https://example.com/logo.png' }],
  notes: [
    'Chinese, Japanese and Korean text is reported as missing glyphs: this server has no CJK font. Install ' +
      '@quire/fonts-cjk beside it to print CJK text; it is a known limitation, not a fault of the template.',
  ],
};

const TEMPLATE = {
  id: 'tpl_Jx3kP0aQ7mN2vR8s',
  team_id: 'team_4bY8cD1eF2gH3iJ5',
  name: 'Consulting invoice',
  description: 'An invoice for consulting work with a line per item and the total',
  kind: 'document',
  html: '<h1>Invoice {{ invoice.number }}</h1>\n<table class="items">…</table>',
  css: 'h1 { color: #1f4e79; }\n.items { width: 100%; }',
  header_html: '',
  footer_html: '<p class="foot">Page {{ page_number }} of {{ page_count }}</p>',
  page: { size: 'A4', orientation: 'portrait', margins: { top: 20, right: 18, bottom: 20, left: 18 } },
  sample_data: { invoice: { number: 'INV-0042', items: [{ description: 'Workshop', amount: 1200 }] } },
  data_schema: null,
  validate_data: false,
  tags: ['ai-generated'],
  published_version: 1,
  latest_version: 1,
  created_at: '2026-03-14T09:30:00.000Z',
  updated_at: '2026-03-14T09:30:00.000Z',
};

const ASSISTANT = {
  id: 'msg_pQ3rS4tU5vW6xY7z',
  object: 'ai_message',
  template_id: TEMPLATE.id,
  role: 'assistant',
  content: 'I made the header navy and moved the total under the table.',
  version: 2,
  report: { ...REPORT, rounds: [{ round: 1, task: 'refine', problems: [] }], kept_round: 1 },
  created_by: null,
  created_at: '2026-03-14T09:41:07.000Z',
};
const USER = {
  id: 'msg_aB1cD2eF3gH4iJ5k',
  object: 'ai_message',
  template_id: TEMPLATE.id,
  role: 'user',
  content: 'Make the header navy and put the total under the table',
  version: null,
  report: null,
  created_by: 'usr_9aB8cD7eF6gH5iJ4',
  created_at: '2026-03-14T09:41:02.000Z',
};

/** POST /v1/ai/templates and GET, POST /v1/templates/{id}/messages. */
export const AI_OPERATIONS: AiEntry[] = [
  {
    ...COMMON,
    operationId: 'generateTemplate',
    method: 'POST',
    path: '/v1/ai/templates',
    summary: 'Generate a template with AI',
    description:
      'Writes a template from a sentence and, when you have it, the data it is for: at most one of `data_sample` ' +
      '(at most 1 MB), `data_source_id` (with its `params`) or `schema`; without any, the model proposes the ' +
      'data and its sample itself. The answer is verified before it is saved: extracted ' +
      'from the model’s prose, sanitised (scripts, event handlers and remote URLs removed), parsed, rendered with ' +
      'the sample data and edge cases (empty lists, 300-row lists, 500-character text, missing optional fields, ' +
      'Greek, Cyrillic, Arabic and CJK text) and checked, and checked against what the prompt asks for (its ' +
      'fields, lists and their columns, totals, page size, QR code or barcode of a named value, signature, logo, ' +
      'page numbers, the labels’ language: the report’s `intent` item, findings `intent_*`); serious findings go ' +
      'back to the model, at most 3 times, and what the kept answer still lacks is named in the reply ("Not done: ' +
      '..."). ' +
      'The template is created with version 1 published and the tag `ai-generated`; the report says what was ' +
      'checked and what remains. Needs ai:use and templates:write; counts as one of the month’s AI requests ' +
      '(given back when nothing was made) and against the plan’s templates. ' +
      STREAM,
    body: GenerateBody,
    bodyExample: {
      prompt: 'An invoice for consulting work with a line per item, the total and a QR code to pay online',
      kind: 'document',
      data_sample: {
        invoice: { number: 'INV-0042', pay_url: 'https://pay.example.com/i/42' },
        items: [{ description: 'Workshop', amount: 1200 }],
      },
    },
    headers: [IDEMPOTENCY_KEY_HEADER],
    success: {
      status: 201,
      description: 'The new template (its URL in `Location`), the AI’s reply and the report.',
      schema: AiGeneration,
      example: {
        object: 'ai_generation',
        template: TEMPLATE,
        reply: 'Here is your consulting invoice.',
        report: REPORT,
      },
      alternatives: { 'text/event-stream': 'Server-sent events, when Accept asks for them (see the description).' },
    },
    errors: [
      ...CALLER,
      'validation_failed',
      'data_source_not_found',
      'data_source_error',
      'data_source_timeout',
      'outbound_blocked',
      ...ASKING,
      ...IDEMPOTENCY_ERRORS,
    ],
  },
  {
    ...COMMON,
    operationId: 'sendTemplateMessage',
    method: 'POST',
    path: '/v1/templates/{id}/messages',
    summary: 'Ask the AI to change a template',
    description:
      'A turn of the template’s conversation: the model sees the latest version, the data’s schema and the ' +
      'thread, and answers with a new version and a short reply, verified and repaired as a generation is. The ' +
      'version is published, unless serious findings remain (then it is a draft and `published` is false). What ' +
      'the message asks that can be checked (columns added, removed or renamed, a QR code, barcode, logo, ' +
      'signature or page numbers added or removed, sections, page size and orientation, the labels’ language, ' +
      'the title) is checked on the answer like a generation’s request; what the kept answer still lacks is in ' +
      'the report (`intent`) and named in the reply ("Not done: ..."). An answer that changes nothing (the same ' +
      'html, css, header, footer, page and sample data) saves no version: the answer is 200 with `changed: false` ' +
      'and the reply says so. Undo a turn by restoring the version before it. Needs ai:use and templates:write; ' +
      'counts as one of the month’s AI requests. ' +
      STREAM,
    params: { id: 'The template id (tpl_…).' },
    body: MessageBody,
    bodyExample: { content: 'Make the header navy and put the total under the table' },
    headers: [IDEMPOTENCY_KEY_HEADER],
    success: {
      status: 201,
      description: 'The AI’s turn, the template after it and the report.',
      schema: AiTurn,
      example: {
        object: 'ai_turn',
        changed: true,
        message: ASSISTANT,
        template: { ...TEMPLATE, published_version: 2, latest_version: 2 },
        version: 2,
        published: true,
        report: ASSISTANT.report,
      },
      alternatives: { 'text/event-stream': 'Server-sent events, when Accept asks for them (see the description).' },
    },
    otherResponses: {
      200: {
        description:
          'The answer changed nothing: no version was saved (`changed: false`, `version` is the latest, as it ' +
          'was); the turn is in the thread with its reply and report.',
        schema: jsonSchemaOf(AiTurn, 'output'),
      },
    },
    errors: [...CALLER, 'template_not_found', 'validation_failed', ...ASKING, ...IDEMPOTENCY_ERRORS],
  },
  {
    ...COMMON,
    operationId: 'listTemplateMessages',
    method: 'GET',
    path: '/v1/templates/{id}/messages',
    summary: 'List a template’s conversation',
    description:
      'The thread of a template: the generation’s prompt and every turn, each assistant turn with the version ' +
      'it saved and its report. Oldest first (`order=desc` for newest first). Needs templates:read.',
    params: { id: 'The template id (tpl_…).' },
    query: ThreadListQuery,
    success: {
      status: 200,
      description: 'A page of messages.',
      schema: AiMessageList,
      example: { object: 'list', data: [USER, ASSISTANT], has_more: false, next_cursor: null },
    },
    errors: [...CALLER, 'template_not_found', 'validation_failed', 'invalid_cursor'],
  },
];
