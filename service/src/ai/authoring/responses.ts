import { Template, Timestamp } from '@quire/core';
import { z } from 'zod';
import { AuthoringReport } from './report';
import type { ThreadMessage } from './thread';

/** The answers of the AI routes, as zod schemas: the handlers build these and the OpenAPI document shows them. */

export const AiMessageView = z.object({
  id: z.string().describe('Message id (msg_…)'),
  object: z.literal('ai_message'),
  template_id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string().describe("The person's request, or the AI's reply"),
  version: z.number().int().positive().nullable().describe('The version an assistant turn saved'),
  report: AuthoringReport.nullable().describe("What an assistant turn's version was checked for"),
  created_by: z.string().nullable().describe('The user who asked; null for an API key and for assistant turns'),
  created_at: Timestamp,
});
export type AiMessageView = z.infer<typeof AiMessageView>;

export const AiGeneration = z.object({
  object: z.literal('ai_generation'),
  template: Template.describe('The new template: version 1, published, tagged ai-generated'),
  reply: z.string().describe("The AI's words to the user"),
  report: AuthoringReport,
});
export type AiGeneration = z.infer<typeof AiGeneration>;

export const AiTurn = z.object({
  object: z.literal('ai_turn'),
  message: AiMessageView.describe("The AI's turn of the thread"),
  template: Template.describe('The template after the turn (its latest version is the new one)'),
  changed: z
    .boolean()
    .describe(
      'false when the answer changed nothing (the same html, css, header, footer, page and sample data): no version ' +
        'was saved, the answer is 200 instead of 201, and the reply says so',
    ),
  version: z
    .number()
    .int()
    .positive()
    .describe('The version this turn saved; when `changed` is false, the latest version, left as it was'),
  published: z
    .boolean()
    .describe(
      'Whether reports now render it: false when serious findings remain (it is then a draft); when `changed` is ' +
        'false, whether the latest version is the published one',
    ),
  report: AuthoringReport,
});
export type AiTurn = z.infer<typeof AiTurn>;

export const AiMessageList = z
  .object({
    object: z.literal('list'),
    data: z.array(AiMessageView),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
  })
  .describe('The thread, oldest first unless order=desc.');

export function messageView(message: ThreadMessage): AiMessageView {
  return {
    id: message.id,
    object: 'ai_message',
    template_id: message.templateId,
    role: message.role,
    content: message.content,
    version: message.version,
    report: message.reportJson === null ? null : (JSON.parse(message.reportJson) as AiMessageView['report']),
    created_by: message.createdBy,
    created_at: message.createdAt,
  };
}
