import type { TemplateEngine } from '@quire/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DraftFinding, RenderInfo, TemplateDraft } from '../builder/types';
import { PART_LABELS } from '../i18n/parts';
import { useUi } from '../root/ui-context';
import { fitSheetToFrame } from './fit';
import { PreviewError, renderHtmlDocument, withoutLocation } from './html-document';

export interface HtmlPreviewProps {
  engine: TemplateEngine;
  draft: TemplateDraft;
  data: Record<string, unknown>;
  /** Milliseconds after the last change before rendering again; the first render is at once. */
  debounceMs: number;
  onRender?: ((info: RenderInfo) => void) | undefined;
  /** The Liquid error of the last render, or null once it renders again. */
  onErrorChange?: ((error: DraftFinding | null) => void) | undefined;
}

// The document can load nothing from the network and run nothing: what it shows comes from the draft alone,
// as on the server, where remote images are never fetched unless the caller allows it.
const CSP = "default-src 'none'; img-src data: blob:; style-src 'unsafe-inline'; font-src data:; media-src data: blob:";

function withPolicy(html: string): string {
  return html.replace('<head>', `<head>\n<meta http-equiv="Content-Security-Policy" content="${CSP}">`);
}

type Rendered = { html: string; error: null } | { html: string | null; error: PreviewError };

/**
 * The fast HTML preview: the draft rendered with Liquid in the browser, shown in a sandboxed frame (`srcdoc`,
 * no scripts). It keeps its scroll position across renders, and when the Liquid has an error it keeps showing the
 * last render that worked, with the error and its line above it.
 */
export function HtmlPreview(props: HtmlPreviewProps) {
  const { t, resolvedTheme } = useUi();
  const { engine, draft, data, debounceMs } = props;
  const [rendered, setRendered] = useState<Rendered | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const scroll = useRef({ x: 0, y: 0 });
  const first = useRef(true);
  const callbacks = useRef(props);
  callbacks.current = props;

  useEffect(() => {
    const run = () => {
      const started = performance.now();
      try {
        const html = withPolicy(renderHtmlDocument(engine, draft, data));
        setRendered({ html, error: null });
        callbacks.current.onRender?.({ format: 'html', ms: performance.now() - started, pages: null, warnings: [] });
        callbacks.current.onErrorChange?.(null);
      } catch (error) {
        if (!(error instanceof PreviewError)) throw error;
        setRendered((previous) => ({ html: previous?.html ?? null, error }));
        callbacks.current.onErrorChange?.({
          part: error.part,
          line: error.line ?? 1,
          column: error.column ?? 1,
          severity: 'error',
          message: error.message,
          code: error.code,
        });
      }
    };
    if (first.current) {
      first.current = false;
      run();
      return;
    }
    const timer = setTimeout(run, debounceMs);
    return () => clearTimeout(timer);
  }, [engine, draft, data, debounceMs]);

  const html = rendered?.html ?? null;
  // A page wider than the frame is shown smaller (fit to width), as a PDF viewer would, rather than cut off.
  const fitToWidth = useCallback(() => fitSheetToFrame(frame.current), []);
  const hasFrame = html !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new theme is the reason to fit (and paint) again.
  useEffect(() => fitToWidth(), [fitToWidth, resolvedTheme]);
  useEffect(() => {
    const element = frame.current;
    if (!hasFrame || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => fitToWidth());
    observer.observe(element);
    return () => observer.disconnect();
  }, [fitToWidth, hasFrame]);
  // Each new document starts at the top: put it back where the person had scrolled, then follow their scrolling.
  const onLoad = () => {
    const win = frame.current?.contentWindow;
    if (!win) return;
    fitToWidth();
    win.scrollTo(scroll.current.x, scroll.current.y);
    win.addEventListener('scroll', () => {
      scroll.current = { x: win.scrollX, y: win.scrollY };
    });
  };
  const error = rendered?.error ?? null;
  return (
    <div className="quire-html-preview">
      {error ? (
        <div className="quire-preview-error" role="alert">
          <p>
            {error.line !== undefined
              ? t('preview.error', {
                  part: t(PART_LABELS[error.part]),
                  line: error.line,
                  message: withoutLocation(error.message),
                })
              : t('preview.errorNoLine', { part: t(PART_LABELS[error.part]), message: withoutLocation(error.message) })}
          </p>
          {html !== null ? <p className="quire-preview-stale">{t('preview.stale')}</p> : null}
        </div>
      ) : null}
      {html !== null ? (
        <iframe
          ref={frame}
          className="quire-preview-frame"
          title={t('preview.frameTitle')}
          sandbox="allow-same-origin"
          srcDoc={html}
          onLoad={onLoad}
        />
      ) : null}
    </div>
  );
}
