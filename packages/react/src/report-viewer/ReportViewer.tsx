import type { Report } from '@quire/client';
import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { type BuilderError, builderFailure, toBuilderError } from '../errors/builder-error';
import { PdfPages } from '../pdf/PdfViewer';
import { bytesProp } from '../props/bytes';
import { uiSettingsShape } from '../props/shared';
import { fn, parseProps } from '../props/validate';
import { useQuireClient } from '../provider/context';
import { Standalone } from '../root/Standalone';
import { useUi } from '../root/ui-context';

const FileProp = z
  .object({
    bytes: bytesProp(),
    /** `application/pdf`, `text/html; charset=utf-8`… */
    contentType: z.string().min(1),
    filename: z.string().min(1).optional(),
  })
  .strict();

export const ReportViewerProps = z
  .object({
    /** A report of the service: shown once rendered (queued and rendering reports are polled). */
    reportId: z.string().min(1, 'Expected a report id such as "rep_…"').optional(),
    /** A file already in hand (`client.reports.createFile`), instead of a report id. */
    file: FileProp.optional(),
    /** Milliseconds between looks at a report that is still rendering. Default 1000. */
    pollMs: z.number().int().min(100).max(60_000).optional(),
    /** The pdf.js worker's URL (see `configurePdfViewer`). */
    workerSrc: z.string().min(1).optional(),
    /** The report once it has rendered (with a report id). */
    onReady: fn<(report: Report) => void>().optional(),
    onError: fn<(error: BuilderError) => void>().optional(),
    className: z.string().optional(),
    ...uiSettingsShape,
  })
  .strict()
  .refine((props) => (props.reportId === undefined) !== (props.file === undefined), {
    message: 'Give either reportId or file',
    path: ['reportId'],
  });

export type ReportViewerProps = z.input<typeof ReportViewerProps>;
type Parsed = z.output<typeof ReportViewerProps>;

interface Shown {
  bytes: Uint8Array;
  contentType: string;
  filename: string;
  pages: number | null;
}

type State =
  | { state: 'loading' }
  | { state: 'waiting'; status: 'queued' | 'rendering' }
  | { state: 'failed'; message: string }
  | { state: 'expired' }
  | { state: 'ready'; file: Shown };

// A report's HTML is the service's own output (scripts already removed); it still runs nothing and loads
// nothing here: a frame of its own origin, no scripts, images only from the document itself.
const CSP = "default-src 'none'; img-src data: blob:; style-src 'unsafe-inline'; font-src data:";

function htmlOf(bytes: Uint8Array): string {
  const html = new TextDecoder().decode(bytes);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${CSP}">`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${meta}`) : `${meta}${html}`;
}

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * A generated report: a PDF shown with the same pdf.js viewer as the PDF preview, HTML and email in a sandboxed
 * frame, and a download button. Given a report id it fetches the report through the provider's client, waits
 * while it renders, and downloads its file; or it shows a file already in hand.
 */
export function ReportViewer(input: ReportViewerProps) {
  const props = parseProps('ReportViewer', ReportViewerProps, input);
  return (
    <Standalone settings={props}>
      <ReportViewerBody props={props} />
    </Standalone>
  );
}

function ReportViewerBody({ props }: { props: Parsed }) {
  const { t } = useUi();
  const client = useQuireClient();
  const [state, setState] = useState<State>({ state: 'loading' });
  const callbacks = useRef(props);
  callbacks.current = props;
  const { reportId, file, pollMs = 1000 } = props;

  useEffect(() => {
    if (file) {
      setState({
        state: 'ready',
        file: {
          bytes: file.bytes,
          contentType: file.contentType,
          filename: file.filename ?? (file.contentType.includes('pdf') ? 'report.pdf' : 'report.html'),
          pages: null,
        },
      });
      return;
    }
    if (!reportId) return;
    if (!client) {
      const failure = toBuilderError(builderFailure('client_required', 'load', t), 'load', t);
      setState({ state: 'failed', message: failure.message });
      callbacks.current.onError?.(failure);
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState({ state: 'loading' });
    const look = async () => {
      try {
        const report = await client.reports.get(reportId);
        if (!live) return;
        if (report.status === 'queued' || report.status === 'rendering') {
          setState({ state: 'waiting', status: report.status });
          timer = setTimeout(() => void look(), pollMs);
          return;
        }
        if (report.status === 'failed') {
          setState({ state: 'failed', message: report.error?.message ?? t('errors.unknown') });
          return;
        }
        if (report.file_expired_at) {
          setState({ state: 'expired' });
          return;
        }
        const download = await client.reports.download(reportId);
        const bytes = await download.bytes();
        if (!live) return;
        setState({
          state: 'ready',
          file: {
            bytes,
            contentType: download.contentType,
            filename: download.filename ?? report.filename,
            pages: report.pages,
          },
        });
        callbacks.current.onReady?.(report);
      } catch (error) {
        if (!live) return;
        const failure = toBuilderError(error, 'load', t);
        setState({ state: 'failed', message: failure.message });
        callbacks.current.onError?.(failure);
      }
    };
    void look();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [client, reportId, file, pollMs, t]);

  const shown = state.state === 'ready' ? state.file : null;
  const isPdf = shown?.contentType.includes('application/pdf') ?? false;
  const html = useMemo(() => (shown && !isPdf ? htmlOf(shown.bytes) : null), [shown, isPdf]);
  const href = useMemo(
    () =>
      shown && typeof URL.createObjectURL === 'function'
        ? URL.createObjectURL(new Blob([shown.bytes as BlobPart], { type: shown.contentType }))
        : null,
    [shown],
  );
  useEffect(() => () => (href ? URL.revokeObjectURL(href) : undefined), [href]);

  const className = `quire-report-viewer${props.className ? ` ${props.className}` : ''}`;
  return (
    <section className={className} aria-label={shown ? `${t('report.label')}: ${shown.filename}` : t('report.label')}>
      {state.state === 'loading' ? (
        <p className="quire-muted" role="status">
          {t('report.loading')}
        </p>
      ) : null}
      {state.state === 'waiting' ? (
        <p className="quire-muted" role="status">
          {state.status === 'queued' ? t('report.queued') : t('report.rendering')}
        </p>
      ) : null}
      {state.state === 'failed' ? (
        <p className="quire-problem" data-level="error" role="alert">
          {t('report.failed', { message: state.message })}
        </p>
      ) : null}
      {state.state === 'expired' ? (
        <p className="quire-problem" data-level="warning" role="alert">
          {t('report.expired')}
        </p>
      ) : null}
      {shown ? (
        <>
          <header className="quire-report-header">
            <strong className="quire-report-name">{shown.filename}</strong>
            <span className="quire-muted">
              {shown.pages
                ? t(shown.pages === 1 ? 'report.summaryOnePage' : 'report.summaryPages', {
                    format: isPdf ? 'PDF' : 'HTML',
                    pages: shown.pages,
                    size: sizeOf(shown.bytes.length),
                  })
                : t('report.summary', { format: isPdf ? 'PDF' : 'HTML', size: sizeOf(shown.bytes.length) })}
            </span>
            {href ? (
              <a className="quire-button quire-button-primary quire-button-sm" href={href} download={shown.filename}>
                {t('report.download')}
              </a>
            ) : null}
          </header>
          {isPdf ? (
            <PdfPages
              bytes={shown.bytes}
              workerSrc={props.workerSrc}
              onError={(error) => callbacks.current.onError?.(toBuilderError(error, 'load', t))}
            />
          ) : (
            <iframe
              className="quire-report-frame"
              title={t('report.frameTitle', { name: shown.filename })}
              sandbox=""
              srcDoc={html ?? ''}
            />
          )}
        </>
      ) : null}
    </section>
  );
}
