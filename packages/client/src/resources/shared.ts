import type { Quire } from '../client';
import { linkSignal, type RequestOptions } from '../core/request';
import { AiStream } from '../sse';
import type { ReportFormat } from '../types';

/** The Accept header that asks for a format's file. */
export const FILE_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  html: 'text/html',
  email: 'text/html',
};

/** A POST answered as Server-Sent Events. */
export function openStream<Result>(
  client: Quire,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): AiStream<Result> {
  const stream: AiStream<Result> = new AiStream((signal) =>
    client.request(
      { method: 'POST', path, body, accept: 'text/event-stream', idempotent: true, raw: true },
      { ...options, signal },
    ),
  );
  linkSignal(options.signal, stream.controller);
  return stream;
}
