/**
 * Where the server writes what it does. pino's loggers fit as they are (`logger.info(fields, message)`); the
 * `quire-mcp` command writes to stderr, because stdout carries the protocol.
 */
export interface Logger {
  debug(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/** Drops everything: the default when no logger is given. */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};

export type LogLevel = keyof Logger;
const LEVELS: LogLevel[] = ['debug', 'info', 'warn', 'error'];

/**
 * One line per entry on a stream (stderr for the command): `quire-mcp warn: tool error {"tool":"get_template"}`.
 * Errors in the fields are written as their message.
 */
export function streamLogger(
  stream: { write(text: string): unknown },
  options: { level?: LogLevel; name?: string } = {},
): Logger {
  const min = LEVELS.indexOf(options.level ?? 'info');
  const name = options.name ?? 'quire-mcp';
  const write = (level: LogLevel) => (fields: Record<string, unknown>, message: string) => {
    if (LEVELS.indexOf(level) < min) return;
    const shown = Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [key, value instanceof Error ? value.message : value]),
    );
    const extra = Object.keys(shown).length > 0 ? ` ${JSON.stringify(shown)}` : '';
    stream.write(`${name} ${level}: ${message}${extra}\n`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
