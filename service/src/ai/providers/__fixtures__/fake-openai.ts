import { type Dialect, deltasOf, type FakeAnswer, type FakeServer, startFakeServer, tokens } from './fake-http';

/**
 * A fake OpenAI-compatible Chat Completions endpoint on loopback: `POST {baseUrl}/chat/completions` (baseUrl ends
 * in `/v1`, like OpenAI's) answers a `chat.completion` as JSON, or, when the body says `stream: true`,
 * `chat.completion.chunk` events as SSE ending with `data: [DONE]`. The key arrives in `authorization`.
 *
 *   const openai = await fakeOpenAi('Hello', { status: 401 }, { text: 'Hi', chunks: [3] });
 */
export function fakeOpenAi(...answers: FakeAnswer[]): Promise<FakeServer> {
  return startFakeServer(openai, answers);
}

const CREATED = 1_767_225_600;

const openai: Dialect = {
  basePath: '/v1',
  eol: '\n',

  route({ method, path, body }) {
    if (method !== 'POST' || !path.endsWith('/chat/completions')) return undefined;
    return { stream: body?.stream === true };
  },

  completion(reply, request) {
    const text = reply.text ?? '';
    const prompt = tokens(JSON.stringify(request.body?.messages ?? ''));
    return {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: CREATED,
      model: request.body?.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text },
          logprobs: null,
          finish_reason: reply.finishReason ?? 'stop',
        },
      ],
      usage: { prompt_tokens: prompt, completion_tokens: tokens(text), total_tokens: prompt + tokens(text) },
    };
  },

  events(reply, request) {
    const chunk = (delta: object, finishReason: string | null) =>
      JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created: CREATED,
        model: request.body?.model,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      });
    return [
      // OpenAI opens with the role and an empty content, and closes with an empty delta carrying the finish reason.
      chunk({ role: 'assistant', content: '' }, null),
      ...deltasOf(reply).map((content) => chunk({ content }, null)),
      chunk({}, reply.finishReason ?? 'stop'),
      '[DONE]',
    ];
  },

  error(status, message) {
    const [type, code] =
      status === 401
        ? ['invalid_request_error', 'invalid_api_key']
        : status === 429
          ? ['requests', 'rate_limit_exceeded']
          : status >= 500
            ? ['server_error', null]
            : ['invalid_request_error', null];
    const standard =
      status === 401
        ? 'Incorrect API key provided: sk-wrong. You can find your API key at https://platform.openai.com/account/api-keys.'
        : status === 429
          ? 'Rate limit reached for requests. Please try again in 20s.'
          : `The server had an error while processing your request (HTTP ${status}).`;
    return { error: { message: message ?? standard, type, param: null, code } };
  },
};
