import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createTemplateEngine } from '@quire/core';
import type { RenderPool } from '../pool';
import type { RenderOptions, RenderResult } from '../types';
import { CliError, errorMessage } from './errors';
import { type CliIo, displayPath, writeOut } from './io';
import { engineOptions, explainTemplateError, extensionFor, type PreparedRender } from './prepare';
import { duration, Progress } from './progress';
import { createSession, type RenderSession } from './session';
import { describe } from './template-source';

export interface BatchInput extends PreparedRender {
  /** The NDJSON file: one JSON object of data per line. */
  batchFile: string;
  outDir: string;
  /** Data path whose value names each report (`invoice.number`); default: the line number. */
  nameField: string | undefined;
  workers: number;
  io: CliIo;
}

interface Failure {
  line: number;
  message: string;
}

interface WarningTally {
  count: number;
  firstLine: number;
  message: string;
}

/**
 * Renders one report per non-empty line of an NDJSON file. A line that fails (bad JSON, data the template cannot
 * render, a write error) is counted and reported at the end; the batch goes on. Exit code 1 when any line failed.
 */
export async function runBatch(input: BatchInput): Promise<number> {
  const { io, options } = input;
  const batchFile = path.resolve(io.cwd, input.batchFile);
  const outDir = path.resolve(io.cwd, input.outDir);
  const shownBatch = displayPath(io.cwd, batchFile);
  assertParses(input);

  const { total, lastLine } = await countLines(batchFile, shownBatch);
  if (total === 0) {
    await writeOut(io.stderr, `${shownBatch} has no data lines: nothing to render\n`);
    return 0;
  }
  await mkdir(outDir, { recursive: true });

  const runner = await startRunner(options, input.workers);
  const extension = extensionFor(options.format);
  const numberWidth = Math.max(4, String(lastLine).length);
  const usedNames = new Set<string>();
  const failures: Failure[] = [];
  const warnings = new Map<string, WarningTally>();
  let unnamed = 0;
  let written = 0;
  const started = performance.now();
  const progress = new Progress(io.stderr, total);

  const renderLine = async (lineNumber: number, data: Record<string, unknown>, fileName: string): Promise<void> => {
    try {
      const result = await runner.render({ ...options, data });
      await writeFile(path.join(outDir, fileName), result.bytes);
      written++;
      for (const warning of result.warnings) {
        const tally = warnings.get(warning.code);
        if (tally) tally.count++;
        else warnings.set(warning.code, { count: 1, firstLine: lineNumber, message: warning.message });
      }
      progress.tick();
    } catch (error) {
      failures.push({ line: lineNumber, message: inTemplate(errorMessage(error)) });
      progress.tick(true);
    }
  };

  const inFlight = new Set<Promise<void>>();
  try {
    for await (const { number, text } of dataLines(batchFile, shownBatch)) {
      let data: Record<string, unknown>;
      try {
        data = parseLine(text);
      } catch (error) {
        failures.push({ line: number, message: errorMessage(error) });
        progress.tick(true);
        continue;
      }
      let base = input.nameField === undefined ? undefined : nameFrom(data, input.nameField);
      if (input.nameField !== undefined && base === undefined) unnamed++;
      base ??= String(number).padStart(numberWidth, '0');
      // Two lines with the same name would overwrite each other; the later one keeps its line number too.
      if (usedNames.has(base)) base = `${base}-${String(number).padStart(numberWidth, '0')}`;
      usedNames.add(base);

      const task: Promise<void> = renderLine(number, data, `${base}.${extension}`).finally(() => inFlight.delete(task));
      inFlight.add(task);
      if (inFlight.size >= runner.concurrency) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  } finally {
    progress.finish();
    await runner.close();
  }

  const seconds = (performance.now() - started) / 1000;
  const lines = [
    `Rendered ${written} of ${total} report${total === 1 ? '' : 's'} into ${displayPath(io.cwd, outDir)} in ${
      seconds < 60 ? `${seconds.toFixed(1)} s` : duration(seconds)
    } (${(written / Math.max(seconds, 0.001)).toFixed(1)}/s)`,
  ];
  for (const [code, tally] of warnings) {
    lines.push(
      `  warning ${code} in ${tally.count} report${tally.count === 1 ? '' : 's'} (first on line ${tally.firstLine}): ${tally.message}`,
    );
  }
  if (unnamed) {
    lines.push(
      `  ${unnamed} line${unnamed === 1 ? ' has' : 's have'} no usable ${input.nameField}: named by line number`,
    );
  }
  if (failures.length) {
    failures.sort((a, b) => a.line - b.line);
    lines.push(`${failures.length} line${failures.length === 1 ? '' : 's'} of ${shownBatch} failed:`);
    for (const failure of failures) lines.push(`  line ${failure.line}: ${failure.message}`);
  }
  await writeOut(io.stderr, `${lines.join('\n')}\n`);
  return failures.length ? 1 : 0;
}

/**
 * A syntax error fails every line the same way: found once, before the batch starts, it is reported once with its
 * place in the template instead of once per line.
 */
function assertParses({ source, options }: PreparedRender): void {
  const engine = createTemplateEngine(engineOptions(options));
  for (const part of [source.template.html, source.template.header_html, source.template.footer_html]) {
    if (!part?.trim()) continue;
    try {
      engine.parse(part);
    } catch (error) {
      throw explainTemplateError(error, source, options);
    }
  }
}

interface Runner {
  render(options: RenderOptions): Promise<RenderResult>;
  /** Renders kept in flight at once. */
  concurrency: number;
  close(): Promise<void>;
}

async function startRunner(options: RenderOptions, workers: number): Promise<Runner> {
  // Worker threads load the renderer themselves; this thread needs it only when it renders.
  const inProcess = async () => (await import('../render')).renderReport;
  if (options.engine === 'chromium' && options.format === 'pdf') {
    // Chromium renders in its own processes; --workers is how many of its pages render at once.
    const session: RenderSession = createSession({ pages: workers });
    try {
      // Launched before the first line, so a missing Chromium fails the batch once, not every line.
      await session.context.chromium?.();
    } catch (error) {
      await session.close();
      throw error;
    }
    const renderReport = await inProcess();
    return { render: (o) => renderReport(o, session.context), concurrency: workers, close: () => session.close() };
  }
  if (workers > 1) {
    const { RenderPool } = await import('../pool');
    const pool: RenderPool = new RenderPool({ workers });
    return {
      render: (o) => pool.run<RenderOptions, RenderResult>(o),
      // Twice the workers, so a worker finds its next task waiting while the main thread writes the last result.
      concurrency: workers * 2,
      close: () => pool.destroy(),
    };
  }
  const renderReport = await inProcess();
  return { render: (o) => renderReport(o), concurrency: 1, close: async () => {} };
}

async function* dataLines(file: string, shown: string): AsyncGenerator<{ number: number; text: string }> {
  const stream = createReadStream(file, 'utf8');
  const opened = new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  });
  try {
    await opened;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new CliError(code === 'ENOENT' ? `${shown}: no such file` : `Cannot read ${shown}: ${errorMessage(error)}`);
  }
  let number = 0;
  for await (const line of createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY })) {
    number++;
    // Editors on Windows start UTF-8 files with a byte order mark, which JSON.parse rejects.
    const text = number === 1 ? line.replace(/^\uFEFF/, '') : line;
    if (text.trim()) yield { number, text };
  }
}

/** Data lines and the number of the last one, read ahead so the progress bar knows the total. */
async function countLines(file: string, shown: string): Promise<{ total: number; lastLine: number }> {
  const info = await stat(file).catch(() => undefined);
  if (info?.isDirectory()) throw new CliError(`${shown} is a directory, not an NDJSON file`);
  let total = 0;
  let lastLine = 0;
  for await (const { number } of dataLines(file, shown)) {
    total++;
    lastLine = number;
  }
  return { total, lastLine };
}

function parseLine(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`not valid JSON: ${errorMessage(error)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`expected a JSON object of data, got ${describe(value)}`);
  }
  return value as Record<string, unknown>;
}

/**
 * Core ends a template error's message with `(line 2, column 5)`; next to a batch's line numbers that reads as a
 * line of the data file. Errors from worker threads arrive as copies with the message only, so it is reworded.
 */
function inTemplate(message: string): string {
  return message.replace(/ \((partial "[^"]*", )?line (\d+), column (\d+)\)$/, ' (template $1line $2, column $3)');
}

/** The value at a dot path (`invoice.number`, `items[0].sku`) as a file name, or undefined when there is none. */
export function nameFrom(data: Record<string, unknown>, fieldPath: string): string | undefined {
  let value: unknown = data;
  for (const key of fieldPath.split(/\.|\[(\d+)\]/).filter((k) => k !== undefined && k !== '')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') return undefined;
  const name = sanitiseFileName(String(value));
  return name === '' ? undefined : name;
}

/**
 * A value made safe as a file name on every system: letters, digits, `.`, `_` and `-` only, so no path separators
 * and no `..` escapes the output directory, no leading dot hides the file, and Windows' device names are avoided.
 */
export function sanitiseFileName(value: string): string {
  const cleaned = value
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._-]+/, '')
    .replace(/[._]+$/, '')
    .slice(0, 120);
  return /^(con|prn|aux|nul|com\d|lpt\d)$/i.test(cleaned) ? `_${cleaned}` : cleaned;
}
