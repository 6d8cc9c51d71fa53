import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer. A string is shorthand for `{ text }`. */
export type FakeAnswer = string | FakeReply;

export interface FakeReply {
  /** The model's answer (whole, or streamed in `deltas`). */
  text?: string;
  /** A streamed answer's text, one SSE event each. Default: `text` cut every 8 characters. */
  deltas?: string[];
  /** In the provider's words (Gemini `STOP`, `SAFETY`, `MAX_TOKENS`; OpenAI `stop`, `length`). Default: a normal end. */
  finishReason?: string;
  /** Answer this HTTP error status instead, with a body in the provider's error format carrying `message`. */
  status?: number;
  message?: string;
  /**
   * The exact body to send instead of the generated one: an object goes as JSON (also to a stream request), a
   * string as is (on a stream request: raw SSE text, as text/event-stream).
   */
  body?: string | object;
  /** Wait this long before answering. */
  delayMs?: number;
  /**
   * Send the body in writes of these byte sizes, the last size repeating ([5] = five bytes at a time), a moment
   * apart, so that the client reads SSE lines and UTF-8 characters cut in two. Default: one write per SSE event.
   */
  chunks?: number[];
  /** Hang up: `true` at once, without answering; a number after the headers and that many bytes of the body. */
  drop?: true | number;
}

/** A request the server received, for tests to check what the adapter sent. */
export interface FakeRequest {
  method: string;
  /** Without the query: `/v1beta/models/gemini-2.5-flash:generateContent`, `/v1/chat/completions`. */
  path: string;
  query: Record<string, string>;
  /** Names in lower case. */
  headers: Record<string, string>;
  /** The JSON body, parsed (the raw text if it was not JSON). */
  // biome-ignore lint/suspicious/noExplicitAny: tests read request bodies of every shape.
  body: any;
  /** Whether the client asked for a streamed (SSE) answer. */
  stream: boolean;
}

export interface FakeServer {
  /** What the adapter takes as its base URL. */
  readonly baseUrl: string;
  /** Every request that reached a known route, oldest first. */
  readonly requests: FakeRequest[];
  /** How many scripted answers no request has taken yet. */
  readonly pending: number;
  /** Adds answers to the queue; each request takes the next one (none left: a 500 that says so). */
  answer(...answers: FakeAnswer[]): void;
  close(): Promise<void>;
}

/** What differs between providers: routes, answer bodies, error bodies and SSE framing. */
export interface Dialect {
  /** Whether the request streams; undefined for a route the provider does not have (answered 404). */
  route(request: Omit<FakeRequest, 'stream'>): { stream: boolean } | undefined;
  completion(reply: FakeReply, request: FakeRequest): object;
  /** A streamed answer's `data:` payloads, in order. */
  events(reply: FakeReply, request: FakeRequest): string[];
  error(status: number, message: string | undefined): object;
  /** The line end of the SSE framing. */
  eol: string;
  /** Appended to the base URL the server listens on. */
  basePath: string;
}

/** A real HTTP server on 127.0.0.1 (a free port) that answers a provider's wire format from a script. */
export async function startFakeServer(dialect: Dialect, answers: FakeAnswer[]): Promise<FakeServer> {
  const queue = [...answers];
  const requests: FakeRequest[] = [];

  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`fake server failed: ${String(error)}`);
    });
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const seen = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(', ') : (value ?? ''),
        ]),
      ),
      body: parseJson(raw),
    };
    const route = dialect.route(seen);
    if (!route) return sendJson(res, 404, dialect.error(404, `No route for ${seen.method} ${seen.path}`));
    const request: FakeRequest = { ...seen, stream: route.stream };
    requests.push(request);

    const next = queue.shift();
    if (next === undefined) {
      return sendJson(res, 500, dialect.error(500, 'The fake server has no answer scripted for this request.'));
    }
    const reply: FakeReply = typeof next === 'string' ? { text: next } : next;
    if (reply.drop === true) {
      req.socket.destroy();
      return;
    }
    if (reply.delayMs) await sleep(reply.delayMs, res);
    if (gone(res)) return;

    if (reply.status !== undefined && reply.status >= 400) {
      return send(res, reply, reply.status, 'application/json', [
        encode(reply.body ?? dialect.error(reply.status, reply.message)),
      ]);
    }
    if (!request.stream) {
      return send(res, reply, 200, 'application/json', [encode(reply.body ?? dialect.completion(reply, request))]);
    }
    // An object body is JSON even on a stream request: what a server that ignores `stream: true` answers.
    if (typeof reply.body === 'object') return send(res, reply, 200, 'application/json', [encode(reply.body)]);
    const events =
      reply.body !== undefined
        ? [encode(reply.body)]
        : dialect.events(reply, request).map((data) => Buffer.from(`data: ${data}${dialect.eol}${dialect.eol}`));
    return send(res, reply, 200, 'text/event-stream', events);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}${dialect.basePath}`,
    requests,
    get pending() {
      return queue.length;
    },
    answer(...more) {
      queue.push(...more);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

async function send(res: ServerResponse, reply: FakeReply, status: number, type: string, pieces: Buffer[]) {
  let writes = reply.chunks ? resplit(Buffer.concat(pieces), reply.chunks) : pieces;
  if (typeof reply.drop === 'number')
    writes = resplit(Buffer.concat(writes).subarray(0, reply.drop), [reply.drop || 1]);
  res.writeHead(status, { 'content-type': type === 'application/json' ? 'application/json; charset=UTF-8' : type });
  res.flushHeaders();
  for (const [i, piece] of writes.entries()) {
    if (i > 0) await sleep(1, res);
    if (gone(res)) return;
    res.write(piece);
  }
  if (typeof reply.drop === 'number') {
    // Let the bytes leave before the hang-up, so the client sees a body cut short rather than no answer.
    await sleep(20, res);
    res.socket?.destroy();
    return;
  }
  res.end();
}

function gone(res: ServerResponse): boolean {
  return res.destroyed || !res.socket || res.socket.destroyed;
}

function sendJson(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

/** Cuts bytes into pieces of the given sizes, the last size repeating. */
function resplit(bytes: Buffer, sizes: number[]): Buffer[] {
  const pieces: Buffer[] = [];
  let offset = 0;
  for (let i = 0; offset < bytes.length; i++) {
    const size = Math.max(1, sizes[Math.min(i, sizes.length - 1)] ?? bytes.length);
    pieces.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return pieces;
}

function encode(body: string | object): Buffer {
  return Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** Waits, or stops waiting when the client goes away (a timed-out adapter must not leave the test waiting). */
function sleep(ms: number, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    res.on('close', done);
  });
}

/** A streamed answer's deltas: as scripted, or the text cut every 8 characters (whole code points). */
export function deltasOf(reply: FakeReply): string[] {
  if (reply.deltas) return reply.deltas;
  const chars = Array.from(reply.text ?? '');
  const deltas: string[] = [];
  for (let i = 0; i < chars.length; i += 8) deltas.push(chars.slice(i, i + 8).join(''));
  return deltas;
}

/** Rough token counts for the usage fields (about four characters a token). */
export function tokens(text: string): number {
  return Math.ceil(text.length / 4);
}
