import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';

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
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  CORS_ORIGINS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/i, 'BODY_LIMIT looks like 1mb or 512kb')
    .default('1mb'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
});

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
  rateLimitPerMinute: number;
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
  if (e.NODE_ENV === 'production' && !e.QUIRE_SECRET) {
    throw new ConfigError(['QUIRE_SECRET: required in production (at least 32 random characters)']);
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
  };
}
