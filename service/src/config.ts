import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EngineName } from '@quire/render';
import { z } from 'zod';
import { type AllowRule, parseAllowList } from './outbound/addresses';

/** The engines QUIRE_RENDER_ENGINE may name: @quire/render's, checked against its EngineName type. */
export const RENDER_ENGINES = ['pdfmake', 'quire', 'chromium'] as const satisfies readonly EngineName[];

/** A limit: a positive whole number, with its default. */
const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  QUIRE_DATA_DIR: z.string().min(1).default('.quire-data'),
  QUIRE_SECRET: z.string().min(32, 'QUIRE_SECRET must be at least 32 characters').optional(),
  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'MONGODB_URI must start with mongodb:// or mongodb+srv://')
    .optional(),
  // Blank (`SMTP_URL=` in an env file) means not set.
  SMTP_URL: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
  ),
  CORS_ORIGINS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/i, 'BODY_LIMIT looks like 1mb or 512kb')
    .default('1mb'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  QUIRE_SIGNUP_LIMIT_PER_ADDRESS: count(10),
  QUIRE_SIGNUP_LIMIT_PER_EMAIL: count(3),
  QUIRE_RECOVER_LIMIT_PER_ADDRESS: count(10),
  QUIRE_RECOVER_LIMIT_PER_EMAIL: count(3),
  QUIRE_RESEND_LIMIT_PER_ADDRESS: count(10),
  QUIRE_RESEND_LIMIT_PER_EMAIL: count(3),
  QUIRE_CONTACT_LIMIT_PER_ADDRESS: count(5),
  QUIRE_CONTACT_LIMIT_PER_EMAIL: count(3),
  QUIRE_OUTBOUND_ALLOW: z.string().optional(),
  QUIRE_RENDER_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  QUIRE_PREVIEW_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  QUIRE_RENDER_ENGINE: z.enum(RENDER_ENGINES).default('quire'),
  QUIRE_RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  QUIRE_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  QUIRE_JOB_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  QUIRE_WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(10_000),
  QUIRE_REPORTS_READING: z.enum(['table', 'listing']).default('table'),
  QUIRE_AI_PROVIDER: z.enum(['offline', 'gemini', 'openai']).default('offline'),
  QUIRE_AI_MODEL: z.string().min(1).optional(),
  QUIRE_AI_API_KEY: z.string().min(1).optional(),
  QUIRE_AI_BASE_URL: z.url().optional(),
  QUIRE_AI_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(120_000),
  // Blank (`QUIRE_SITE_DIR=`) means no site: the service answers the API alone.
  QUIRE_SITE_DIR: z.string().optional(),
});

/** The web app's build in this repository (site/dist), which the service serves at `/` unless told otherwise. */
export const DEFAULT_SITE_DIR = fileURLToPath(new URL('../../site/dist', import.meta.url));

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  secret: string;
  /** True when the secret was generated and kept in the data directory (fine for one machine, not for several). */
  secretGenerated: boolean;
  mongodbUri: string | undefined;
  smtpUrl: string | undefined;
  corsOrigins: string[];
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  bodyLimit: string;
  /** Requests per minute per credential (user or API key), and per client address without a valid one. */
  rateLimitPerMinute: number;
  /**
   * The public forms that send mail, each with its own limits per client address and per target email address:
   * sign-up, recover and resend per hour, the contact form per 10 minutes per address and per hour per email.
   */
  formLimits: Record<'signup' | 'recover' | 'resend' | 'contact', { perAddress: number; perEmail: number }>;
  /**
   * QUIRE_OUTBOUND_ALLOW: host names, addresses or CIDR ranges (each with an optional `:port`) that data sources
   * and webhooks may reach although they are loopback, private or link-local. Empty by default.
   */
  outboundAllow: AllowRule[];
  /** Render worker threads for reports (QUIRE_RENDER_WORKERS); default: the machine's parallelism. */
  renderWorkers: number | undefined;
  /**
   * Render worker threads kept for previews and checks (QUIRE_PREVIEW_WORKERS, default 1), so that a preview never
   * waits behind reports.
   */
  previewWorkers: number;
  /**
   * The engine of every PDF the service renders (QUIRE_RENDER_ENGINE, default quire); `chromium` needs Chromium
   * installed on the machine, which each render worker launches on its first render.
   */
  renderEngine: EngineName;
  /** QUIRE_RENDER_TIMEOUT_MS: the longest any render may run, whatever the plan allows; unset: the plans' limits. */
  renderTimeoutMs: number | undefined;
  /** Jobs one process renders at once (QUIRE_JOB_CONCURRENCY, default 2). */
  jobConcurrency: number;
  /** How long a claimed job holds without a heartbeat (QUIRE_JOB_LEASE_MS, default 30 s). */
  jobLeaseMs: number;
  /** The first webhook retry's delay; each next one doubles (QUIRE_WEBHOOK_RETRY_BASE_MS, default 10 s). */
  webhookRetryBaseMs: number;
  /**
   * The AI provider (QUIRE_AI_PROVIDER: `offline`, the default, needs nothing; `gemini` and `openai` need a key,
   * except an OpenAI-compatible server on the operator's own network such as Ollama), with its model, key, base URL
   * (QUIRE_AI_BASE_URL: Ollama, vLLM, LM Studio, OpenRouter...) and the time one request may take.
   */
  ai: {
    provider: 'offline' | 'gemini' | 'openai';
    model: string | undefined;
    apiKey: string | undefined;
    baseUrl: string | undefined;
    timeoutMs: number;
  };
  /** Which of the seed's two readings of monthly report limits applies (QUIRE_REPORTS_READING). */
  reportsReading: 'table' | 'listing';
  /**
   * The web app's build to serve at `/` (QUIRE_SITE_DIR; default: this repository's site/dist, except under
   * NODE_ENV=test, where tests ask for it). Undefined: no site, the API alone.
   */
  siteDir: string | undefined;
}

/** A configuration problem, with every bad variable named: the service refuses to start with it. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and checks the environment at boot. Without QUIRE_SECRET in development, a random secret is kept in the
 * data directory so that sessions survive restarts; production refuses to start without one.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const dataDir = isAbsolute(e.QUIRE_DATA_DIR) ? e.QUIRE_DATA_DIR : resolve(cwd, e.QUIRE_DATA_DIR);
  if (e.NODE_ENV === 'production') {
    const missing: string[] = [];
    if (!e.QUIRE_SECRET) missing.push('QUIRE_SECRET: required in production (at least 32 random characters)');
    // Without SMTP, mail goes to the development outbox: files on this machine that no user ever receives, holding
    // working sign-in links. A production service must deliver its mail or not start.
    if (!e.SMTP_URL) {
      missing.push(
        'SMTP_URL: required in production: confirmation, password reset and invitation links are mailed to users ' +
          '(without it they would only be written to the development outbox on this machine)',
      );
    }
    if (missing.length > 0) throw new ConfigError(missing);
  }
  let secret = e.QUIRE_SECRET;
  let secretGenerated = false;
  if (!secret) {
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, 'secret');
    if (existsSync(file)) secret = readFileSync(file, 'utf8').trim();
    else {
      secret = randomBytes(48).toString('base64url');
      writeFileSync(file, secret, { mode: 0o600 });
    }
    secretGenerated = true;
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const corsOrigins = (e.CORS_ORIGINS ?? new URL(publicUrl).origin)
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (e.QUIRE_AI_PROVIDER === 'gemini' && !e.QUIRE_AI_API_KEY) {
    throw new ConfigError(['QUIRE_AI_API_KEY: required when QUIRE_AI_PROVIDER=gemini']);
  }
  if (e.QUIRE_AI_PROVIDER === 'openai' && !e.QUIRE_AI_API_KEY && !e.QUIRE_AI_BASE_URL) {
    throw new ConfigError([
      'QUIRE_AI_API_KEY: required when QUIRE_AI_PROVIDER=openai, unless QUIRE_AI_BASE_URL names a server that needs none (Ollama)',
    ]);
  }
  let outboundAllow: AllowRule[];
  try {
    outboundAllow = parseAllowList(e.QUIRE_OUTBOUND_ALLOW);
  } catch (error) {
    throw new ConfigError([`QUIRE_OUTBOUND_ALLOW: ${(error as Error).message}`]);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    secret,
    secretGenerated,
    mongodbUri: e.MONGODB_URI,
    smtpUrl: e.SMTP_URL,
    corsOrigins,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    formLimits: {
      signup: { perAddress: e.QUIRE_SIGNUP_LIMIT_PER_ADDRESS, perEmail: e.QUIRE_SIGNUP_LIMIT_PER_EMAIL },
      recover: { perAddress: e.QUIRE_RECOVER_LIMIT_PER_ADDRESS, perEmail: e.QUIRE_RECOVER_LIMIT_PER_EMAIL },
      resend: { perAddress: e.QUIRE_RESEND_LIMIT_PER_ADDRESS, perEmail: e.QUIRE_RESEND_LIMIT_PER_EMAIL },
      contact: { perAddress: e.QUIRE_CONTACT_LIMIT_PER_ADDRESS, perEmail: e.QUIRE_CONTACT_LIMIT_PER_EMAIL },
    },
    outboundAllow,
    renderWorkers: e.QUIRE_RENDER_WORKERS,
    previewWorkers: e.QUIRE_PREVIEW_WORKERS,
    renderEngine: e.QUIRE_RENDER_ENGINE,
    renderTimeoutMs: e.QUIRE_RENDER_TIMEOUT_MS,
    jobConcurrency: e.QUIRE_JOB_CONCURRENCY,
    jobLeaseMs: e.QUIRE_JOB_LEASE_MS,
    webhookRetryBaseMs: e.QUIRE_WEBHOOK_RETRY_BASE_MS,
    reportsReading: e.QUIRE_REPORTS_READING,
    siteDir: siteDirOf(e.QUIRE_SITE_DIR, e.NODE_ENV, cwd),
    ai: {
      provider: e.QUIRE_AI_PROVIDER,
      model: e.QUIRE_AI_MODEL,
      apiKey: e.QUIRE_AI_API_KEY,
      baseUrl: e.QUIRE_AI_BASE_URL,
      timeoutMs: e.QUIRE_AI_TIMEOUT_MS,
    },
  };
}

function siteDirOf(value: string | undefined, env: Config['env'], cwd: string): string | undefined {
  if (value === undefined) return env === 'test' ? undefined : DEFAULT_SITE_DIR;
  if (value.trim() === '') return undefined;
  return isAbsolute(value) ? value : resolve(cwd, value);
}
