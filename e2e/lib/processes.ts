import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/**
 * Child processes of a runner. Each one is started in its own process group (`detached`), so that stopping it stops
 * what it started too (`pnpm exec` → verdaccio, `npx` → the MCP server), and a Ctrl-C in the terminal reaches the
 * runner only, which then stops them in order.
 */

const live = new Set<ChildProcess>();

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Asks a child's process group to stop (SIGTERM), then kills it (SIGKILL) when it has not after `graceMs`. */
export async function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.pid !== undefined && !exited(child)) {
    const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    signalGroup(child, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
    await done;
    clearTimeout(timer);
  }
  // Anything the leader left behind in its group.
  signalGroup(child, 'SIGKILL');
  live.delete(child);
}

/** Stops every child still running (on failure, and on SIGINT/SIGTERM). */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((child) => stopProcess(child, 5_000)));
}

export interface Background {
  name: string;
  child: ChildProcess;
  logFile: string;
  /** Why it could not start (its command was not found…), once known. */
  startError: Error | undefined;
  /** The last lines of its log. */
  tail(lines?: number): Promise<string>;
  stop(): Promise<void>;
}

/** Starts a long-running process (a registry, the service) with its stdout and stderr going to `logFile`. */
export function startBackground(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string },
): Background {
  const fd = openSync(options.logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', fd, fd], detached: true });
  } finally {
    closeSync(fd);
  }
  live.add(child);
  const background: Background = {
    name,
    child,
    logFile: options.logFile,
    startError: undefined,
    tail: (lines = 40) => tailOf(options.logFile, lines),
    stop: () => stopProcess(child),
  };
  child.once('exit', () => live.delete(child));
  child.once('error', (error) => {
    background.startError = error;
    live.delete(child);
  });
  return background;
}

export async function tailOf(file: string, lines = 40): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

export class CommandError extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
    this.name = 'CommandError';
  }
}

export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Killed (with its group) after this long. */
  timeoutMs: number;
  /** Print its output as it comes, indented. */
  echo?: boolean;
}

/** Runs a command to its end; rejects with its output when it fails or times out. Answers its stdout. */
export function run(command: string, args: string[], options: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    live.add(child);
    let stdout = '';
    let output = '';
    const take = (chunk: Buffer, isStdout: boolean) => {
      const text = chunk.toString();
      if (isStdout) stdout += text;
      output += text;
      if (options.echo) process.stdout.write(text.replace(/^(?=.)/gm, '    '));
    };
    child.stdout?.on('data', (chunk: Buffer) => take(chunk, true));
    child.stderr?.on('data', (chunk: Buffer) => take(chunk, false));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      signalGroup(child, 'SIGKILL');
    }, options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      live.delete(child);
      reject(new CommandError(`${command} could not start: ${error.message}`, output));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      // The leader has exited: stop anything of its group still running.
      signalGroup(child, 'SIGKILL');
      live.delete(child);
      const line = [command, ...args].join(' ');
      if (timedOut) reject(new CommandError(`\`${line}\` timed out after ${options.timeoutMs / 1000} s`, output));
      else if (code !== 0) reject(new CommandError(`\`${line}\` failed (${signal ?? `exit code ${code}`})`, output));
      else resolve(stdout);
    });
  });
}
