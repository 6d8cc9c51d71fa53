export { type RenderLimitCode, RenderLimitError, RenderMemoryExceededError, RenderTimeoutError } from './errors';
export { RenderPool, type RenderPoolOptions, type RenderPoolStats, type RunOptions } from './render-pool';
