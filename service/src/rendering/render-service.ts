import { availableParallelism } from 'node:os';
import { type Plan, QuireError } from '@quire/core';
import type {
  CheckResult,
  EngineName,
  FontFaces,
  OutputLimits,
  RenderOptions,
  RenderPool,
  RenderResult,
  RunOptions,
} from '@quire/render';
import { FairQueue, type LaneStats, type RenderLane } from './fair-queue';

export interface RenderServiceDeps {
  /** Runs tasks on worker threads (with time limits that end the worker); it should have a thread per place. */
  pool: Pick<RenderPool, 'run'>;
  /** Renders at once in each lane: the pool's threads, split between reports and previews. */
  lanes: Record<RenderLane, number>;
  /** The team's plan, whose `rendering` figures bound its renders. */
  planOf(teamId: string): Promise<Plan>;
  /** The operator's cap on any render's time (QUIRE_RENDER_TIMEOUT_MS), below the plans' own limits. */
  maxTimeoutMs?: number | undefined;
  /** The engine of every render (QUIRE_RENDER_ENGINE); unset: the renderer's default. */
  engine?: EngineName | undefined;
  /**
   * The team's uploaded font families its template names, for RenderOptions.fonts (see fonts/library.ts); every
   * render of a team gets them. Renders no team asked for (the AI's checks) bring their own in their options.
   */
  fontsOf?(teamId: string, template: unknown): Promise<Record<string, FontFaces> | undefined>;
}

/** Renders of a team, on the lane of their kind, within the team's plan. */
export interface RenderService {
  /** A report (synchronous or a job's): the reports lane. */
  report(teamId: string, options: RenderOptions): Promise<RenderResult>;
  /**
   * A preview: the previews lane. `teamId` null for renders no team asked for (the AI's checks of what it wrote):
   * they share one place in the rotation, with the pool's own time limit and no output caps.
   */
  preview(teamId: string | null, options: RenderOptions): Promise<RenderResult>;
  /** A check of a template with data: the previews lane. */
  check(teamId: string | null, options: RenderOptions): Promise<CheckResult>;
  stats(): Record<RenderLane, LaneStats>;
}

/** The lanes' threads as configured: QUIRE_RENDER_WORKERS (default: the machine's parallelism) and QUIRE_PREVIEW_WORKERS. */
export function renderLanesOf(config: { renderWorkers: number | undefined; previewWorkers: number }) {
  return { reports: config.renderWorkers ?? availableParallelism(), previews: config.previewWorkers };
}

/** The rotation's name for renders no team asked for; team ids never look like it. */
const UNATTRIBUTED = ':unattributed';

interface Bounds {
  plan: Plan | undefined;
  concurrency: number;
  timeoutMs: number | undefined;
  limits: OutputLimits | undefined;
}

const fmt = (n: number) => n.toLocaleString('en-US');
const seconds = (ms: number) => `${fmt(Math.round(ms / 100) / 10)} s`;

/**
 * The render pool shared fairly between teams. Every render waits in its team's queue of its lane (see
 * FairQueue), runs with its plan's time limit (the pool ends the worker thread of a render that runs over, and
 * starts another) and its plan's output caps, and fails with a typed 422 naming the limit it went over:
 * `render_timeout` or `render_output_too_large`.
 */
export function createRenderService(deps: RenderServiceDeps): RenderService {
  const queue = new FairQueue(deps.lanes);

  async function boundsOf(teamId: string | null, lane: RenderLane): Promise<Bounds> {
    if (teamId === null) {
      return { plan: undefined, concurrency: deps.lanes[lane], timeoutMs: deps.maxTimeoutMs, limits: undefined };
    }
    const plan = await deps.planOf(teamId);
    const figures = plan.rendering;
    const timeoutMs = Math.min(figures.render_time_limit_ms, deps.maxTimeoutMs ?? Number.POSITIVE_INFINITY);
    return {
      plan,
      concurrency: figures.concurrent_renders,
      timeoutMs,
      limits: { pdfPages: figures.pdf_max_pages, pdfBytes: figures.pdf_max_bytes, htmlBytes: figures.html_max_bytes },
    };
  }

  async function run<TOut>(
    teamId: string | null,
    lane: RenderLane,
    options: RenderOptions,
    handler?: string,
  ): Promise<TOut> {
    const bounds = await boundsOf(teamId, lane);
    const fonts = teamId !== null && deps.fontsOf ? await deps.fontsOf(teamId, options.template) : undefined;
    const release = await queue.acquire(lane, teamId ?? UNATTRIBUTED, bounds.concurrency);
    try {
      const input: RenderOptions = {
        ...options,
        ...(fonts ? { fonts: { ...options.fonts, ...fonts } } : {}),
        ...(deps.engine ? { engine: deps.engine } : {}),
        ...(bounds.limits ? { limits: bounds.limits } : {}),
      };
      const runOptions: RunOptions = {
        ...(handler ? { handler } : {}),
        ...(bounds.timeoutMs === undefined ? {} : { timeoutMs: bounds.timeoutMs }),
      };
      return await deps.pool.run<RenderOptions, TOut>(input, runOptions);
    } catch (error) {
      throw explain(error, bounds);
    } finally {
      release();
    }
  }

  return {
    report: (teamId, options) => run<RenderResult>(teamId, 'reports', options),
    preview: (teamId, options) => run<RenderResult>(teamId, 'previews', options),
    check: (teamId, options) => run<CheckResult>(teamId, 'previews', options, 'check'),
    stats: () => queue.stats(),
  };
}

/** The pool's RenderTimeoutError, recognised by its shape (another installed copy of @quire/render may make it). */
function isRenderTimeout(error: unknown): error is Error & { timeoutMs: number } {
  const { code, timeoutMs } = (error ?? {}) as { code?: unknown; timeoutMs?: unknown };
  return error instanceof Error && code === 'render_timeout' && typeof timeoutMs === 'number';
}

/** The limit a render went over, as the API's typed error naming it (and the plan whose limit it is). */
function explain(error: unknown, bounds: Bounds): unknown {
  const { plan } = bounds;
  if (isRenderTimeout(error)) {
    const max = error.timeoutMs;
    const whose =
      plan && max === plan.rendering.render_time_limit_ms ? `the limit of the ${plan.name} plan` : 'the time limit';
    return new QuireError('render_timeout', {
      message: `The render ran longer than ${seconds(max)}, ${whose}, and was stopped.`,
      details: { limit: 'render_time_limit_ms', max, ...(plan ? { plan: plan.id } : {}) },
      cause: error,
    });
  }
  if (QuireError.isInstance(error) && error.code === 'render_output_too_large' && plan) {
    return new QuireError('render_output_too_large', {
      message: `${error.message} The ${plan.name} plan's limit applies; upgrade the plan for larger reports.`,
      details: { ...error.details, plan: plan.id },
      cause: error,
    });
  }
  return error;
}
