import { APIConnectionError, APIUserAbortError, makeError, QuireClientError } from './core/errors';
import type { AiStreamEvent } from './types';

export interface ServerSentEvent {
  /** `message` when the event names none. */
  event: string;
  data: string;
  id?: string;
}

/**
 * The events of a `text/event-stream` body, as the HTML standard parses them: lines end in CRLF, LF or CR, wherever
 * the chunks happen to split (in a line ending, or inside a UTF-8 character); `data:` lines join with newlines;
 * comments and unknown fields are skipped; an event is dispatched by a blank line.
 */
export async function* parseSSE(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  let finished = false;
  try {
    while (!finished) {
      const chunk = await reader.read();
      finished = chunk.done;
      buffer += decoder.decode(chunk.value, { stream: !finished });
      for (let end = buffer.search(/[\r\n]/); end >= 0; end = buffer.search(/[\r\n]/)) {
        // A CR at the end of the buffer may be the first half of a CRLF: wait for the next chunk.
        if (buffer[end] === '\r' && end === buffer.length - 1 && !finished) break;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
        if (line === '') {
          if (data.length > 0) yield { event: event || 'message', data: data.join('\n'), ...(id ? { id } : {}) };
          event = '';
          data = [];
          continue;
        }
        const colon = line.indexOf(':');
        if (colon === 0) continue;
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') id = value;
      }
    }
  } finally {
    // Stops the download when the consumer leaves early.
    if (!finished) await reader.cancel().catch(() => {});
  }
}

// The status an error event stands for (the stream itself had answered 200): by its code where the type does not
// say, else by its type.
const STATUS_OF_CODE: Record<string, number> = { provider_unavailable: 503, ai_timeout: 504 };
const STATUS_OF_TYPE: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  plan_limit_error: 402,
  permission_error: 403,
  not_found_error: 404,
  conflict_error: 409,
  template_error: 422,
  rate_limit_error: 429,
  provider_error: 502,
  api_error: 500,
};

/**
 * An AI answer as it is written: `progress` stages, `delta` text, then `done` with the result (an `error` event
 * is thrown as the APIError it carries). Read it once, with `for await`, or let `finalResult()` read it.
 */
export class AiStream<Result> implements AsyncIterable<AiStreamEvent<Result>> {
  readonly controller = new AbortController();
  #open: (signal: AbortSignal) => Promise<Response>;
  #read = false;

  constructor(open: (signal: AbortSignal) => Promise<Response>) {
    this.#open = open;
  }

  /** Stops the stream (and the request, when it is still running). */
  abort(): void {
    this.controller.abort();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<AiStreamEvent<Result>> {
    if (this.#read) throw new QuireClientError('A stream can be read once.', 'stream_consumed');
    this.#read = true;
    const response = await this.#open(this.controller.signal);
    const { headers } = response;
    try {
      if (!headers.get('content-type')?.includes('text/event-stream')) {
        // A service that answers the whole result at once.
        yield { type: 'done', result: (await response.json()) as Result };
        return;
      }
      for await (const { event, data } of parseSSE(response.body as ReadableStream<Uint8Array>)) {
        const payload = data ? JSON.parse(data) : {};
        if (event === 'done') {
          yield { type: 'done', result: payload as Result };
          return;
        }
        if (event === 'error') {
          const { type, code, status } =
            (payload as { error?: { type?: string; code?: string; status?: number } }).error ?? {};
          throw makeError(status ?? STATUS_OF_CODE[code ?? ''] ?? STATUS_OF_TYPE[type ?? ''] ?? 500, payload, headers);
        }
        // progress, delta; events of a later service are skipped.
        if (event === 'progress' || event === 'delta') yield { ...payload, type: event };
      }
    } catch (error) {
      if (this.controller.signal.aborted) throw new APIUserAbortError({ cause: error });
      if (QuireClientError.isInstance(error)) throw error;
      throw new APIConnectionError({ message: 'The stream broke off.', cause: error, headers });
    }
    throw new APIConnectionError({ message: 'The stream ended before its done event.', headers });
  }

  /** Reads the stream to its end and answers the result. */
  async finalResult(): Promise<Result> {
    for await (const event of this) if (event.type === 'done') return event.result;
    throw new APIConnectionError({ message: 'The stream ended before its done event.' });
  }
}
