/**
 * The workspace's test kit: the real Quire service for the packages' tests (client, mcp), as their users meet it.
 * These declarations are what those packages type-check against; the implementation (src/index.ts) imports the
 * service's sources, which are checked by the service and by this package only, with their own options.
 */

/** The real service app, in this process, on a loopback port, on its embedded store in a temporary directory. */
export interface RunningService {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** The data directory: the embedded store, the files and the development outbox. */
  readonly dataDir: string;
  /** Stops the server, the service's workers and its stores, and removes the data directory. */
  close(): Promise<void>;
}

export interface StartServiceOptions {
  /**
   * More configuration, as environment variables (`QUIRE_AI_PROVIDER`, `QUIRE_REPORTS_READING`…). The kit sets
   * `NODE_ENV=test`, the data directory and a silent log, and raises the limits of the public forms (sign-up,
   * recover, resend, contact: `QUIRE_*_LIMIT_PER_ADDRESS`, `QUIRE_*_LIMIT_PER_EMAIL`), since a test signs many
   * people up from one address; the machine's own environment is not read, so a `MONGODB_URI` or `SMTP_URL` there
   * changes nothing.
   */
  env?: Record<string, string>;
}

/** Starts the service's own app (its createApp and loadConfig) on 127.0.0.1 and a free port. */
export declare function startService(options?: StartServiceOptions): Promise<RunningService>;

/** A confirmed, signed-in person: their access token, their id and address, and their personal team. */
export interface Account {
  token: string;
  userId: string;
  email: string;
  teamId: string;
}

/**
 * Signs a new person up as a user does: sign-up, the confirmation link from the development outbox, sign-in.
 * `name` goes into the address (made unique) and the person's full name.
 */
export declare function signUp(service: RunningService, name?: string): Promise<Account>;

/** A role an API key can have. */
export type ApiKeyRole = 'admin' | 'editor' | 'member' | 'viewer';

export interface CreateApiKeyOptions {
  /** Default: `<the account's email> key`. */
  name?: string;
  /** Default `editor`. */
  role?: ApiKeyRole;
}

/** Creates a team API key with the person's token (as an owner does under Settings → API keys): its secret. */
export declare function createApiKey(
  service: RunningService,
  account: Account,
  options?: CreateApiKeyOptions,
): Promise<string>;

/** A monthly limit of a plan. */
export type MonthlyLimit = 'reports_per_month' | 'api_calls_per_month' | 'ai_requests_per_month';

/**
 * Takes what is left of a team's monthly limit this month, as if that many reports (API calls, AI requests) had
 * been made, through the service's own usage meter. Answers a function that gives them back.
 */
export declare function useUpMonthlyLimit(
  service: RunningService,
  teamId: string,
  limit: MonthlyLimit,
): Promise<() => Promise<void>>;

/** The service's OpenAPI document, as GET /openapi.json serves it. */
export declare function openApiDocument(): Promise<Record<string, unknown>>;
