import type { Config } from '../../config';
import type { AiProvider } from '../provider';
import { geminiProvider } from './gemini';
import { openAiCompatibleProvider } from './openai-compatible';

export { type GeminiProviderOptions, geminiProvider } from './gemini';
export { type OpenAiCompatibleOptions, openAiCompatibleProvider } from './openai-compatible';

/**
 * The provider the configuration names. The offline provider is built elsewhere (ai/offline) and passed in, so this
 * module does not depend on it.
 */
export function createAiProvider(ai: Config['ai'], { offline }: { offline: AiProvider }): AiProvider {
  switch (ai.provider) {
    case 'offline':
      return offline;
    case 'gemini':
      // loadConfig refuses to start without a key for Gemini; this guards callers that build the config by hand.
      if (!ai.apiKey) throw new Error('QUIRE_AI_API_KEY is required when QUIRE_AI_PROVIDER=gemini');
      return geminiProvider({ apiKey: ai.apiKey, model: ai.model, baseUrl: ai.baseUrl, timeoutMs: ai.timeoutMs });
    case 'openai':
      return openAiCompatibleProvider({
        apiKey: ai.apiKey,
        model: ai.model,
        baseUrl: ai.baseUrl,
        timeoutMs: ai.timeoutMs,
      });
  }
}
