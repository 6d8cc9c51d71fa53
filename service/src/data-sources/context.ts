import { QuireError } from '@quire/core';
import type { SecretBox } from '../crypto/secret-box';
import type { OutboundPolicy } from '../outbound/guard';
import type { StaticParser } from './static-parser';

/** What every kind of source works with: the box its secrets are sealed in, and the operator's outbound policy. */
export interface SourceContext {
  box: SecretBox;
  policy: OutboundPolicy;
  /** Parses static uploads off the event loop. */
  parser: StaticParser;
}

export const LIMITS = {
  /** A static upload (JSON or CSV text). */
  staticBytes: 5 * 1024 * 1024,
  /** The body of an HTTP source's answer. */
  httpResponseBytes: 5 * 1024 * 1024,
  defaultTimeoutMs: 10_000,
  maxHttpTimeoutMs: 30_000,
  maxQueryTimeoutMs: 60_000,
  /** Opening a database connection (TCP, TLS, authentication), on top of the query's own timeout. */
  connectTimeoutMs: 5_000,
  defaultRowLimit: 10_000,
  maxRowLimit: 100_000,
  previewRows: 20,
  maxPreviewRows: 100,
} as const;

/**
 * Opens a sealed secret. It fails when QUIRE_SECRET changed since the secret was saved (or the record was
 * altered): the source cannot be used until its secrets are saved again, which is the user's fix, not a 500.
 */
export function openSealed(ctx: SourceContext, sealed: string): string {
  try {
    return ctx.box.open(sealed);
  } catch (error) {
    throw new QuireError('data_source_error', {
      message:
        'The secrets of this data source cannot be decrypted (the server secret changed?): save its connection ' +
        'string or headers again.',
      cause: error,
    });
  }
}
