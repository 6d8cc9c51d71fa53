import type { Request, Response } from 'express';
import type { ActingTeam } from '../../http/caller';
import { toQuireError } from '../../http/errors';
import type { AuthoringContext } from './context';
import { authoringError, timeoutError } from './errors';
import { type EventStream, openEventStream, wantsEventStream } from './sse';
import type { AuthoringEvent } from './verify';

export interface AiWork {
  signal: AbortSignal;
  /** Set when the client streams: progress and partial text go to it. */
  onEvent: ((event: AuthoringEvent) => void) | undefined;
}

export interface AiAnswer<T> {
  status: number;
  body: T;
  location?: string;
}

/**
 * Runs one AI request: takes one of the month's AI requests (402 plan_limit_exceeded when they are used), bounds
 * the whole of it by the deadline, answers JSON or, when the client asks for `text/event-stream`, streams
 * `progress`, `delta` and finally `done` or `error` events. Anything that fails after the request was taken gives
 * it back: a provider that is down, a deadline, answers with no usable template, a template limit reached at the
 * last moment. Everything that can be refused is refused before (validation, permissions, a missing template or
 * data source), so those answer with their usual status even to a streaming client.
 */
export async function runAiRequest<T>(
  context: Pick<AuthoringContext, 'usage' | 'timeoutMs' | 'logger'>,
  req: Request,
  res: Response,
  team: ActingTeam,
  work: (run: AiWork) => Promise<AiAnswer<T>>,
): Promise<void> {
  const { usage, timeoutMs, logger } = context;
  const streaming = wantsEventStream((types) => req.accepts(types));
  await usage.consume(team, 'ai_requests_per_month');

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(timeoutError(timeoutMs)), timeoutMs);
  // A client that hangs up stops the model too: nobody would see the answer.
  const onClose = () => {
    if (!res.writableEnded) controller.abort(new Error('The client closed the connection'));
  };
  res.on('close', onClose);
  let events: EventStream | undefined;
  if (streaming) events = openEventStream(res);
  const send = (event: AuthoringEvent) => {
    if (event.type === 'delta') events?.send('delta', { round: event.round, text: event.text });
    else
      events?.send('progress', {
        stage: event.stage,
        round: event.round,
        ...(event.reasons ? { reasons: event.reasons } : {}),
      });
  };
  try {
    const answer = await work({ signal: controller.signal, onEvent: events ? send : undefined });
    if (events) {
      events.send('progress', { stage: 'done' });
      events.send('done', answer.body);
      events.end();
      return;
    }
    if (answer.location) res.location(answer.location);
    res.status(answer.status).json(answer.body);
  } catch (error) {
    await usage.refund(team, 'ai_requests_per_month').catch((refundError: unknown) => {
      logger.error({ err: refundError, team_id: team.id }, 'could not give an AI request back');
    });
    const mapped = authoringError(error, controller.signal);
    if (!events) throw mapped;
    const quire = toQuireError(mapped);
    const level = quire.status >= 500 ? 'error' : 'info';
    logger[level]({ err: error, team_id: team.id, code: quire.code }, 'AI request failed while streaming');
    events.send('progress', { stage: 'error' });
    events.send('error', { error: { ...quire.toJSON(), request_id: String(res.locals.requestId ?? '') } });
    events.end();
  } finally {
    clearTimeout(timer);
    res.off('close', onClose);
  }
}
