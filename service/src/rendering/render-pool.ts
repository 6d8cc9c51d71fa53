import {
  type CheckResult,
  type RenderOptions,
  RenderPool,
  type RenderPoolOptions,
  type RenderResult,
  type RunOptions,
} from '@quire/render';

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

/** Previews and checks of templates on the pool: untrusted templates never block the service's event loop. */
export function poolRenderer(pool: ServiceRenderPool) {
  return {
    render: (options: RenderOptions) => pool.run<RenderOptions, RenderResult>(options),
    check: (options: RenderOptions) => pool.run<RenderOptions, CheckResult>(options, { handler: 'check' }),
  };
}
