import { TemplateContent } from '@quire/core';
import type { FontFaces } from '@quire/render/browser';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { z } from 'zod';
import type { RenderInfo, TemplateDraft } from '../builder/types';
import { type BuilderError, toBuilderError } from '../errors/builder-error';
import type { PdfEngine, PdfRender } from '../preview/slots';
import { uiSettingsShape } from '../props/shared';
import { fn, parseProps } from '../props/validate';
import { Standalone } from '../root/Standalone';
import { useUi } from '../root/ui-context';
import type { PdfFontSource } from './fonts';
import { PdfPages, type PdfPaint } from './PdfViewer';
import { createRenderScheduler } from './schedule';

const FontSourceProp = z.union([
  z.object({ baseUrl: z.string().min(1, 'Expected the URL the bundled fonts are served under') }).strict(),
  z.object({ load: fn<() => Promise<Record<string, FontFaces>>>('a function answering the fonts as bytes') }).strict(),
]);

export const PdfPreviewProps = z
  .object({
    /** The draft to render. */
    value: TemplateContent,
    /** The data to render with; default the draft's sample data. */
    data: z.record(z.string(), z.unknown()).optional(),
    /** Where the fonts come from: `{ baseUrl }` where the bundled fonts are served, or `{ load }`. */
    fonts: FontSourceProp,
    /** Milliseconds a burst of changes must pause before rendering again (a lone change renders at once). */
    debounceMs: z.number().int().min(0).max(10_000).optional(),
    /** The pdf.js worker's URL (see `configurePdfViewer`). */
    workerSrc: z.string().min(1).optional(),
    /** Each PDF rendered: its pages, warnings and milliseconds, and the PDF itself. */
    onRender: fn<(info: RenderInfo, pdf: Uint8Array) => void>().optional(),
    /** Each PDF on screen: from the change that caused it to its last page painted. */
    onPaint: fn<(paint: PdfPaint) => void>().optional(),
    onError: fn<(error: BuilderError) => void>().optional(),
    className: z.string().optional(),
    ...uiSettingsShape,
  })
  .strict();

export type PdfPreviewProps = z.input<typeof PdfPreviewProps>;

/**
 * The exact PDF preview: the draft rendered to PDF in the browser by the same engine and fonts as the service
 * (`@quire/render/browser`, a lazy chunk), shown with pdf.js (another). It renders again as the draft changes:
 * a lone change at once, a burst when it pauses; the last PDF stays on screen until the next is painted.
 */
export function PdfPreview(input: PdfPreviewProps) {
  const props = parseProps('PdfPreview', PdfPreviewProps, input);
  return (
    <Standalone settings={props}>
      <PdfPreviewCore
        draft={props.value as TemplateDraft}
        data={props.data ?? (props.value.sample_data as Record<string, unknown>)}
        fonts={props.fonts as PdfFontSource}
        debounceMs={props.debounceMs ?? 100}
        workerSrc={props.workerSrc}
        onRender={(render) =>
          props.onRender?.(
            { format: 'pdf', ms: render.ms, pages: render.pages, warnings: render.warnings },
            render.bytes,
          )
        }
        onPaint={props.onPaint}
        onError={props.onError}
        className={props.className}
      />
    </Standalone>
  );
}

export interface PdfPreviewCoreProps {
  draft: TemplateDraft;
  data: Record<string, unknown>;
  /** The engine to render with; default one drawing with `fonts`. */
  engine?: (() => Promise<PdfEngine>) | undefined;
  fonts?: PdfFontSource | undefined;
  debounceMs: number;
  workerSrc?: string | undefined;
  onRender?: ((render: PdfRender) => void) | undefined;
  onPaint?: ((paint: PdfPaint) => void) | undefined;
  onError?: ((error: BuilderError) => void) | undefined;
  className?: string | undefined;
}

type Status = { state: 'loading' } | { state: 'ready' } | { state: 'error'; message: string };

const fontsKey = (fonts: PdfFontSource | undefined) => (fonts && 'baseUrl' in fonts ? fonts.baseUrl : fonts);

/** The preview without its own root and prop checks: `<PdfPreview>` and the builder's PDF slot draw this. */
export function PdfPreviewCore(props: PdfPreviewCoreProps) {
  const { t } = useUi();
  const [bytes, setBytes] = useState<Uint8Array | null>(null);
  const [status, setStatus] = useState<Status>({ state: 'loading' });
  const callbacks = useRef(props);
  callbacks.current = props;
  // When the change being shown was made: the paint reports the time from it to the pages on screen.
  const changedAt = useRef(new Map<Uint8Array, number>());
  const key = fontsKey(props.fonts);
  const engine = useRef<{ key: unknown; promise: Promise<PdfEngine> } | null>(null);

  const getEngine = (): Promise<PdfEngine> => {
    if (engine.current?.key !== key || !engine.current) {
      const { engine: given, fonts } = callbacks.current;
      const promise = given
        ? given()
        : import('./engine').then(({ createPdfEngine }) => createPdfEngine(fonts as PdfFontSource));
      engine.current = { key, promise };
    }
    return engine.current.promise;
  };

  const scheduler = useRef<ReturnType<
    typeof createRenderScheduler<{ draft: TemplateDraft; data: Record<string, unknown>; at: number }>
  > | null>(null);
  if (!scheduler.current) {
    scheduler.current = createRenderScheduler({
      debounceMs: props.debounceMs,
      run: async ({ draft, data, at }) => {
        try {
          const render = await (await getEngine()).render(draft, data, {});
          changedAt.current.set(render.bytes, at);
          // Committed at once, with the viewer's effect, rather than after the next frame: the PDF reaches
          // pdf.js a frame sooner.
          flushSync(() => {
            setBytes(render.bytes);
            setStatus({ state: 'ready' });
          });
          callbacks.current.onRender?.(render);
        } catch (error) {
          const failure = toBuilderError(error, 'render', t);
          setStatus({ state: 'error', message: failure.message });
          callbacks.current.onError?.(failure);
        }
      },
    });
  }
  useEffect(() => () => scheduler.current?.dispose(), []);

  const { draft, data } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new font source renders again with its fonts.
  useEffect(() => {
    if (draft.kind === 'email') return;
    scheduler.current?.push({ draft, data, at: performance.now() });
  }, [draft, data, key]);

  if (draft.kind === 'email') {
    return <p className="quire-muted">{t('preview.pdfUnavailable')}</p>;
  }
  const onPaint = (paint: PdfPaint) => {
    const at = bytes ? changedAt.current.get(bytes) : undefined;
    if (bytes) changedAt.current.delete(bytes);
    callbacks.current.onPaint?.({ ...paint, ms: at === undefined ? paint.ms : paint.at - at });
  };
  return (
    <div className={`quire-pdf-preview${props.className ? ` ${props.className}` : ''}`}>
      <div className="quire-pdf-status" aria-live="polite">
        {status.state === 'loading' ? <p className="quire-muted">{t('pdf.loading')}</p> : null}
        {status.state === 'error' ? (
          <div className="quire-preview-error" role="alert">
            <p>{t('pdf.error', { message: status.message })}</p>
            {bytes ? <p className="quire-preview-stale">{t('preview.stale')}</p> : null}
          </div>
        ) : null}
      </div>
      <PdfPages
        bytes={bytes}
        workerSrc={props.workerSrc}
        onPaint={onPaint}
        onError={(error) => callbacks.current.onError?.(toBuilderError(error, 'render', t))}
      />
    </div>
  );
}
