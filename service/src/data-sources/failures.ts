import { QuireError } from '@quire/core';
import { OutboundError } from '../outbound/guard';

/** Our own watchdog gave up on a source (the server-side timeout did not fire, or the network hung). */
export class DeadlineError extends Error {
  constructor() {
    super('The data source did not answer in time.');
    this.name = 'DeadlineError';
  }
}

/** pg's query_canceled (statement_timeout); MySQL's ER_QUERY_TIMEOUT and MariaDB's ER_STATEMENT_TIMEOUT. */
const TIMEOUT_CODES = new Set(['57014', 'ER_QUERY_TIMEOUT', 'ER_STATEMENT_TIMEOUT', 'ETIMEDOUT']);
const TIMEOUT_ERRNOS = new Set([3024, 1969]);

/**
 * Removes secrets from a driver's message. Drivers rarely echo a password, but a message may quote the
 * connection string or a header, and these messages reach API answers and logs: every secret, raw and
 * percent-encoded, is replaced.
 */
export function redact(message: string, secrets: readonly string[]): string {
  let clean = message;
  const forms = secrets.flatMap((secret) => (secret ? [secret, encodeURIComponent(secret)] : []));
  // Longest first, so that a secret containing another is replaced whole.
  for (const form of [...new Set(forms)].sort((a, b) => b.length - a.length)) {
    clean = clean.split(form).join('[redacted]');
  }
  return clean;
}

/**
 * Turns whatever a source threw into the API's errors: our own QuireErrors (outbound_blocked, validation_failed)
 * pass through; timeouts become data_source_timeout; anything else data_source_error with the driver's message,
 * redacted, so that a user can fix a query or a URL.
 */
export function sourceFailure(error: unknown, secrets: readonly string[]): QuireError {
  if (QuireError.isInstance(error)) return error;
  if (error instanceof DeadlineError) return new QuireError('data_source_timeout');
  if (error instanceof OutboundError) {
    if (error.reason === 'timeout') return new QuireError('data_source_timeout');
    return new QuireError('data_source_error', {
      message: `The data source could not be reached: ${redact(error.message, secrets)}`,
      details: { reason: error.reason },
    });
  }
  const { code, errno } = (error ?? {}) as { code?: unknown; errno?: unknown };
  if (
    (typeof code === 'string' && TIMEOUT_CODES.has(code)) ||
    (typeof errno === 'number' && TIMEOUT_ERRNOS.has(errno))
  ) {
    return new QuireError('data_source_timeout');
  }
  const text = error instanceof Error ? error.message : String(error);
  // pg reports a connect timeout with a plain Error and no code.
  if (/timeout/i.test(text) && /connect/i.test(text)) return new QuireError('data_source_timeout');
  return new QuireError('data_source_error', {
    message: `The data source could not be read: ${redact(text || 'unknown error', secrets)}`,
    ...(typeof code === 'string' ? { details: { source_code: code } } : {}),
  });
}

/**
 * Runs `work` with a watchdog: after `ms` it calls `abort` (which ends the connection) and rejects with
 * DeadlineError, so a source that never answers cannot hold a request forever.
 */
export async function withDeadline<T>(ms: number, abort: () => void, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      abort();
      reject(new DeadlineError());
    }, ms);
  });
  const running = work();
  // A rejection of `work` after the deadline won must not surface as an unhandled rejection.
  running.catch(() => {});
  try {
    return await Promise.race([running, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
