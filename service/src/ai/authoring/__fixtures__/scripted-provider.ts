import { type AiProvider, AiProviderError, type AiRequest } from '../../provider';

/** One scripted answer: text, a function of the request, or a failure. */
export type Step =
  | string
  | ((request: AiRequest) => string)
  | { fail: AiProviderError }
  /** Never answers: only the request's signal ends it (as a provider that hangs would). */
  | { hang: true };

/**
 * Stands in for a model at the port boundary: replays canned answers in order, then keeps repeating the last one
 * (a model that never fixes its mistake). Streams each answer in small chunks, so deltas can be seen.
 */
export class ScriptedProvider implements AiProvider {
  readonly name = 'scripted';
  readonly model = 'scripted-1';
  /** Every request, in order: tests read the tasks and messages the loop sent. */
  readonly requests: AiRequest[] = [];
  private steps: Step[] = [];
  private next = 0;

  /** Starts a new script (and forgets the requests of the previous one). */
  script(...steps: Step[]): this {
    this.steps = steps;
    this.next = 0;
    this.requests.length = 0;
    return this;
  }

  private take(request: AiRequest): Step {
    this.requests.push(request);
    const step = this.steps[Math.min(this.next, this.steps.length - 1)];
    this.next += 1;
    if (step === undefined) throw new Error('ScriptedProvider: no script');
    return step;
  }

  private async answer(request: AiRequest): Promise<string> {
    const step = this.take(request);
    if (typeof step === 'string') return step;
    if (typeof step === 'function') return step(request);
    if ('fail' in step) throw step.fail;
    return new Promise<string>((_resolve, reject) => {
      const abort = () =>
        reject(new AiProviderError(this.name, 'timeout', 'aborted', { cause: request.signal?.reason }));
      if (request.signal?.aborted) abort();
      request.signal?.addEventListener('abort', abort, { once: true });
    });
  }

  complete(request: AiRequest): Promise<string> {
    return this.answer(request);
  }

  async *stream(request: AiRequest): AsyncIterable<string> {
    const text = await this.answer(request);
    for (let at = 0; at < text.length; at += 40) {
      await new Promise((resolve) => setImmediate(resolve));
      yield text.slice(at, at + 40);
    }
  }
}
