import {
  ApiError,
  type Content,
  type GenerateContentConfig,
  type GenerateContentResponse,
  GoogleGenAI,
} from '@google/genai';
import { type AiMessage, type AiProvider, AiProviderError, type AiRequest } from '../provider';
import { type Deadline, startDeadline } from './deadline';
import { badResponse, httpFailure, providerFailure } from './failure';

export interface GeminiProviderOptions {
  apiKey: string;
  model?: string;
  /** Another endpoint than Google's (a proxy, or a fake server in tests); the SDK adds `/v1beta/models/…`. */
  baseUrl?: string;
  /** The time one request may take, a streamed answer included. */
  timeoutMs: number;
}

const PROVIDER = 'gemini';
const LABEL = 'Gemini';

/** Finish reasons that still leave a usable answer (MAX_TOKENS: cut short, which the answer parser tolerates). */
const ANSWERED = new Set(['STOP', 'MAX_TOKENS', 'FINISH_REASON_UNSPECIFIED']);

/** Gemini through Google's maintained SDK, @google/genai (see README.md for why this one). */
export function geminiProvider({
  apiKey,
  model = 'gemini-2.5-flash',
  baseUrl,
  timeoutMs,
}: GeminiProviderOptions): AiProvider {
  // `vertexai: false` so that GOOGLE_GENAI_USE_VERTEXAI in the environment cannot send the key somewhere else. No
  // retryOptions: the SDK then tries once, and the timeout stays ours to enforce (see deadline.ts).
  const client = new GoogleGenAI({ apiKey, vertexai: false, ...(baseUrl ? { httpOptions: { baseUrl } } : {}) });

  function params(request: AiRequest, deadline: Deadline) {
    const { system, contents } = toContents(request.messages);
    const config: GenerateContentConfig = { abortSignal: deadline.signal };
    if (system.length > 0) config.systemInstruction = { parts: system.map((text) => ({ text })) };
    if (request.temperature !== undefined) config.temperature = request.temperature;
    if (request.maxOutputTokens !== undefined) config.maxOutputTokens = request.maxOutputTokens;
    return { model, contents, config };
  }

  return {
    name: PROVIDER,
    model,

    async complete(request) {
      const deadline = startDeadline(PROVIDER, LABEL, timeoutMs, request.signal);
      try {
        deadline.signal.throwIfAborted();
        const response = await client.models.generateContent(params(request, deadline));
        throwIfBlocked(response);
        const text = textOf(response);
        throwIfUnfinished(response.candidates?.[0]?.finishReason, text !== '');
        return text;
      } catch (error) {
        throw failure(error, deadline);
      } finally {
        deadline.dispose();
      }
    },

    async *stream(request) {
      const deadline = startDeadline(PROVIDER, LABEL, timeoutMs, request.signal);
      try {
        deadline.signal.throwIfAborted();
        const chunks = await client.models.generateContentStream(params(request, deadline));
        let wrote = false;
        let finishReason: string | undefined;
        for await (const chunk of chunks) {
          throwIfBlocked(chunk);
          const text = textOf(chunk);
          if (text) {
            wrote = true;
            yield text;
          }
          finishReason = chunk.candidates?.[0]?.finishReason ?? finishReason;
        }
        throwIfUnfinished(finishReason, wrote);
      } catch (error) {
        throw failure(error, deadline);
      } finally {
        deadline.dispose();
      }
    },
  };
}

/**
 * System messages become the system instruction; user and assistant turns become `user` and `model` contents.
 * Turns in a row from one role are merged into one content: Gemini has refused requests whose turns do not
 * alternate, and the loop may well send two user messages in a row (a repair after an instruction).
 */
function toContents(messages: AiMessage[]): { system: string[]; contents: Content[] } {
  const system: string[] = [];
  const contents: Content[] = [];
  for (const message of messages) {
    if (message.role === 'system') {
      system.push(message.content);
      continue;
    }
    const role = message.role === 'assistant' ? 'model' : 'user';
    const last = contents.at(-1);
    if (last?.role === role) last.parts?.push({ text: message.content });
    else contents.push({ role, parts: [{ text: message.content }] });
  }
  return { system, contents };
}

/** The answer's text: the first candidate's text parts, without thought summaries (response.text would warn on stdout about other parts). */
function textOf(response: GenerateContentResponse): string {
  let text = '';
  for (const part of response.candidates?.[0]?.content?.parts ?? []) {
    if (typeof part.text === 'string' && !part.thought) text += part.text;
  }
  return text;
}

function throwIfBlocked(response: GenerateContentResponse): void {
  const blocked = response.promptFeedback?.blockReason;
  if (blocked) throw badResponse(PROVIDER, `Gemini refused the request (${blocked}).`);
}

function throwIfUnfinished(finishReason: string | undefined, wrote: boolean): void {
  if (finishReason && !ANSWERED.has(finishReason)) {
    throw badResponse(PROVIDER, `Gemini stopped without an answer (${finishReason}).`);
  }
  if (!wrote) throw badResponse(PROVIDER, 'Gemini answered with no text.');
}

function failure(error: unknown, deadline: Deadline): AiProviderError {
  if (error instanceof AiProviderError) return error;
  // An abort outranks everything else: the SDK sometimes wraps it in its own error.
  const aborted = deadline.abortError(error);
  if (aborted) return aborted;
  if (error instanceof ApiError) {
    const { message, reason } = apiErrorDetail(error.message);
    // Google answers a wrong key with 400 INVALID_ARGUMENT and reason API_KEY_INVALID, not 401.
    const status = reason === 'API_KEY_INVALID' ? 401 : error.status;
    return httpFailure(PROVIDER, LABEL, status, message, error);
  }
  // The SDK parses answers itself: a body that is not the JSON it expects surfaces as a SyntaxError, or as its own
  // "exception parsing stream chunk" inside a stream.
  if (error instanceof SyntaxError || (error instanceof Error && error.message.startsWith('exception parsing'))) {
    return badResponse(PROVIDER, `Gemini answered something that is not its JSON: ${error.message}`, error);
  }
  return providerFailure(PROVIDER, LABEL, error, deadline);
}

/**
 * ApiError's message is the error body as JSON (`{"error":{"code","message","status","details"}}`), after a
 * "got status: …." prefix when the error came inside a stream.
 */
function apiErrorDetail(text: string): { message: string; reason: string | undefined } {
  const start = text.indexOf('{');
  try {
    const body = JSON.parse(start === -1 ? text : text.slice(start)) as {
      error?: { message?: unknown; details?: { reason?: unknown }[] };
    };
    const message = typeof body.error?.message === 'string' ? body.error.message : text;
    const reason = body.error?.details?.find((d) => typeof d.reason === 'string')?.reason as string | undefined;
    return { message, reason };
  } catch {
    return { message: text, reason: undefined };
  }
}
