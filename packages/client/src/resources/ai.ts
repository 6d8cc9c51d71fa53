import type { RequestOptions } from '../core/request';
import { APIResource } from '../core/resource';
import type { AiStream } from '../sse';
import type { AiGenerateParams, AiGenerateResult } from '../types';
import { openStream } from './shared';

/** AI authoring: a template from a sentence. Refine it afterwards with `client.templates.messages`. */
export class AI extends APIResource {
  /** Writes, checks and repairs a new template; answers it with the model's reply and what was checked. */
  generate(body: AiGenerateParams, options?: RequestOptions): Promise<AiGenerateResult> {
    return this._post('/v1/ai/templates', body, options);
  }

  /** `generate`, streamed: progress, text as it is written, then `done` with the result. */
  generateStream(body: AiGenerateParams, options?: RequestOptions): AiStream<AiGenerateResult> {
    return openStream(this._client, '/v1/ai/templates', body, options);
  }
}
