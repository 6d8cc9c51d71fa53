import { createTemplateEngine, TemplateContent } from '@quire/core';
import * as Tabs from '@radix-ui/react-tabs';
import { Suspense, useMemo, useState } from 'react';
import { z } from 'zod';
import { useBuilderState, useOptionalBuilder } from '../builder/context';
import type { BuilderController } from '../builder/controller';
import type { DraftFinding, PreviewFormat, RenderInfo, TemplateDraft } from '../builder/types';
import { toBuilderError } from '../errors/builder-error';
import { fn, parseProps } from '../props/validate';
import { QuireRoot } from '../root/QuireRoot';
import { useUi } from '../root/ui-context';
import { HtmlPreview } from './HtmlPreview';
import { previewSlots } from './slots';

const Format = z.enum(['html', 'pdf']);

export const TemplatePreviewProps = z
  .object({
    /** The draft to show; inside `<TemplateBuilder>`, the builder's draft. */
    draft: TemplateContent.optional(),
    /** The data to render with; default the draft's sample data. */
    data: z.record(z.string(), z.unknown()).optional(),
    format: Format.optional(),
    defaultFormat: Format.optional(),
    onFormatChange: fn<(format: PreviewFormat) => void>().optional(),
    /** The formats to offer; inside a builder, its `features.formats`. */
    formats: z.array(Format).min(1).optional(),
    /** Milliseconds after the last change before rendering again. Default 150 (HTML) and 400 (PDF). */
    debounceMs: z.number().int().min(0).max(10_000).optional(),
    onRender: fn<(info: RenderInfo) => void>().optional(),
    className: z.string().optional(),
  })
  .strict();

export type TemplatePreviewProps = z.input<typeof TemplatePreviewProps>;

const LABELS = { html: 'preview.html', pdf: 'preview.pdf' } as const;

/**
 * The preview: the fast HTML preview, and the exact PDF preview where this build has one, with a switch between
 * them. Inside `<TemplateBuilder>` it shows the builder's draft and reports renders and Liquid errors to it;
 * anywhere else give it a `draft`.
 */
export function TemplatePreview(input: TemplatePreviewProps) {
  const props = parseProps('TemplatePreview', TemplatePreviewProps, input);
  const controller = useOptionalBuilder();
  if (!controller && !props.draft) {
    throw new Error('<TemplatePreview> needs a draft prop when it is not inside <TemplateBuilder>.');
  }
  const body = <PreviewBody props={props} controller={controller} />;
  return controller ? body : <QuireRoot>{body}</QuireRoot>;
}

function PreviewBody({
  props,
  controller,
}: {
  props: z.output<typeof TemplatePreviewProps>;
  controller: BuilderController | null;
}) {
  const { t } = useUi();
  const builderDraft = useBuilderState(controller, (s) => s.draft);
  const draft = (props.draft ?? builderDraft) as TemplateDraft;
  const data = props.data ?? draft.sample_data;
  const ownEngine = useMemo(() => (controller ? null : createTemplateEngine()), [controller]);
  const engine = controller?.engine ?? (ownEngine as NonNullable<typeof ownEngine>);
  const features = controller?.options.features;
  const offered = (props.formats ?? features?.formats ?? ['html', 'pdf']).filter(
    (format) => format === 'html' || (previewSlots.pdf !== null && (features?.pdfPreview ?? true)),
  );
  const [ownFormat, setOwnFormat] = useState<PreviewFormat>(props.defaultFormat ?? offered[0] ?? 'html');
  const requested = props.format ?? ownFormat;
  const format = offered.includes(requested) ? requested : (offered[0] ?? 'html');
  const select = (next: string) => {
    const value = next as PreviewFormat;
    if (props.format === undefined) setOwnFormat(value);
    props.onFormatChange?.(value);
  };
  const onRender = (info: RenderInfo) => {
    props.onRender?.(info);
    controller?.options.onRender?.(info);
  };
  const onErrorChange = (error: DraftFinding | null) => controller?.setPreviewError(error);
  const html = (
    <HtmlPreview
      engine={engine}
      draft={draft}
      data={data}
      debounceMs={props.debounceMs ?? 150}
      onRender={onRender}
      onErrorChange={onErrorChange}
    />
  );
  const pdf = previewSlots.pdf;
  const pdfView = pdf ? (
    <Suspense fallback={<p className="quire-muted">{t('preview.rendering')}</p>}>
      <pdf.View
        draft={draft}
        data={data}
        debounceMs={props.debounceMs ?? 400}
        onRender={(render) =>
          onRender({ format: 'pdf', ms: render.ms, pages: render.pages, warnings: render.warnings })
        }
        onError={(error) => controller?.options.onError?.(toBuilderError(error, 'render', t))}
      />
    </Suspense>
  ) : null;
  const className = `quire-preview${props.className ? ` ${props.className}` : ''}`;
  if (offered.length < 2) {
    return (
      <section className={className} aria-label={t('preview.label')}>
        {format === 'pdf' ? pdfView : html}
      </section>
    );
  }
  return (
    <Tabs.Root className={className} value={format} onValueChange={select} aria-label={t('preview.label')}>
      <Tabs.List className="quire-tabs-list quire-preview-formats" aria-label={t('preview.format')}>
        {offered.map((f) => (
          <Tabs.Trigger key={f} value={f} className="quire-tab">
            {t(LABELS[f])}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="html" className="quire-tab-panel">
        {format === 'html' ? html : null}
      </Tabs.Content>
      <Tabs.Content value="pdf" className="quire-tab-panel">
        {format === 'pdf' ? pdfView : null}
      </Tabs.Content>
    </Tabs.Root>
  );
}
