import { usageError } from './core/errors';
import { type ClientConfig, type Fetch, type RequestOptions, type RequestSpec, send } from './core/request';
import { env } from './internal/utils';
import { AI } from './resources/ai';
import { ApiKeys } from './resources/api-keys';
import { DataSources } from './resources/data-sources';
import { EmbedTokens } from './resources/embed-tokens';
import { Fonts } from './resources/fonts';
import { Jobs, Reports } from './resources/reports';
import { Team } from './resources/team';
import { Templates } from './resources/templates';
import { AuditLog, Plans, Starters, Subscription, Usage } from './resources/usage';
import { Webhooks } from './resources/webhooks';

export interface ClientOptions {
  /**
   * A team API key (`qk_live_…`) or a person's access token. Default: the QUIRE_API_KEY environment variable;
   * without either, the constructor throws. `null` makes a client without credentials, for the public routes
   * alone (plans, starters).
   */
  apiKey?: string | null | undefined;
  /** Where the service is. Default: QUIRE_BASE_URL, else http://localhost:3000. */
  baseUrl?: string | undefined;
  /** The team to act for (`Quire-Team`), for a person's token; an API key acts for its own team. */
  team?: string | undefined;
  /** Replaces the global fetch (a proxy's, a test's, an older runtime's). */
  fetch?: Fetch | undefined;
  /** Milliseconds to wait for each attempt's answer. Default 60 000. */
  timeout?: number | undefined;
  /** Retries of a failed request (408, 409 in use, 429, 5xx, no connection). Default 2. */
  maxRetries?: number | undefined;
  /** Headers to send with every request. */
  headers?: Record<string, string> | undefined;
}

/**
 * The Quire API client.
 *
 * ```ts
 * const quire = new Quire({ apiKey: process.env.QUIRE_API_KEY });
 * const file = await quire.reports.createFile({ template_id, data });
 * ```
 */
export class Quire {
  readonly templates: Templates = new Templates(this);
  readonly reports: Reports = new Reports(this);
  readonly jobs: Jobs = new Jobs(this);
  readonly ai: AI = new AI(this);
  readonly dataSources: DataSources = new DataSources(this);
  readonly fonts: Fonts = new Fonts(this);
  readonly apiKeys: ApiKeys = new ApiKeys(this);
  readonly embedTokens: EmbedTokens = new EmbedTokens(this);
  readonly team: Team = new Team(this);
  readonly usage: Usage = new Usage(this);
  readonly plans: Plans = new Plans(this);
  readonly subscription: Subscription = new Subscription(this);
  readonly starters: Starters = new Starters(this);
  readonly auditLog: AuditLog = new AuditLog(this);
  readonly webhooks: Webhooks = new Webhooks(this);

  readonly #options: ClientOptions;
  readonly #config: ClientConfig;

  constructor(options: ClientOptions = {}) {
    const apiKey = options.apiKey === null ? undefined : (options.apiKey ?? env('QUIRE_API_KEY'))?.trim();
    // Said here rather than as a 401 at the first call, which would not say where the key was to come from.
    if (options.apiKey !== null && !apiKey) {
      throw usageError(
        'No API key: pass apiKey to new Quire() (a team API key, qk_live_…, or a person’s access token), or set the ' +
          'QUIRE_API_KEY environment variable. For the public routes alone (plans, starters), pass apiKey: null.',
      );
    }
    this.#options = options;
    this.#config = {
      apiKey,
      baseUrl: (options.baseUrl ?? env('QUIRE_BASE_URL') ?? 'http://localhost:3000').replace(/\/+$/, ''),
      team: options.team,
      // Looked up at each call, so that a fetch installed later (a polyfill, a test's mock) is used.
      fetch: options.fetch ?? ((url, init) => fetch(url, init)),
      timeout: options.timeout ?? 60_000,
      maxRetries: options.maxRetries ?? 2,
      headers: options.headers ?? {},
    };
  }

  get baseUrl(): string {
    return this.#config.baseUrl;
  }

  /** A client like this one with some options changed: `quire.withOptions({ team: 'team_…' })`. */
  withOptions(options: ClientOptions): Quire {
    return new Quire({ ...this.#options, ...options });
  }

  /**
   * Any request to the API, with the client's credentials, retries and errors: for routes this client has no
   * method for. Answers the parsed JSON body, or the Response itself with `raw: true`.
   */
  request<T = unknown>(spec: RequestSpec & { raw?: false }, options?: RequestOptions): Promise<T>;
  request(spec: RequestSpec & { raw: true }, options?: RequestOptions): Promise<Response>;
  request(spec: RequestSpec, options?: RequestOptions): Promise<unknown> {
    return send(this.#config, spec, options);
  }
}
