export type JsonObjectResult =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; message: string; line: number; column: number; notObject: boolean };

/** Line and column (from 1) of an offset in a text. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines[lines.length - 1] as string).length + 1 };
}

/**
 * Parses text that must be a JSON object. A syntax error comes with its line and column, from the engine's
 * "(line 2 column 5)" or "at position 17", whichever it gives.
 */
export function parseJsonObject(text: string): JsonObjectResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    const lineColumn = /line (\d+) column (\d+)/.exec(raw);
    const at = /position (\d+)/.exec(raw);
    const where = lineColumn
      ? { line: Number(lineColumn[1]), column: Number(lineColumn[2]) }
      : at
        ? position(text, Number(at[1]))
        : position(text, text.length);
    const message = raw.replace(/^JSON\.parse: /, '').replace(/ in JSON at position \d+.*$/, '');
    return { ok: false, message, ...where, notObject: false };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'not an object', line: 1, column: 1, notObject: true };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
