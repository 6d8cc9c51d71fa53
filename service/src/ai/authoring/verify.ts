import { type JsonSchema, QuireError, type TemplateContent, type TemplateEngine } from '@quire/core';
import type { FontFaces } from '@quire/render';
import { dataSchemaOf, type TemplateRenderer } from '../../templates/index';
import { checkIntent, type IntentCheck, type IntentRemovals } from '../intent/check';
import type { Intent } from '../intent/intent';
import type { AiMessage, AiProvider, AiRequest, AiTask } from '../provider';
import { type Candidate, type CandidateRules, candidateOf } from './candidate';
import { problemsOf, remainingOf, renderChecks, syntaxFindings } from './checks';
import { dataSets } from './edge-cases';
import { renderEvidence } from './intent-evidence';
import type { AuthoringReport, CheckedItem, RoundReport } from './report';
import { sameContent } from './same-content';
import { repairMessages } from './system-prompt';

/** Repairs after the first answer, by default: each costs a model call and a set of renders. */
export const DEFAULT_REPAIR_ROUNDS = 3;

export type Stage = 'writing' | 'checking' | 'repairing' | 'done' | 'error';

/**
 * What the loop reports as it goes; the routes turn these into server-sent events, and send `done` (or `error`)
 * themselves once the template is saved.
 */
export type AuthoringEvent =
  | { type: 'progress'; stage: Stage; round: number; reasons?: string[] }
  | { type: 'delta'; round: number; text: string };

export interface VerifyDeps {
  provider: AiProvider;
  renderer: TemplateRenderer;
  engine: TemplateEngine;
  maxRepairRounds: number;
}

export interface VerifyRequest {
  /** The first request: a generation or a refinement. */
  task: Extract<AiTask, { kind: 'generate' | 'refine' }>;
  messages: AiMessage[];
  /** The template the answers are laid over: the current version, or a blank one with the data for a generation. */
  base: TemplateContent;
  rules: CandidateRules;
  /** Ends the loop (the request's deadline, a client that went away). */
  signal: AbortSignal;
  /** Progress and partial text; without it the model is asked for whole answers. */
  onEvent?: (event: AuthoringEvent) => void;
  /**
   * The team's uploaded font families a candidate names (fonts/library.ts): its checks then draw as the team's
   * reports will, while the renders stay outside the team's queue as the AI's own.
   */
  fontsFor?: (content: TemplateContent) => Promise<Record<string, FontFaces> | undefined>;
  /**
   * What the request asked for (intent/read.ts for a generation, intent/changes.ts for a refinement): each answer
   * rendered with its sample is checked against it, and what it lacks is sent back like any serious finding.
   */
  intent?: Intent;
  /** What a refinement asked to remove or rename: it must be gone from the answer. */
  removals?: IntentRemovals;
}

export interface VerifyResult {
  content: TemplateContent;
  reply: string;
  report: AuthoringReport;
}

/** Settles as `promise` does, or rejects with the signal's reason as soon as it aborts (a provider may ignore it). */
function orAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** One answer of the model: streamed (deltas go to the listener) when someone listens, else whole. */
async function ask(
  provider: AiProvider,
  request: AiRequest & { signal: AbortSignal },
  round: number,
  onEvent: VerifyRequest['onEvent'],
): Promise<string> {
  const { signal } = request;
  if (!onEvent) return orAbort(provider.complete(request), signal);
  const iterator = provider.stream(request)[Symbol.asyncIterator]();
  let text = '';
  try {
    for (;;) {
      const next = await orAbort(iterator.next(), signal);
      if (next.done) break;
      text += next.value;
      if (next.value) onEvent({ type: 'delta', round, text: next.value });
    }
  } finally {
    if (signal.aborted) void iterator.return?.()?.catch(() => {});
  }
  return text;
}

interface Checked {
  candidate: Candidate;
  round: number;
  checked: CheckedItem[];
  serious: number;
  intent?: IntentCheck;
}

/** The data the checks render with: the candidate's sample and the edge cases of its schema. */
function setsFor(engine: TemplateEngine, content: TemplateContent) {
  return dataSets(content.sample_data, dataSchemaOf(engine, content).schema as JsonSchema);
}

/** What one answer makes: its problems, and when it held a template, the template and what checking it found. */
interface Examined {
  problems: string[];
  notes: string[];
  candidate?: Candidate;
  /** Set when the template parsed and was rendered. */
  checked?: CheckedItem[];
  intent?: IntentCheck;
  /** A repair answered with the very template it was asked to repair: nothing was checked again. */
  unchanged?: true;
}

/** The check of the sample data, when the answer must bring it (a generation whose request gave no data). */
function sampleChecks(candidate: Candidate, rules: CandidateRules): CheckedItem[] {
  if (!rules.sampleRequired) return [];
  const problem = candidate.sampleProblem;
  return [
    {
      check: 'sample_data',
      description: 'The answer gave sample data for what the template prints',
      ok: problem === undefined,
      findings: problem ? [{ code: 'sample_data_missing', severity: 'error', message: problem, serious: true }] : [],
    },
  ];
}

async function examine(
  deps: VerifyDeps,
  answer: string,
  on: TemplateContent,
  request: VerifyRequest,
  repairing?: { content: TemplateContent; problems: string[] },
) {
  const built = candidateOf(answer, on, request.rules);
  if ('problem' in built) return { problems: [built.problem], notes: built.notes } satisfies Examined;
  const { candidate } = built;
  // Checking it again would find the same problems (a writer that cannot fix them answers the same template).
  if (repairing && sameContent(repairing.content, candidate.content)) {
    return { problems: repairing.problems, notes: candidate.notes, candidate, unchanged: true } satisfies Examined;
  }
  const sample = sampleChecks(candidate, request.rules);
  const syntax = syntaxFindings(deps.engine, candidate.content);
  if (syntax.length > 0) {
    const problems = problemsOf([
      { check: 'liquid_syntax', description: 'Liquid', ok: false, findings: syntax },
      ...sample,
    ]);
    return { problems, notes: candidate.notes, candidate } satisfies Examined;
  }
  const sets = setsFor(deps.engine, candidate.content);
  const fonts = await request.fontsFor?.(candidate.content);
  const [rendered, evidence] = await orAbort(
    Promise.all([
      renderChecks(deps.renderer, candidate.content, sets, fonts),
      request.intent ? renderEvidence(deps.renderer, deps.engine, candidate.content, fonts) : undefined,
    ]),
    request.signal,
  );
  const intent = request.intent && evidence ? checkIntent(request.intent, evidence, request.removals) : undefined;
  const checked = [...sample, ...rendered, ...(request.intent ? [intentItem(intent)] : [])];
  return {
    problems: problemsOf(checked),
    notes: candidate.notes,
    candidate,
    checked,
    ...(intent ? { intent } : {}),
  } satisfies Examined;
}

/** The report's item for the intent check: what was asked, what was found, and a finding for each thing missing. */
function intentItem(intent: IntentCheck | undefined): CheckedItem {
  if (!intent) {
    // The render checks say why it did not render; nothing is claimed about what it holds.
    return {
      check: 'intent',
      description: 'Not checked against the request: the template did not render with its sample',
      ok: false,
      findings: [],
    };
  }
  return {
    check: 'intent',
    description: 'The template, rendered with its sample, holds what the request asked for',
    ok: intent.findings.length === 0,
    findings: intent.findings.map((finding) => ({
      code: finding.code,
      severity: 'error' as const,
      message: finding.hint ? `${finding.message} ${finding.hint}` : finding.message,
      serious: true,
    })),
    asked: intent.asked,
    found: intent.found,
  };
}

/** The reply, with what the kept version still lacks said plainly: a reply never claims what is not there. */
function replyOf(reply: string, intent: IntentCheck | undefined): string {
  if (!intent || intent.findings.length === 0) return reply;
  return `${reply}\n\nNot done:\n${intent.findings.map((finding) => `- ${finding.message}`).join('\n')}`;
}

/**
 * The verify-and-repair loop. Each answer is extracted, sanitised, parsed, rendered with the sample and the edge
 * cases, and checked; serious findings go back to the model as a repair, at most `maxRepairRounds` times. The
 * answer with the fewest serious findings is kept (the latest of equals), with a report of what was checked and
 * what remains: a template that still has findings is a result, not an error. Only when no answer held a
 * template that parses does it fail (ai_answer_unusable).
 */
export async function verifyLoop(deps: VerifyDeps, request: VerifyRequest): Promise<VerifyResult> {
  const { provider } = deps;
  const { signal, onEvent } = request;
  let messages = request.messages;
  let task: AiTask = request.task;
  let problems: string[] = [];
  const rounds: RoundReport[] = [];
  const notes = new Set<string>();
  let best: Checked | undefined;

  let stalled = false;
  for (let round = 1; ; round++) {
    onEvent?.(
      round === 1
        ? { type: 'progress', stage: 'writing', round }
        : { type: 'progress', stage: 'repairing', round, reasons: problems },
    );
    const answer = await ask(provider, { messages, task, signal }, round, onEvent);
    if (signal.aborted) throw signal.reason;
    onEvent?.({ type: 'progress', stage: 'checking', round });
    // A repair builds on the best answer so far: parts it leaves out keep that answer's values.
    const on = best?.candidate.content ?? request.base;
    const repairing = task.kind === 'repair' ? { content: task.current, problems } : undefined;
    const examined: Examined = await examine(deps, answer, on, request, repairing);
    problems = examined.problems;
    if (examined.unchanged) {
      stalled = true;
      rounds.push({ round, task: task.kind, problems });
      notes.add(`The repair asked for in round ${round} changed nothing, so no further repair was asked for.`);
      break;
    }
    if (examined.candidate && examined.checked && (!best || problems.length <= best.serious)) {
      best = {
        candidate: examined.candidate,
        round,
        checked: examined.checked,
        serious: problems.length,
        ...(examined.intent ? { intent: examined.intent } : {}),
      };
    }
    if (!examined.candidate) for (const note of examined.notes) notes.add(note);
    rounds.push({ round, task: task.kind, problems });
    if (problems.length === 0 || round > deps.maxRepairRounds) break;
    messages = repairMessages(messages, answer, problems);
    const schema = request.task.schema;
    task = { kind: 'repair', current: examined.candidate?.content ?? on, problems, ...(schema ? { schema } : {}) };
  }

  if (!best) throw new QuireError('ai_answer_unusable', { details: { rounds } });
  for (const note of best.candidate.notes) notes.add(note);
  if (best.round !== rounds.length && !stalled) {
    notes.add(`The answer of round ${best.round} was kept: the later answers did not check better.`);
  }
  if (request.intent && !best.intent) {
    notes.add('The kept template did not render with its sample, so it was not checked against the request.');
  }
  if (best.checked.some((item) => item.findings.some((f) => f.known_limitation))) {
    notes.add(
      'Chinese, Japanese and Korean text is reported as missing glyphs: this server has no CJK font. Install ' +
        '@quire/fonts-cjk beside it to print CJK text; it is a known limitation, not a fault of the template.',
    );
  }
  const removed = best.candidate.removed;
  return {
    content: best.candidate.content,
    // A model that answered with code only still gets a sentence for the thread.
    reply: replyOf(
      best.candidate.reply.trim() ||
        (request.task.kind === 'generate' ? `Here is "${best.candidate.content.name}".` : 'I changed the template.'),
      best.intent,
    ),
    report: {
      provider: provider.name,
      model: provider.model,
      rounds,
      kept_round: best.round,
      checked: [
        { check: 'answer', description: 'A template was found in the answer', ok: true, findings: [] },
        {
          check: 'sanitise',
          description: 'Scripts, event handlers and remote URLs removed',
          ok: removed.length === 0,
          findings: [],
        },
        {
          check: 'liquid_syntax',
          description: 'The Liquid of the body, header and footer parses',
          ok: true,
          findings: [],
        },
        ...best.checked,
      ],
      remaining: remainingOf(best.checked),
      sanitised: removed,
      notes: [...notes],
    },
  };
}
