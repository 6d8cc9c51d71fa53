import { QuireError } from '@quire/core';

/** The command line was wrong (unknown flag, missing argument, unknown starter): exit 2 with a pointer to --help. */
export class UsageError extends Error {
  /** The command whose help to point at; undefined for quire itself. */
  readonly command: string | undefined;

  constructor(message: string, command?: string) {
    super(message);
    this.name = 'UsageError';
    this.command = command;
  }
}

/** A failure the user can fix from its message alone (missing file, bad JSON): exit 1, no stack even with --debug. */
export class CliError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CliError';
  }
}

/** A template error as the CLI reports it: where it is, and the source line it points into. */
export interface SourceLocation {
  /** The file (or `file.json[html]`, `invoice[header_html]`) the line and column count in. */
  origin: string;
  /** The text the line and column count in. */
  text: string | undefined;
  line: number;
  column: number;
}

/** Errors of the template language carry a line and a column (TemplateError, even one from another copy of core). */
export function templateErrorPosition(error: unknown): { line: number; column: number; code: string } | undefined {
  if (!QuireError.isInstance(error)) return undefined;
  const { line, column } = error.details;
  if (typeof line !== 'number') return undefined;
  return { line, column: typeof column === 'number' ? column : 1, code: error.code };
}

// Core appends the position to its messages for callers that show only the message; here it is in front already.
const POSITION_SUFFIX = / \((partial "[^"]*", )?line \d+, column \d+\)$/;

export function stripPosition(message: string): string {
  return message.replace(POSITION_SUFFIX, '');
}

// Lines longer than this (minified HTML) are shown as a window around the column.
const MAX_SHOWN = 120;

/**
 * `file:line:column: message`, then the line with a caret under the column, as compilers print it:
 *
 *     invoice.html:2:5: unknown filter "monye"
 *        2 | {{ x | monye }}
 *          |     ^
 */
export function formatSourceError(location: SourceLocation, message: string): string {
  const head = `${location.origin}:${location.line}:${location.column}: ${stripPosition(message)}`;
  const source = location.text?.split(/\r?\n/)[location.line - 1];
  if (source === undefined) return head;
  let shown = source;
  let caretAt = Math.max(0, location.column - 1);
  if (shown.length > MAX_SHOWN) {
    const start = Math.max(0, Math.min(caretAt - 40, shown.length - MAX_SHOWN));
    shown = `${start > 0 ? '…' : ''}${shown.slice(start, start + MAX_SHOWN)}${start + MAX_SHOWN < source.length ? '…' : ''}`;
    caretAt = caretAt - start + (start > 0 ? 1 : 0);
  }
  // Tabs stay tabs under the caret's padding, so the caret lines up however wide the terminal draws them.
  const padding = [...shown.slice(0, caretAt)].map((char) => (char === '\t' ? '\t' : ' ')).join('');
  const gutter = String(location.line).padStart(5);
  const blank = ' '.repeat(gutter.length);
  return `${head}\n${gutter} | ${shown}\n${blank} | ${padding}^`;
}

/** The message of anything thrown, for a one-line report. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return String(error);
}
