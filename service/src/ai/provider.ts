import type { JsonSchemaDocument, PageSetupInput, TemplateContent, TemplateKind } from '@quire/core';

/**
 * The AI provider port. Three adapters implement it: Gemini, any OpenAI-compatible chat endpoint, and Quire's
 * built-in offline provider (the default: it needs no key and no network). Every adapter answers in the same
 * format (see answer-format.ts), so extraction, sanitising and the verify loop do not care which one wrote it.
 */

export interface AiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * What the authoring loop asks, in structured form. Model-backed providers read `messages` (which say the same in
 * words, with Quire's system prompt); the offline provider works from `task`, since it understands requests by
 * rules rather than by reading prose.
 */
export type AiTask =
  | {
      kind: 'generate';
      /** The user's sentence. */
      prompt: string;
      templateKind: TemplateKind;
      page?: PageSetupInput;
      /** The data's JSON Schema (given, or inferred from a data sample or a data source). */
      schema?: JsonSchemaDocument;
      /** Example data, when the user gave some. */
      sample?: Record<string, unknown>;
    }
  | {
      kind: 'refine';
      /** The user's message in the template's thread. */
      instruction: string;
      current: TemplateContent;
      schema?: JsonSchemaDocument;
      /** Earlier turns of the thread, oldest first. */
      history: AiMessage[];
    }
  | {
      kind: 'repair';
      current: TemplateContent;
      /** What the checks found, as the loop reports them to the model. */
      problems: string[];
      schema?: JsonSchemaDocument;
    };

export interface AiRequest {
  messages: AiMessage[];
  task: AiTask;
  /** Default: the provider's. */
  temperature?: number;
  maxOutputTokens?: number;
  /** Aborts the request (timeouts, a client that went away). */
  signal?: AbortSignal;
}

export interface AiProvider {
  /** `offline`, `gemini` or `openai`. */
  readonly name: string;
  /** The model it asks (`quire-offline-1` for the built-in one). */
  readonly model: string;
  /** The whole answer at once. */
  complete(request: AiRequest): Promise<string>;
  /** The answer as it is written: text deltas, concatenated they are what `complete` would return. */
  stream(request: AiRequest): AsyncIterable<string>;
}

/** Thrown by an adapter when its provider cannot answer (down, refused the key, timed out, rate limited). */
export class AiProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly reason: 'unavailable' | 'unauthorized' | 'timeout' | 'rate_limited' | 'bad_response',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AiProviderError';
  }
}
