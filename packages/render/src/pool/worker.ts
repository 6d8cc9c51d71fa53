/**
 * The piscina worker of a RenderPool: runs one task at a time with the handler the task names, taken from the
 * pool's handler module or, by default, Quire's renderer.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { QuireError, TemplateError } from '@quire/core';
import type { CheckResult } from '../check/check';
import type { RenderOptions, RenderResult } from '../types';
import type { PoolWorkerData, QuireErrorMessage, TaskEnvelope, TaskStartedMessage } from './protocol';
import { withTransferableBytes } from './transfer';

type Handler = (input: unknown) => unknown;
type HandlerModule = Record<string, unknown>;

// One Chromium per worker, launched the first time a task asks for it and kept for the worker's life.
let chromium: Promise<import('../chromium/index').ChromiumEngine> | undefined;

/** The default handler: Quire's renderer, loaded on first use so a pool with its own handlers never loads it. */
export async function renderInWorker(options: RenderOptions): Promise<RenderResult> {
  // Literal specifiers, so that the bundler puts the renderer into the built worker file.
  const { renderReport } = await import('../render');
  return renderReport(options, {
    chromium: async () => {
      chromium ??= import('../chromium/index').then(({ ChromiumEngine }) => ChromiumEngine.launch());
      return chromium;
    },
  });
}

/** `check` of a template with its data, off the caller's thread like a render. */
export async function checkInWorker(options: RenderOptions): Promise<CheckResult> {
  const { check } = await import('../check/check');
  return check(options);
}

const defaultHandlers: HandlerModule = { renderReport: renderInWorker, check: checkInWorker };

let handlerModule: Promise<HandlerModule> | undefined;

function loadHandlerModule(): Promise<HandlerModule> {
  if (handlerModule === undefined) {
    const specifier = (workerData as PoolWorkerData | undefined)?.handlerModule;
    handlerModule = specifier === undefined ? Promise.resolve(defaultHandlers) : import(specifier);
  }
  return handlerModule;
}

/**
 * Loads the handlers as the thread starts, and with Quire's renderer renders one small document: loading the
 * renderer, its fonts and pdfmake takes a second or more (several from TypeScript sources), which a render that
 * lands on a fresh thread (the pool's first, or the one that replaced a worker ended for a time limit) would
 * otherwise wait for. It is awaited at the top level: piscina loads this module before it calls the thread ready,
 * so tasks go to the threads that are warm, and a thread never warms up in the background (piscina's idle threads
 * sleep in Atomics.wait, which would freeze it). A failure here is met again, and reported, by the first task.
 */
async function warmUp(): Promise<void> {
  try {
    const handlers = await loadHandlerModule();
    if (handlers !== defaultHandlers) return;
    const { renderReport } = await import('../render');
    await renderReport({ template: { html: '<p>Quire</p>' }, data: {} });
  } catch {
    // See above.
  }
}
await warmUp();

async function findHandler(name: string): Promise<Handler> {
  const handlers = await loadHandlerModule();
  const handler = handlers[name];
  if (typeof handler !== 'function') {
    throw new Error(`The render pool's handler module has no function named "${name}".`);
  }
  return handler as Handler;
}

/** Piscina calls the default export with each task. */
export default async function runTask(task: TaskEnvelope): Promise<unknown> {
  const handler = await findHandler(task.handler);
  const started: TaskStartedMessage = { type: 'quire:task-started', id: task.id };
  parentPort?.postMessage(started);
  try {
    return withTransferableBytes(await handler(task.input));
  } catch (error) {
    if (!QuireError.isInstance(error)) throw error;
    const message: QuireErrorMessage = {
      type: 'quire:error',
      code: error.code,
      message: error.message,
      ...(error.param === undefined ? {} : { param: error.param }),
      details: error.details,
      template: error instanceof TemplateError || error.name === 'TemplateError',
    };
    return message;
  }
}
