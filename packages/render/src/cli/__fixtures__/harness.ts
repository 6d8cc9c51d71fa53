import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { main, type OutputStream } from '../main';

const exec = promisify(execFile);

/** A stream that keeps what is written to it. */
export function collector(isTTY = false): OutputStream & { text(): string; bytes(): Buffer } {
  const chunks: Buffer[] = [];
  return {
    isTTY,
    write(chunk, callback) {
      chunks.push(Buffer.from(chunk));
      callback?.();
      return true;
    },
    text: () => Buffer.concat(chunks).toString('utf8'),
    bytes: () => Buffer.concat(chunks),
  };
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
  stdoutBytes: Buffer;
}

/** Runs `quire ...args` in-process with cwd as its working directory. */
export async function quire(cwd: string, ...args: string[]): Promise<Run> {
  const stdout = collector();
  const stderr = collector();
  const code = await main(args, { stdout, stderr, cwd });
  return { code, stdout: stdout.text(), stderr: stderr.text(), stdoutBytes: stdout.bytes() };
}

/** A fresh temporary directory, and a function that removes it. */
export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'quire-cli-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** The text of a PDF, by poppler's pdftotext. */
export async function pdfText(file: string): Promise<string> {
  const { stdout } = await exec('/usr/bin/pdftotext', ['-layout', file, '-']);
  return stdout;
}

/** The page count of a PDF, by poppler's pdfinfo. */
export async function pdfPages(file: string): Promise<number> {
  const { stdout } = await exec('/usr/bin/pdfinfo', [file]);
  const match = /^Pages:\s+(\d+)/m.exec(stdout);
  if (!match?.[1]) throw new Error(`pdfinfo printed no page count:\n${stdout}`);
  return Number(match[1]);
}
