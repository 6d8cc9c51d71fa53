import type { Response } from 'express';

/** A comment line this often keeps proxies and load balancers from closing a stream that is thinking. */
const HEARTBEAT_MS = 15_000;

export interface EventStream {
  send(event: string, data: unknown): void;
  end(): void;
}

/**
 * Server-sent events on an Express response: `event: <name>` and one `data:` line of JSON per event. Written
 * straight to the socket, unbuffered (`X-Accel-Buffering: no` asks nginx not to hold it either).
 */
export function openEventStream(res: Response): EventStream {
  res.status(200);
  res.set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  const heartbeat = setInterval(() => {
    if (!res.writableEnded) res.write(': keep-alive\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const stop = () => clearInterval(heartbeat);
  res.on('close', stop);
  return {
    send(event, data) {
      if (res.writableEnded || res.destroyed) return;
      // JSON has no raw newlines, so one data line carries it whole.
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      stop();
      if (!res.writableEnded) res.end();
    },
  };
}

/** Whether the client asked for a stream (`Accept: text/event-stream`) rather than one JSON answer. */
export function wantsEventStream(accept: (types: string[]) => string | false): boolean {
  return accept(['application/json', 'text/event-stream']) === 'text/event-stream';
}
