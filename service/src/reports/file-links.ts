import { createHmac, timingSafeEqual } from 'node:crypto';
import { QuireError } from '@quire/core';
import { z } from 'zod';

/** How long a signed download link works: long enough to hand on and open, short enough not to be kept. */
export const FILE_LINK_TTL_SECONDS = 15 * 60;

/** The query of a signed download: `?expires=<unix seconds>&signature=<base64url HMAC-SHA256>`. */
export const SignedFileQuery = z.object({
  expires: z.string().regex(/^\d{1,12}$/, 'expires: unix seconds'),
  signature: z.string().regex(/^[\w-]{43}$/, 'signature: 43 base64url characters'),
});

/** Whether a request asks for a file with a signed link rather than with a key or a session. */
export const carriesFileSignature = (query: Record<string, unknown>): boolean =>
  query.signature !== undefined || query.expires !== undefined;

export interface FileLink {
  object: 'report_file_link';
  report_id: string;
  /** Downloads the file without a key or session until expires_at. */
  url: string;
  expires_at: string;
}

export interface FileLinks {
  /** A link to a report's file that works without credentials for FILE_LINK_TTL_SECONDS. */
  create(reportId: string): FileLink;
  /** Throws 403 file_link_invalid (tampered, cut short, another report's) or file_link_expired. */
  verify(reportId: string, query: Record<string, unknown>): void;
}

/**
 * Signed, short-lived download links to report files: an agent hands one to a person, who opens it in a browser
 * with no API key. The signature is an HMAC-SHA256, with a key derived from the server's secret for this use only,
 * of the report id and the expiry; nothing is stored, and a link cannot be stretched or moved to another report.
 */
export function createFileLinks(deps: { secret: string; publicUrl: string; now: () => Date }): FileLinks {
  const key = createHmac('sha256', deps.secret).update('quire report file links v1').digest();
  const sign = (reportId: string, expires: number) =>
    createHmac('sha256', key).update(`${reportId}\n${expires}`).digest('base64url');
  const nowSeconds = () => Math.floor(deps.now().getTime() / 1000);
  return {
    create(reportId) {
      const expires = nowSeconds() + FILE_LINK_TTL_SECONDS;
      const query = new URLSearchParams({ expires: String(expires), signature: sign(reportId, expires) });
      return {
        object: 'report_file_link',
        report_id: reportId,
        url: `${deps.publicUrl}/v1/reports/${encodeURIComponent(reportId)}/file?${query}`,
        expires_at: new Date(expires * 1000).toISOString(),
      };
    },
    verify(reportId, query) {
      const parsed = SignedFileQuery.safeParse({ expires: query.expires, signature: query.signature });
      if (!parsed.success) throw new QuireError('file_link_invalid');
      const expires = Number(parsed.data.expires);
      const expected = Buffer.from(sign(reportId, expires));
      const given = Buffer.from(parsed.data.signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw new QuireError('file_link_invalid');
      }
      // Checked after the signature: an expiry nobody signed says nothing about when the link was made.
      if (expires <= nowSeconds()) throw new QuireError('file_link_expired');
    },
  };
}
