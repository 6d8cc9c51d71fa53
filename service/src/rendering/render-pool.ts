import {
  type CheckResult,
  type RenderOptions,
  RenderPool,
  type RenderPoolOptions,
  type RenderResult,
  type RunOptions,
} from '@quire/render';
import type { RenderService } from './render-service';

/** What the service needs of a render pool: run a task, and end the workers at shutdown. */
export interface ServiceRenderPool {
  run<TIn, TOut>(input: TIn, options?: RunOptions): Promise<TOut>;
  destroy(): Promise<void>;
}

/**
 * A RenderPool started on the first render rather than at boot: worker threads cost memory and start-up time, and
 * many processes (tests, a replica that only serves reads) never render.
 */
export function lazyRenderPool(options: RenderPoolOptions = {}): ServiceRenderPool {
  let pool: RenderPool | undefined;
  return {
    run(input, runOptions) {
      pool ??= new RenderPool(options);
      return pool.run(input, runOptions);
    },
    async destroy() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}

/**
 * Previews and checks of templates straight on a pool: untrusted templates never block the service's event loop.
 * The service itself goes through `serviceRenderer`, which adds the teams' queues and plan limits.
 */
export function poolRenderer(pool: ServiceRenderPool) {
  return {
    render: (options: RenderOptions) => pool.run<RenderOptions, RenderResult>(options),
    check: (options: RenderOptions) => pool.run<RenderOptions, CheckResult>(options, { handler: 'check' }),
  };
}

/** Previews and checks on the previews lane of the render service, for the team that asks (null: no team). */
export function serviceRenderer(service: Pick<RenderService, 'preview' | 'check'>) {
  return {
    render: (options: RenderOptions, teamId?: string) => service.preview(teamId ?? null, options),
    check: (options: RenderOptions, teamId?: string) => service.check(teamId ?? null, options),
  };
}
