import type { AiStream } from '@quire/client';
import type { ToolContext } from './tool';

/**
 * Reads an AI stream to its result, telling the MCP client each stage (writing, checking, repairing) as progress:
 * a client that resets its timeout on progress then waits as long as the model takes.
 */
export async function followAiStream<Result>(stream: AiStream<Result>, context: ToolContext): Promise<Result> {
  let step = 0;
  for await (const event of stream) {
    if (event.type === 'progress') {
      step += 1;
      const round = event.round ? ` (round ${event.round})` : '';
      await context.progress(step, `${event.stage}${round}`);
    }
    if (event.type === 'done') return event.result;
  }
  // AiStream throws before this when the stream ends without its done event.
  throw new Error('The AI stream ended without a result.');
}
