import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CommandError, stopAll, tailOf } from './processes';

/**
 * How long the packages' builds may take: about 2.5 minutes on an idle 2-core machine (the type declarations of
 * @quire/react and @quire/mcp are most of it), several times that on a shared, loaded one.
 */
export const BUILD_TIMEOUT_MS = 600_000;

/** The repository's root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Logs whose tails are printed when the run fails. */
const logs: { name: string; file: string }[] = [];

export function showLogOnFailure(name: string, file: string): void {
  logs.push({ name, file });
}

const cleanups: (() => Promise<void>)[] = [];

/** Registers something to undo at the end (last registered, first done), on success, failure or interruption. */
export function onCleanup(fn: () => Promise<void>): void {
  cleanups.push(fn);
}

let cleaning: Promise<void> | undefined;

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const fn of cleanups.reverse()) {
      await fn().catch((error: unknown) => console.error(`cleanup: ${error instanceof Error ? error.message : error}`));
    }
    await stopAll();
  })();
  return cleaning;
}

/** A temporary directory, removed at the end unless QUIRE_E2E_KEEP=1 (then its path is printed). */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  onCleanup(async () => {
    if (process.env.QUIRE_E2E_KEEP === '1') console.log(`kept ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  });
  return dir;
}

let count = 0;
let passed = 0;

/** Runs one step, printing its name, how long it took, and what went wrong. */
export async function step<T>(title: string, fn: () => Promise<T>): Promise<T> {
  count += 1;
  const started = performance.now();
  console.log(`\n▶ ${count}. ${title}`);
  try {
    const result = await fn();
    console.log(`✓ ${count}. ${title} (${seconds(started)})`);
    passed += 1;
    return result;
  } catch (error) {
    console.error(`✗ ${count}. ${title} (${seconds(started)})`);
    throw error;
  }
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

export class CheckError extends Error {
  override readonly name = 'CheckError';
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckError(message);
}

/**
 * Runs a whole end-to-end script: every child process is stopped and every temporary directory removed at the
 * end, whether it passed, failed or was interrupted (SIGINT, SIGTERM); a failure prints the logs' tails and exits 1.
 */
export async function main(name: string, body: () => Promise<void>): Promise<void> {
  const started = performance.now();
  const interrupt = (signal: NodeJS.Signals) => {
    console.error(`\n${name}: ${signal}, stopping everything`);
    void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  let failed = false;
  try {
    await body();
  } catch (error) {
    failed = true;
    console.error(`\n${name} FAILED: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof CommandError && error.output.trim()) {
      console.error(`--- its output (last 60 lines) ---\n${error.output.trimEnd().split('\n').slice(-60).join('\n')}`);
    } else if (error instanceof Error && !(error instanceof CheckError) && error.stack) {
      console.error(error.stack);
    }
    for (const log of logs) {
      console.error(`--- ${log.name} log (${log.file}, last 40 lines) ---\n${await tailOf(log.file, 40)}`);
    }
  } finally {
    await cleanUp();
  }
  console.log(`\n${name}: ${failed ? 'failed' : 'passed'} in ${seconds(started)}`);
  // The plain closing line CI reads: steps passed and failed.
  console.log(`${passed} passed, ${failed ? 1 : 0} failed`);
  process.exit(failed ? 1 : 0);
}

/**
 * The environment of a person's shell: this one without what pnpm adds to the scripts it runs (npm_*, pnpm_*,
 * PNPM_*, INIT_CWD; a person's own NPM_CONFIG_* settings stay) and without any Quire settings of the machine,
 * plus `extra`.
 */
export function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (/^(npm_|pnpm_|PNPM_)/.test(key) || /^quire_/i.test(key) || key === 'INIT_CWD') continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}
