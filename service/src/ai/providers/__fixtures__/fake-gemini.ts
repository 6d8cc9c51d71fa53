import {
  type Dialect,
  deltasOf,
  type FakeAnswer,
  type FakeRequest,
  type FakeServer,
  startFakeServer,
  tokens,
} from './fake-http';

/**
 * A fake Gemini API (the Generative Language API, v1beta) on loopback: `POST /v1beta/models/{model}:generateContent`
 * answers JSON, `:streamGenerateContent?alt=sse` answers SSE framed with CRLF as Google's servers do. Give
 * `baseUrl` to the adapter (or to `new GoogleGenAI({ httpOptions: { baseUrl } })`); the key arrives in the
 * `x-goog-api-key` header of each recorded request.
 *
 *   const gemini = await fakeGemini('Hello', { status: 429 }, { finishReason: 'SAFETY' });
 */
export function fakeGemini(...answers: FakeAnswer[]): Promise<FakeServer> {
  return startFakeServer(gemini, answers);
}

const ROUTE = /^\/v1beta\/models\/([^/]+):(generateContent|streamGenerateContent)$/;

/** Google's canonical status names, as its error bodies carry them. */
const STATUS: Record<number, [name: string, message: string]> = {
  400: ['INVALID_ARGUMENT', 'Request contains an invalid argument.'],
  401: ['UNAUTHENTICATED', 'Request had invalid authentication credentials.'],
  403: ['PERMISSION_DENIED', "Method doesn't allow unregistered callers (callers without established identity)."],
  404: ['NOT_FOUND', 'Requested entity was not found.'],
  429: ['RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).'],
  500: ['INTERNAL', 'An internal error has occurred.'],
  503: ['UNAVAILABLE', 'The model is overloaded. Please try again later.'],
  504: ['DEADLINE_EXCEEDED', 'Deadline expired before operation could complete.'],
};

const gemini: Dialect = {
  basePath: '',
  eol: '\r\n',

  route({ method, path }) {
    const match = ROUTE.exec(path);
    if (method !== 'POST' || !match) return undefined;
    return { stream: match[2] === 'streamGenerateContent' };
  },

  completion(reply, request) {
    const text = reply.text ?? '';
    return answer(request, [candidate(text, reply.finishReason ?? 'STOP')], text);
  },

  events(reply, request) {
    const deltas = deltasOf(reply);
    const finishReason = reply.finishReason ?? 'STOP';
    if (deltas.length === 0) return [JSON.stringify(answer(request, [candidate('', finishReason)], ''))];
    let sent = '';
    return deltas.map((delta, i) => {
      sent += delta;
      const last = i === deltas.length - 1;
      return JSON.stringify(answer(request, [candidate(delta, last ? finishReason : undefined)], sent));
    });
  },

  error(status, message) {
    const [name, standard] = STATUS[status] ?? ['UNKNOWN', `HTTP ${status}`];
    return { error: { code: status, message: message ?? standard, status: name } };
  },
};

function candidate(text: string, finishReason: string | undefined): object {
  return {
    // A blocked answer has no content at all, only the reason and the ratings that caused it.
    ...(text ? { content: { parts: [{ text }], role: 'model' } } : {}),
    ...(finishReason ? { finishReason } : {}),
    index: 0,
    ...(finishReason === 'SAFETY'
      ? { safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }] }
      : {}),
  };
}

function answer(request: FakeRequest, candidates: object[], textSoFar: string): object {
  const promptTokenCount = tokens(JSON.stringify(request.body?.contents ?? ''));
  const candidatesTokenCount = tokens(textSoFar);
  return {
    candidates,
    usageMetadata: { promptTokenCount, candidatesTokenCount, totalTokenCount: promptTokenCount + candidatesTokenCount },
    modelVersion: decodeURIComponent(ROUTE.exec(request.path)?.[1] ?? ''),
    responseId: `fake-${request.path.length}-${textSoFar.length}`,
  };
}
