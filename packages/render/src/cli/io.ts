import path from 'node:path';

/** The part of a Node writable stream the CLI uses, so tests can pass a plain collector. */
export interface OutputStream {
  write(chunk: string | Uint8Array, callback?: (error?: Error | null) => void): boolean;
  isTTY?: boolean;
  columns?: number;
}

/** Where a command writes and which directory relative paths start from. */
export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  cwd: string;
}

/** Writes a chunk and waits until the stream has taken it, so a large PDF on stdout is not cut off at exit. */
export function writeOut(stream: OutputStream, chunk: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(chunk, (error) => (error ? reject(error) : resolve()));
  });
}

/** A path as the user would like to read it: relative to the working directory when it lies inside it. */
export function displayPath(cwd: string, file: string): string {
  const relative = path.relative(cwd, file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}
