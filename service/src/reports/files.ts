import { QuireError, type ReportFormat, type TemplateKind } from '@quire/core';
import type { Request } from 'express';

/** The media type of each format's file, without parameters (what Accept names). */
export const MEDIA_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  html: 'text/html',
  email: 'text/html',
};

const EXTENSIONS: Record<ReportFormat, string> = { pdf: '.pdf', html: '.html', email: '.html' };

/**
 * The format a request renders: the one asked for, else pdf for documents and email for email templates. An
 * email template is MJML, which only the email output understands; a document has no email form.
 */
export function formatFor(kind: TemplateKind, asked: ReportFormat | undefined, param = 'format'): ReportFormat {
  const format = asked ?? (kind === 'email' ? 'email' : 'pdf');
  if (kind === 'email' && format !== 'email') {
    throw new QuireError('validation_failed', { param, message: `${param}: an email template renders as email only` });
  }
  if (kind !== 'email' && format === 'email') {
    throw new QuireError('validation_failed', {
      param,
      message: `${param}: only email templates render as email; use pdf or html`,
    });
  }
  return format;
}

/** The download name: the one asked for (with the format's extension added when missing), else the template's. */
export function filenameFor(format: ReportFormat, asked: string | undefined, templateName: string): string {
  const extension = EXTENSIONS[format];
  if (asked) return asked.toLowerCase().endsWith(extension) ? asked : `${asked}${extension}`;
  const slug = templateName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 80);
  return `${slug || 'report'}${extension}`;
}

/**
 * `attachment; filename="…"` with an ASCII fallback, plus RFC 5987's `filename*` when the name has other
 * characters, so that "Facture été.pdf" downloads under its own name.
 */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  if (ascii === filename) return `attachment; filename="${filename}"`;
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * What a synchronous render answers: the report as JSON, or the file itself when the Accept header prefers the
 * file's type (`Accept: application/pdf`). No Accept (or `*\/*`) means JSON. An Accept that allows neither is 406.
 */
export function answerKind(req: Request, format: ReportFormat): 'json' | 'file' {
  const type = MEDIA_TYPES[format];
  const choice = req.accepts(['application/json', type]);
  if (choice === false) {
    throw new QuireError('not_acceptable', {
      message: `This report answers application/json, or ${type} (its file); the Accept header allows neither.`,
    });
  }
  return choice === type ? 'file' : 'json';
}

/** For answers that are JSON only (jobs, batches): 406 unless the Accept header allows JSON. */
export function assertAcceptsJson(req: Request): void {
  if (req.accepts('application/json') === false) {
    throw new QuireError('not_acceptable', { message: 'This answer is application/json only.' });
  }
}
