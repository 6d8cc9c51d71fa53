import type { AiReport, Template, TemplateMessage, TemplateMessageResult } from '@quire/client';
import type { TemplateContent, TemplateContentInput } from '@quire/core';
import { getStarter, type Starter } from '@quire/core';
import type { StreamEvent } from './answers';

/** A finding the AI's checks left (serious ones make the turn's version a draft). */
export type RemainingFinding = AiReport['remaining'][number];

/** One answer of the fake AI to a message: what it says, what it changes, and what its checks left. */
export interface FakeAiTurn {
  reply: string;
  /** The fields it changes, from the latest version's content. */
  changes(current: TemplateContent): Partial<TemplateContentInput>;
  /** Findings its checks left; a serious one makes the version a draft, as the service does. */
  remaining?: RemainingFinding[];
  /** The model's answer as it streams, in pieces. Default: the reply in three pieces. */
  deltas?: string[];
  /** Milliseconds between stream events. Default: the fake's latency. */
  delayMs?: number;
  /** What the sanitiser took out of the answer (a script, a remote image…). Default none. */
  sanitised?: AiReport['sanitised'];
  /** The verify loop's notes to the user. Default none. */
  notes?: string[];
}

/** The note the service adds to a turn saved as a draft because serious findings remain (message-routes.ts). */
export const DRAFT_NOTE =
  'Serious findings remain, so this version was saved as a draft: reports still render the published ' +
  'version. Publish it with POST /v1/templates/{id}/publish once it looks right.';

export type AiTurnAnswer = TemplateMessageResult & { message: TemplateMessage; template: Template };

/**
 * What the verify loop reports on one answer: one round, the checks the service runs in its words (verify.ts),
 * the render with the sample data, what the sanitiser removed, what remains, and the notes (a refinement left
 * with serious findings is a draft, and the service says so).
 */
export function aiReport(turn: FakeAiTurn, pages: number, task: 'generate' | 'refine' = 'refine'): AiReport {
  const remaining = turn.remaining ?? [];
  const serious = remaining.filter((finding) => finding.serious);
  const sanitised = turn.sanitised ?? [];
  const notes = [...(turn.notes ?? [])];
  if (task === 'refine' && serious.length > 0) notes.push(DRAFT_NOTE);
  return {
    provider: 'offline',
    model: 'quire-offline-1',
    rounds: [{ round: 1, task, problems: [] }],
    kept_round: 1,
    checked: [
      { check: 'answer', description: 'A template was found in the answer', ok: true, findings: [] },
      {
        check: 'sanitise',
        description: 'Scripts, event handlers and remote URLs removed',
        ok: sanitised.length === 0,
        findings: [],
      },
      {
        check: 'liquid_syntax',
        description: 'The Liquid of the body, header and footer parses',
        ok: true,
        findings: [],
      },
      {
        check: 'render',
        data_set: 'sample',
        description: 'The sample data',
        ok: serious.length === 0,
        pages,
        findings: remaining.map(({ data_sets: _sets, ...finding }) => finding),
      },
    ],
    remaining,
    sanitised,
    notes,
  };
}

/**
 * The events the service streams for an AI answer: writing, the model's text, checking, done, and the result,
 * made (and saved) only when the stream gets there, as the service saves nothing for a request aborted before.
 */
export function aiTurnEvents(turn: FakeAiTurn, answer: () => unknown): StreamEvent[] {
  const deltas = turn.deltas ?? splitInThree(turn.reply);
  return [
    { event: 'progress', data: { stage: 'writing', round: 1 } },
    ...deltas.map((text) => ({ event: 'delta', data: { round: 1, text } })),
    { event: 'progress', data: { stage: 'checking', round: 1 } },
    { event: 'progress', data: { stage: 'done' } },
    { event: 'done', data: answer },
  ];
}

function splitInThree(text: string): string[] {
  const third = Math.ceil(text.length / 3);
  return [text.slice(0, third), text.slice(third, 2 * third), text.slice(2 * third)].filter(Boolean);
}

/** The AI's default turn: the title in the accent blue, in the template's CSS. */
export const defaultAiTurn: FakeAiTurn = {
  reply: 'I made the title blue and a little larger.',
  changes: (current) => ({ css: `${current.css}\nh1 { color: #1d4ed8; font-size: 28px; }\n` }),
};

/**
 * The AI's default answer to "a template from a sentence": the receipt starter of @quire/core, with its sample
 * data (the model proposes the data when the request gives none).
 */
export const defaultAiGeneration: FakeAiTurn = {
  reply: 'Here is a receipt with the shop, the items and the total; the sample data shows each field.',
  changes: () => {
    const {
      id: _id,
      name: _name,
      description: _description,
      tags: _tags,
      ...content
    } = getStarter('receipt') as Starter;
    return content;
  },
};
