import type { AiProvider, AiRequest, AiTask } from '../provider';
import { chunks, type OfflineAnswer, writeAnswer } from './answer';
import { generateEmail, refineEmail, repairEmail } from './email/index';
import { generate } from './generate';
import { refine } from './refine';
import { repair } from './repair';

/**
 * Quire's built-in AI provider: it needs no key and no network, and is the default. It reads the structured task
 * (not the prose messages) with rules, keeps an explicit model of the document (spec.ts), and composes templates
 * from a library of blocks (blocks/). It says plainly when it cannot do what was asked.
 */
export function offlineProvider(): AiProvider {
  return {
    name: 'offline',
    model: 'quire-offline-1',
    async complete(request: AiRequest): Promise<string> {
      request.signal?.throwIfAborted();
      return writeAnswer(offlineAnswer(request.task));
    },
    async *stream(request: AiRequest): AsyncIterable<string> {
      request.signal?.throwIfAborted();
      const text = writeAnswer(offlineAnswer(request.task));
      for (const piece of chunks(text)) {
        request.signal?.throwIfAborted();
        yield piece;
      }
    },
  };
}

/** The answer as parts, for callers that want the template rather than the text (tests, the footer). */
export function offlineAnswer(task: AiTask): OfflineAnswer {
  switch (task.kind) {
    case 'generate': {
      if (task.templateKind === 'email') {
        return generateEmail({
          prompt: task.prompt,
          ...(task.schema ? { schema: task.schema } : {}),
          ...(task.sample ? { sample: task.sample } : {}),
        });
      }
      const result = generate({
        prompt: task.prompt,
        ...(task.page ? { page: task.page } : {}),
        ...(task.schema ? { schema: task.schema } : {}),
        ...(task.sample ? { sample: task.sample } : {}),
      });
      return { reply: result.reply, content: result.content };
    }
    case 'refine':
      if (task.current.kind === 'email') return refineEmail(task.instruction, task.current);
      return refine(task.instruction, task.current, task.schema);
    case 'repair':
      if (task.current.kind === 'email') return repairEmail(task.current, task.problems);
      return repair(task.current, task.problems);
  }
}

export { writeAnswer } from './answer';
export type { DocumentSpec } from './spec';
