import type { TemplateEngine } from '@quire/core';
import { useEffect, useRef, useState } from 'react';
import type { TemplateDraft } from '../builder/types';
import { PART_LABELS } from '../i18n/parts';
import { PreviewError, renderHtmlDocument, withoutLocation } from '../preview/html-document';
import { useUi } from '../root/ui-context';
import { annotateSource, NODE_ATTRIBUTE } from './annotate';
import type { EditablePart, SourceTree } from './source-tree';

// As the HTML preview: the frame loads nothing and runs nothing. Selection is drawn by the builder's page, which
// reaches into the frame (same origin, scripts off) to outline the chosen element.
const CSP = "default-src 'none'; img-src data: blob:; style-src 'unsafe-inline'; font-src data:; media-src data: blob:";
const SELECTED = 'data-quire-selected';
const PICKING = `[${NODE_ATTRIBUTE}]{cursor:pointer}
[${NODE_ATTRIBUTE}]:hover{outline:1px dashed #0b5cad;outline-offset:1px}
[${SELECTED}]{outline:2px solid #0b5cad!important;outline-offset:1px}`;

/** The draft's document with each drawn element tagged with its source element, for the Easy Mode preview. */
export function easyDocument(
  engine: TemplateEngine,
  draft: TemplateDraft,
  data: Record<string, unknown>,
  trees: Record<EditablePart, SourceTree>,
): string {
  const annotated = (part: EditablePart) => (trees[part].broken ? draft[part] : annotateSource(trees[part]));
  const html = renderHtmlDocument(
    engine,
    { ...draft, html: annotated('html'), header_html: annotated('header_html'), footer_html: annotated('footer_html') },
    data,
  );
  return html.replace(
    '<head>',
    `<head>\n<meta http-equiv="Content-Security-Policy" content="${CSP}">\n<style>${PICKING}</style>`,
  );
}

/** What the inspector reads from the rendered element: the colour and size it is drawn with. */
export interface DrawnStyle {
  /** `#rrggbb`. */
  color: string;
  /** Points. */
  fontSizePt: number;
}

export interface EasyPreviewHandle {
  drawn(id: string): DrawnStyle | null;
}

export interface EasyPreviewProps {
  engine: TemplateEngine;
  draft: TemplateDraft;
  data: Record<string, unknown>;
  trees: Record<EditablePart, SourceTree>;
  selected: string | null;
  onSelect(id: string | null): void;
  /** A new document is in the frame (its drawn styles can be read). */
  onLoad?: (() => void) | undefined;
  debounceMs: number;
  handle?: { current: EasyPreviewHandle | null };
  /** Each render that worked, with its milliseconds. */
  onRender?: ((ms: number) => void) | undefined;
}

const toHex = (rgb: string): string => {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return `#${[r, g, b].map((n) => Math.round(n).toString(16).padStart(2, '0')).join('')}`;
};

/**
 * The report as it will look, with its elements to click: a click selects the source element the clicked one
 * came from (every row of a loop selects the row of the template). The frame keeps its scroll position across
 * renders and outlines the selection in every copy.
 */
export function EasyPreview(props: EasyPreviewProps) {
  const { t } = useUi();
  const { engine, draft, data, trees, debounceMs } = props;
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<PreviewError | null>(null);
  const [loads, setLoads] = useState(0);
  const frame = useRef<HTMLIFrameElement>(null);
  const scroll = useRef({ x: 0, y: 0 });
  const first = useRef(true);
  const onSelect = useRef(props.onSelect);
  onSelect.current = props.onSelect;
  const onRender = useRef(props.onRender);
  onRender.current = props.onRender;

  useEffect(() => {
    const run = () => {
      try {
        const started = performance.now();
        setHtml(easyDocument(engine, draft, data, trees));
        setError(null);
        onRender.current?.(performance.now() - started);
      } catch (caught) {
        if (!(caught instanceof PreviewError)) throw caught;
        setError(caught);
      }
    };
    if (first.current) {
      first.current = false;
      run();
      return;
    }
    const timer = setTimeout(run, debounceMs);
    return () => clearTimeout(timer);
  }, [engine, draft, data, trees, debounceMs]);

  // Outline the selection in the frame (again after each load: a new document).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `loads` marks a new document in the frame.
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    for (const el of Array.from(doc.querySelectorAll(`[${SELECTED}]`))) el.removeAttribute(SELECTED);
    if (!props.selected) return;
    const matches = Array.from(doc.querySelectorAll(`[${NODE_ATTRIBUTE}="${props.selected}"]`));
    for (const el of matches) el.setAttribute(SELECTED, '');
    (matches[0] as HTMLElement | undefined)?.scrollIntoView?.({ block: 'nearest' });
  }, [props.selected, loads]);

  if (props.handle) {
    props.handle.current = {
      drawn(id) {
        const win = frame.current?.contentWindow;
        const el = frame.current?.contentDocument?.querySelector(`[${NODE_ATTRIBUTE}="${id}"]`);
        if (!win || !el) return null;
        const style = win.getComputedStyle(el);
        const px = Number.parseFloat(style.fontSize);
        return { color: toHex(style.color), fontSizePt: Number.isFinite(px) ? Math.round(px * 0.75 * 10) / 10 : 0 };
      },
    };
  }

  const onLoad = () => {
    const win = frame.current?.contentWindow;
    const doc = frame.current?.contentDocument;
    if (!win || !doc) return;
    win.scrollTo(scroll.current.x, scroll.current.y);
    win.addEventListener('scroll', () => {
      scroll.current = { x: win.scrollX, y: win.scrollY };
    });
    doc.addEventListener('click', (event) => {
      // Links in the report do not navigate the frame: a click here means "this element".
      event.preventDefault();
      const target = event.target as Element | null;
      const picked = target?.closest?.(`[${NODE_ATTRIBUTE}]`);
      onSelect.current(picked?.getAttribute(NODE_ATTRIBUTE) ?? null);
    });
    setLoads((n) => n + 1);
    props.onLoad?.();
  };

  return (
    <div className="quire-easy-preview-frame">
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
          title={t('easy.previewTitle')}
          sandbox="allow-same-origin"
          srcDoc={html}
          onLoad={onLoad}
        />
      ) : null}
    </div>
  );
}
