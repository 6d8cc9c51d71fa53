import { QuireError } from '@quire/core';
import { RenderPool } from '@quire/render';
import type { SourcePreview } from './preview';
import type { Loaded } from './rows';
import type { StaticSettings } from './static-source';

/** Parses static uploads (JSON, CSV) away from the service's event loop. */
export interface StaticParser {
  /** Parses the content as a save does; throws validation_failed (param `content`) when it does not parse. */
  check(settings: StaticSettings): Promise<void>;
  /** The rows or the object a report renders with. */
  load(settings: StaticSettings): Promise<Loaded>;
  /** The preview's answer, computed where the content is parsed (only the first rows come back). */
  preview(settings: StaticSettings, limit: number): Promise<SourcePreview>;
  /** Ends the worker thread. */
  close(): Promise<void>;
}

/** The longest one parse may take: 5 MB parse in well under a second; anything slower is stopped. */
export const PARSE_TIME_LIMIT_MS = 10_000;

const HANDLERS = new URL('./parse-worker.ts', import.meta.url);

/**
 * A parser on one worker thread, started on first use, with a time budget per parse: a parse over it ends the
 * thread (a fresh one takes the next parse) and fails with data_source_error, or validation_failed on a save.
 */
export function workerParser(options: { timeoutMs?: number } = {}): StaticParser {
  const timeoutMs = options.timeoutMs ?? PARSE_TIME_LIMIT_MS;
  let pool: RenderPool | undefined;

  async function run<TOut>(handler: string, input: unknown, saving = false): Promise<TOut> {
    pool ??= new RenderPool({ workers: 1, handlerModule: HANDLERS, timeoutMs });
    try {
      return await pool.run<unknown, TOut>(input, { handler });
    } catch (error) {
      throw explain(error, timeoutMs, saving);
    }
  }

  return {
    async check(settings) {
      await run<null>('checkStatic', settings, true);
    },
    load: (settings) => run<Loaded>('loadStaticRows', settings),
    preview: (settings, limit) => run<SourcePreview>('previewStatic', { settings, limit }),
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}

/** A parse the pool stopped, as the error of a data source (or of the body being saved). */
function explain(error: unknown, timeoutMs: number, saving: boolean): unknown {
  const code = (error as { code?: unknown } | undefined)?.code;
  let reason: string;
  if (code === 'render_timeout') reason = `took longer than ${timeoutMs / 1000} s to parse`;
  else if (code === 'render_memory_exceeded') reason = 'needed more memory to parse than the limit allows';
  else return error;
  if (saving) {
    return new QuireError('validation_failed', { param: 'content', message: `content: ${reason}`, cause: error });
  }
  return new QuireError('data_source_error', { message: `The content ${reason}.`, cause: error });
}
