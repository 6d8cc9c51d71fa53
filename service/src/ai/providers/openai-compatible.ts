import { type AiProvider, AiProviderError, type AiRequest } from '../provider';
import { type Deadline, startDeadline } from './deadline';
import { badResponse, httpFailure, providerFailure, reasonForStatus } from './failure';
import { sseData } from './sse';

export interface OpenAiCompatibleOptions {
  /** Sent as `Authorization: Bearer …`; servers on the operator's own network (Ollama, vLLM) may need none. */
  apiKey?: string;
  model?: string;
  /** The API root that `/chat/completions` is under: OpenAI, Ollama (`http://host:11434/v1`), vLLM, LM Studio… */
  baseUrl?: string;
  /** The time one request may take, a streamed answer included. */
  timeoutMs: number;
  /** Another fetch (a proxy's, a test's); default: the global one. */
  fetch?: typeof fetch;
}

const PROVIDER = 'openai';

/** What an OpenAI model accepts in a chat completion request, where it differs from what every compatible server does. */
export interface OpenAiModelTraits {
  /** `max_completion_tokens` for OpenAI's reasoning models, which refuse `max_tokens`; else `max_tokens`. */
  tokenLimit: 'max_tokens' | 'max_completion_tokens';
  /** Reasoning models refuse any temperature but the default (400 unsupported_value): it is not sent to them. */
  temperature: boolean;
  /** o1-mini and o1-preview refuse the system role: the system message goes at the start of the first user message. */
  systemRole: boolean;
}

/**
 * Traits by model name, after a router's vendor prefix (OpenRouter's `openai/o3`). OpenAI's reasoning models are
 * the o-series (o1, o1-pro, o3, o3-mini, o3-pro, o4-mini…), the GPT-5 families (gpt-5, gpt-5-mini, gpt-5-nano,
 * gpt-5.1, gpt-5.2…, but not gpt-5-chat-latest, a chat model), codex-mini-latest and computer-use-preview. Any other
 * name (gpt-4o, llama3.1, a vLLM or Ollama model) keeps the parameters every compatible server understands.
 */
export function openAiModelTraits(model: string): OpenAiModelTraits {
  const id = model
    .trim()
    .toLowerCase()
    .replace(/^[\w.-]+\//, '');
  const oSeries = /^o\d+(?:-|$)/.test(id);
  const gpt = /^gpt-(\d+)(?:\.(\d+))?(?:-(.+))?$/.exec(id);
  const gptReasoning =
    gpt !== null && Number(gpt[1]) >= 5 && !(gpt[2] === undefined && (gpt[3] ?? '').startsWith('chat'));
  const reasoning = oSeries || gptReasoning || id === 'codex-mini-latest' || id === 'computer-use-preview';
  return {
    tokenLimit: reasoning ? 'max_completion_tokens' : 'max_tokens',
    temperature: !reasoning,
    systemRole: !/^o1-(mini|preview)(?:-|$)/.test(id),
  };
}

/** The messages as the model takes them: without a system role, the system text opens the first user turn. */
function messagesFor(request: AiRequest, traits: OpenAiModelTraits): { role: string; content: string }[] {
  const messages = request.messages.map(({ role, content }) => ({ role, content }));
  if (traits.systemRole) return messages;
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const rest = messages.filter((m) => m.role !== 'system');
  if (system.length === 0) return rest;
  const first = rest.findIndex((m) => m.role === 'user');
  if (first < 0) return [{ role: 'user', content: system.join('\n\n') }, ...rest];
  const opening = rest[first] as { role: string; content: string };
  rest[first] = { role: 'user', content: `${system.join('\n\n')}\n\n${opening.content}` };
  return rest;
}
const LABEL = 'The OpenAI-compatible endpoint';

/** Chat Completions over plain fetch: the one wire format that OpenAI and the self-hosted servers all speak. */
export function openAiCompatibleProvider({
  apiKey,
  model = 'gpt-4o-mini',
  baseUrl = 'https://api.openai.com/v1',
  timeoutMs,
  fetch: fetchImpl = fetch,
}: OpenAiCompatibleOptions): AiProvider {
  const url = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const traits = openAiModelTraits(model);

  async function post(request: AiRequest, stream: boolean, deadline: Deadline): Promise<Response> {
    const body: Record<string, unknown> = {
      model,
      messages: messagesFor(request, traits),
      stream,
    };
    if (request.temperature !== undefined && traits.temperature) body.temperature = request.temperature;
    if (request.maxOutputTokens !== undefined) body[traits.tokenLimit] = request.maxOutputTokens;
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: stream ? 'text/event-stream' : 'application/json',
        ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
      },
      body: JSON.stringify(body),
      signal: deadline.signal,
    });
    if (!response.ok) throw httpFailure(PROVIDER, LABEL, response.status, errorDetail(await response.text()));
    return response;
  }

  return {
    name: PROVIDER,
    model,

    async complete(request) {
      const deadline = startDeadline(PROVIDER, LABEL, timeoutMs, request.signal);
      try {
        const response = await post(request, false, deadline);
        return completionText(parseJson(await response.text()));
      } catch (error) {
        throw providerFailure(PROVIDER, LABEL, error, deadline);
      } finally {
        deadline.dispose();
      }
    },

    async *stream(request) {
      const deadline = startDeadline(PROVIDER, LABEL, timeoutMs, request.signal);
      try {
        const response = await post(request, true, deadline);
        // Some servers ignore `stream: true` and answer the whole completion as JSON: take it as one delta.
        if (!response.headers.get('content-type')?.includes('text/event-stream')) {
          yield completionText(parseJson(await response.text()));
          return;
        }
        if (!response.body) throw badResponse(PROVIDER, `${LABEL} answered a stream with no body.`);
        let wrote = false;
        let finished = false;
        for await (const data of sseData(response.body)) {
          if (data === '[DONE]') {
            finished = true;
            break;
          }
          const chunk = streamChunk(parseJson(data));
          if (chunk.text) {
            wrote = true;
            yield chunk.text;
          }
          if (chunk.finishReason) finished = true;
        }
        if (!finished) throw new AiProviderError(PROVIDER, 'unavailable', `${LABEL} ended the stream mid-answer.`);
        if (!wrote) throw badResponse(PROVIDER, `${LABEL} answered with no text.`);
      } catch (error) {
        throw providerFailure(PROVIDER, LABEL, error, deadline);
      } finally {
        deadline.dispose();
      }
    },
  };
}

interface ErrorBody {
  error?: { message?: unknown; code?: unknown } | string;
}

interface Completion extends ErrorBody {
  choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[];
}

interface Chunk extends ErrorBody {
  choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw badResponse(PROVIDER, `${LABEL} answered something that is not JSON: ${text.slice(0, 120)}`, error);
  }
}

function completionText(json: unknown): string {
  const body = json as Completion;
  throwIfError(body);
  const choice = body.choices?.[0];
  if (typeof choice?.message?.refusal === 'string' && choice.message.refusal) {
    throw badResponse(PROVIDER, `The model refused: ${choice.message.refusal}`);
  }
  if (choice?.finish_reason === 'content_filter') throw badResponse(PROVIDER, `${LABEL} filtered the answer out.`);
  const content = choice?.message?.content;
  if (typeof content !== 'string' || content === '') throw badResponse(PROVIDER, `${LABEL} answered with no text.`);
  return content;
}

function streamChunk(json: unknown): { text: string; finishReason: string | undefined } {
  const body = json as Chunk;
  // OpenRouter and others report a failure that happens mid-stream as a data event with an `error`.
  throwIfError(body);
  const choice = body.choices?.[0];
  if (choice?.finish_reason === 'content_filter') throw badResponse(PROVIDER, `${LABEL} filtered the answer out.`);
  const content = choice?.delta?.content;
  const finish = choice?.finish_reason;
  return {
    text: typeof content === 'string' ? content : '',
    finishReason: typeof finish === 'string' ? finish : undefined,
  };
}

function throwIfError(body: ErrorBody | null): void {
  const error = body?.error;
  if (error === undefined || error === null) return;
  const message = typeof error === 'string' ? error : String(error.message ?? 'unknown error');
  const code = typeof error === 'object' ? error.code : undefined;
  const reason = typeof code === 'number' ? reasonForStatus(code) : 'unavailable';
  throw new AiProviderError(PROVIDER, reason, `${LABEL} reported an error: ${message}`);
}

/** `{error:{message}}` (OpenAI, vLLM, LM Studio), `{error:"…"}` (Ollama), or whatever text a proxy sent. */
function errorDetail(text: string): string | undefined {
  try {
    const { error } = JSON.parse(text) as ErrorBody;
    if (typeof error === 'string') return error;
    if (typeof error?.message === 'string') return error.message;
  } catch {
    // Not JSON: the text itself is the best there is.
  }
  return text || undefined;
}
