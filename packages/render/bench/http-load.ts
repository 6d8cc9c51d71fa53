/**
 * An HTTP load of one request sent over and over, for the service's HTTP bench (`service/bench/http.bench.ts`).
 * It lives here because autocannon is a devDependency of @quire/render: a module resolves it from its own folder.
 */
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  /** Responses received, whatever their status. */
  responses: number;
  seconds: number;
  responsesPerSecond: number;
  /** Responses with a 2xx status, per second. */
  okPerSecond: number;
  /** Latency of the responses, in ms. */
  p50: number;
  p99: number;
  /** Connection errors (timeouts included). */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Responses by status code. */
  statuses: Record<string, number>;
}

/**
 * Keeps `connections` requests in flight for `durationSeconds`. The client runs in a worker thread of its own
 * (autocannon's `workers`), so that it does not share an event loop with a service started in the same process.
 */
export async function loadTest(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method,
    headers: options.headers,
    body: options.body,
    connections: options.connections,
    duration: options.durationSeconds,
    workers: 1,
    // A render queued behind 31 others on a slow engine must not count as a timeout: the queue is what is measured.
    timeout: 60,
  });
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count ?? 0;
  return {
    responses: result.requests.total,
    seconds: result.duration,
    responsesPerSecond: result.requests.total / result.duration,
    okPerSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses,
  };
}
