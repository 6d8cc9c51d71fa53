import { APIUserAbortError, type Starter } from '@quire/client';
import { createTemplateEngine, TemplateContent } from '@quire/core';
import * as Tabs from '@radix-ui/react-tabs';
import { Suspense, useId, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { draftsEqual } from '../builder/draft';
import type { AiStatus, PreviewFormat, RenderInfo, SourceLocation, TemplateDraft } from '../builder/types';
import { type BuilderError, toBuilderError } from '../errors/builder-error';
import type { MessageKey } from '../i18n/messages';
import { previewSlots } from '../preview/slots';
import { uiSettingsShape } from '../props/shared';
import { fn, parseProps } from '../props/validate';
import { Standalone } from '../root/Standalone';
import { useUi } from '../root/ui-context';
import { StarterGallery } from '../starters/StarterGallery';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { EasyPreview, type EasyPreviewHandle } from './EasyPreview';
import { ElementInspector } from './ElementInspector';
import { ElementList } from './ElementList';
import { describeElement } from './element-model';
import { SampleDataForm } from './SampleDataForm';
import { type EditablePart, PART_PREFIX, parseSource, type SourceTree } from './source-tree';
import { ThemeControls } from './ThemeControls';

/** What an Easy Mode change was, for the host's history and messages. */
export interface EasyChange {
  kind: 'text' | 'style' | 'theme' | 'data' | 'starter';
  /** The draft fields it changed. */
  fields: (keyof TemplateDraft)[];
}

/** Where "Open in Boss Mode" points: the part and the line and column of the element. */
export type { SourceLocation };

const AiStatusProp = z.custom<AiStatus>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    ['idle', 'working', 'review'].includes((value as { state?: unknown }).state as string),
  { message: 'Expected an AiStatus ({ state: "idle" | "working" | "review", … })' },
);

export const EasyEditorProps = z
  .object({
    /** The draft (controlled); with `onChange`. */
    value: TemplateContent.optional(),
    /** The first draft (uncontrolled). */
    defaultValue: TemplateContent.optional(),
    /** Each change: the whole new draft, and what changed. Only the changed element's bytes differ. */
    onChange: fn<(draft: TemplateDraft, change: EasyChange) => void>().optional(),
    /** The AI's state, to show its progress (the builder's `ai` state). */
    aiStatus: AiStatusProp.optional(),
    /** Asks the AI for a change (the builder's `api.askAI`); without it, no AI controls are shown. */
    onAskAi: fn<(prompt: string) => unknown>().optional(),
    /** Switches to Boss Mode at a place in the source; without it, locked things say why but offer no switch. */
    onOpenBossMode: fn<(at: SourceLocation) => void>().optional(),
    /** Offer "Start from a starter". Default true. */
    starters: z.boolean().optional(),
    /** Nothing can be changed (the preview and the panels still show). */
    readOnly: z.boolean().optional(),
    /** Whether the sample data may be changed. Default true. */
    editData: z.boolean().optional(),
    /** Milliseconds after a change before the preview renders again. Default 120. */
    debounceMs: z.number().int().min(0).max(5000).optional(),
    /**
     * The preview formats, in order: the HTML preview to click is always there; the PDF one joins it where the
     * page installed the PDF preview (`installPdfPreview`). Default `['html', 'pdf']`.
     */
    formats: z
      .array(z.enum(['html', 'pdf']))
      .min(1)
      .optional(),
    /** Each preview rendered: HTML (its milliseconds) or PDF (pages, warnings). */
    onRender: fn<(info: RenderInfo) => void>().optional(),
    /** A PDF preview that failed, or a starter list that could not load. */
    onError: fn<(error: BuilderError) => void>().optional(),
    className: z.string().optional(),
    ...uiSettingsShape,
  })
  .strict()
  .refine((props) => props.value !== undefined || props.defaultValue !== undefined, {
    message: 'Give the draft: value (with onChange) or defaultValue',
    path: ['value'],
  });

export type EasyEditorProps = z.input<typeof EasyEditorProps>;
/** The props as checked: what `<EasyEditorView>` takes from a caller that has checked them already. */
export type EasyEditorViewProps = z.output<typeof EasyEditorProps>;

const PARTS: EditablePart[] = ['html', 'header_html', 'footer_html'];
const PART_OF: Record<string, EditablePart> = Object.fromEntries(
  PARTS.map((part) => [PART_PREFIX[part], part]),
) as Record<string, EditablePart>;

/**
 * Easy Mode: the template without code. The preview first; click an element to change its text, colour, size or
 * visibility, or to ask the AI about just that element; data printed by Liquid, loops and conditions show as
 * locked chips, and what cannot be changed here says why and offers Boss Mode. Beside it the sample data as a
 * form and the theme (accent colour, font, logo, page). Every change is a scoped edit of the same HTML and CSS
 * that Boss Mode shows, so switching modes loses nothing.
 */
export function EasyEditor(input: EasyEditorProps) {
  const props = parseProps('EasyEditor', EasyEditorProps, input);
  return (
    <Standalone settings={props}>
      <EasyEditorView props={props} />
    </Standalone>
  );
}

/**
 * `<EasyEditor>` without its props check and root, for the builder: its draft is the one being edited, which may
 * be invalid for a moment (a name cleared before the new one is typed) and must show all the same.
 */
export function EasyEditorView({ props }: { props: EasyEditorViewProps }) {
  const { t } = useUi();
  const [own, setOwn] = useState(() => (props.value ?? props.defaultValue) as TemplateDraft);
  // Props are parsed on every render (a fresh copy): the draft keeps its identity while its content is the same,
  // so that the preview renders again only for a change.
  const given = (props.value ?? own) as TemplateDraft;
  const stable = useRef(given);
  if (stable.current !== given && !draftsEqual(stable.current, given)) stable.current = given;
  const draft = stable.current;
  const [selected, setSelected] = useState<{ id: string; name: string } | null>(null);
  const [tab, setTab] = useState('element');
  const [startersOpen, setStartersOpen] = useState(false);
  const [prompt, setPrompt] = useState('');
  const [aiProblem, setAiProblem] = useState<string | null>(null);
  const [, setFrameLoads] = useState(0);
  const preview = useRef<EasyPreviewHandle | null>(null);
  const engine = useMemo(() => createTemplateEngine(), []);
  const askId = useId();
  // A controlled draft without onChange cannot change: show it read-only rather than drop the edits.
  const readOnly = props.readOnly ?? (props.value !== undefined && props.onChange === undefined);

  const html = useMemo(() => parseSource(draft.html, 'html'), [draft.html]);
  const header = useMemo(() => parseSource(draft.header_html, 'header_html'), [draft.header_html]);
  const footer = useMemo(() => parseSource(draft.footer_html, 'footer_html'), [draft.footer_html]);
  const trees = useMemo<Record<EditablePart, SourceTree>>(
    () => ({ html, header_html: header, footer_html: footer }),
    [html, header, footer],
  );

  const commit = (next: TemplateDraft, change: EasyChange) => {
    if (readOnly) return;
    if (props.value === undefined) setOwn(next);
    props.onChange?.(next, change);
  };

  // The selection holds while its element is still the same kind of element at that place (an edit elsewhere in
  // the structure, by Boss Mode or the AI, renumbers the elements).
  const selectedTree = selected ? trees[PART_OF[selected.id[0] as string] as EditablePart] : null;
  const current =
    selected && selectedTree?.byId.get(selected.id)?.name === selected.name ? selectedTree.byId.get(selected.id) : null;
  const model = current && selectedTree ? describeElement(selectedTree, current.id) : null;

  const select = (id: string | null) => {
    if (!id) return setSelected(null);
    const part = PART_OF[id[0] as string];
    const element = part ? trees[part].byId.get(id) : undefined;
    setSelected(element ? { id, name: element.name } : null);
    if (element) setTab('element');
  };

  const ai = props.aiStatus ?? { state: 'idle' as const };
  const aiBusy = ai.state === 'working';
  const ask = (text: string) => {
    if (!props.onAskAi) return;
    setAiProblem(null);
    // The host hears of failures its own way (the builder's onError); here the person reads what went wrong. A
    // turn stopped on purpose is no failure.
    Promise.resolve(props.onAskAi(text)).catch((error: unknown) => {
      if (APIUserAbortError.isInstance(error)) return;
      setAiProblem(t('chat.failed', { message: toBuilderError(error, 'ai', t).message }));
    });
  };
  const openBoss = (part: EditablePart, at: number) => {
    if (!props.onOpenBossMode) return;
    const source = trees[part].source;
    const before = source.slice(0, at);
    const line = before.split('\n').length;
    props.onOpenBossMode({ part, line, column: at - before.lastIndexOf('\n') });
  };
  const startFrom = (starter: Starter) => {
    setStartersOpen(false);
    setSelected(null);
    const fields = ['kind', 'html', 'css', 'header_html', 'footer_html', 'page', 'sample_data', 'data_schema'] as const;
    const next = { ...draft };
    for (const field of fields) (next as Record<string, unknown>)[field] = starter[field];
    commit(next, { kind: 'starter', fields: [...fields] });
  };

  const broken = PARTS.some((part) => trees[part].broken);
  const stage = ai.state === 'working' ? ai.stage : null;

  // The HTML preview is the one to click, so it is always offered; the PDF one where the page has it.
  const pdf = previewSlots.pdf;
  const wanted = props.formats ?? ['html', 'pdf'];
  const formats: PreviewFormat[] = [
    ...wanted.filter((f) => f === 'html' || pdf !== null),
    ...(wanted.includes('html') ? [] : (['html'] as const)),
  ];
  const [ownFormat, setFormat] = useState<PreviewFormat>(formats[0] ?? 'html');
  const format = formats.includes(ownFormat) ? ownFormat : 'html';
  const htmlPreview = (
    <EasyPreview
      engine={engine}
      draft={draft}
      data={draft.sample_data}
      trees={trees}
      selected={current?.id ?? null}
      onSelect={select}
      onLoad={() => setFrameLoads((n) => n + 1)}
      onRender={(ms) => props.onRender?.({ format: 'html', ms, pages: null, warnings: [] })}
      debounceMs={props.debounceMs ?? 120}
      handle={preview}
    />
  );

  return (
    <div className={`quire-easy-editor${props.className ? ` ${props.className}` : ''}`}>
      <div className="quire-easy-bar">
        {props.onAskAi ? (
          <form
            className="quire-easy-ask"
            onSubmit={(event) => {
              event.preventDefault();
              const text = prompt.trim();
              if (!text) return;
              ask(text);
              setPrompt('');
            }}
          >
            <label htmlFor={askId} className="quire-visually-hidden">
              {t('easy.askLabel')}
            </label>
            <input
              className="quire-input"
              id={askId}
              type="text"
              value={prompt}
              placeholder={t('easy.askPlaceholder')}
              disabled={aiBusy || readOnly}
              onChange={(event) => setPrompt(event.target.value)}
            />
            <Button type="submit" variant="primary" disabled={aiBusy || readOnly || !prompt.trim()}>
              {t('easy.ask')}
            </Button>
          </form>
        ) : null}
        {(props.starters ?? true) && !readOnly ? (
          <Button onClick={() => setStartersOpen(true)}>{t('easy.starter')}</Button>
        ) : null}
        {aiBusy ? (
          <p className="quire-easy-ai-status" role="status">
            {stage && stage !== 'error' ? t(`easy.stage.${stage}` as MessageKey) : t('ai.working')}
          </p>
        ) : null}
        {aiProblem && !aiBusy ? (
          <p className="quire-problem" data-level="error" role="alert">
            {aiProblem}
          </p>
        ) : null}
      </div>

      {draft.kind === 'email' ? (
        <div className="quire-locked" role="note">
          <p>{t('easy.emailNotice')}</p>
          {props.onOpenBossMode ? (
            <Button size="sm" onClick={() => openBoss('html', 0)}>
              {t('easy.openBoss')}
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="quire-easy-main">
          <div className="quire-easy-canvas">
            {pdf && formats.length > 1 ? (
              <Tabs.Root
                className="quire-easy-formats"
                value={format}
                onValueChange={(value) => setFormat(value as PreviewFormat)}
              >
                <Tabs.List className="quire-tabs-list quire-preview-formats" aria-label={t('preview.format')}>
                  {formats.map((f) => (
                    <Tabs.Trigger key={f} value={f} className="quire-tab">
                      {t(f === 'html' ? 'preview.html' : 'preview.pdf')}
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
                {/* Kept mounted while the PDF shows: the frame keeps its scroll, and the selection its outline. */}
                <Tabs.Content value="html" className="quire-tab-panel" forceMount>
                  {htmlPreview}
                </Tabs.Content>
                <Tabs.Content value="pdf" className="quire-tab-panel">
                  {format === 'pdf' ? (
                    <Suspense fallback={<p className="quire-muted">{t('preview.rendering')}</p>}>
                      <pdf.View
                        draft={draft}
                        data={draft.sample_data}
                        debounceMs={props.debounceMs ?? 400}
                        onRender={(render) =>
                          props.onRender?.({
                            format: 'pdf',
                            ms: render.ms,
                            pages: render.pages,
                            warnings: render.warnings,
                          })
                        }
                        onError={(error) => props.onError?.(toBuilderError(error, 'render', t))}
                      />
                    </Suspense>
                  ) : null}
                </Tabs.Content>
              </Tabs.Root>
            ) : (
              htmlPreview
            )}
          </div>
          <Tabs.Root className="quire-easy-panel" value={tab} onValueChange={setTab}>
            <Tabs.List className="quire-tabs-list" aria-label={t('easy.panels')}>
              <Tabs.Trigger value="element" className="quire-tab">
                {t('easy.tabElement')}
              </Tabs.Trigger>
              <Tabs.Trigger value="data" className="quire-tab">
                {t('easy.tabData')}
              </Tabs.Trigger>
              <Tabs.Trigger value="theme" className="quire-tab">
                {t('easy.tabTheme')}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="element" className="quire-tab-panel">
              {broken ? (
                <div className="quire-locked" role="note">
                  <p>{t('easy.brokenNotice')}</p>
                  {props.onOpenBossMode ? (
                    <Button size="sm" onClick={() => openBoss(PARTS.find((p) => trees[p].broken) ?? 'html', 0)}>
                      {t('easy.openBoss')}
                    </Button>
                  ) : null}
                </div>
              ) : null}
              {model && current && selectedTree ? (
                <ElementInspector
                  tree={selectedTree}
                  model={model}
                  drawn={preview.current?.drawn(model.id) ?? null}
                  readOnly={readOnly}
                  aiBusy={aiBusy}
                  onSelect={select}
                  onEdit={(source, kind) =>
                    commit({ ...draft, [selectedTree.part]: source }, { kind, fields: [selectedTree.part] })
                  }
                  onOpenBossMode={props.onOpenBossMode ? () => openBoss(selectedTree.part, current.start) : undefined}
                  onAskAi={props.onAskAi ? ask : undefined}
                />
              ) : (
                <p className="quire-muted">{t('easy.nothingSelected')}</p>
              )}
              <ElementList trees={trees} selected={current?.id ?? null} onSelect={select} />
            </Tabs.Content>
            <Tabs.Content value="data" className="quire-tab-panel">
              <SampleDataForm
                value={draft.sample_data}
                template={draft}
                readOnly={readOnly || props.editData === false}
                onChange={(data) => commit({ ...draft, sample_data: data }, { kind: 'data', fields: ['sample_data'] })}
              />
            </Tabs.Content>
            <Tabs.Content value="theme" className="quire-tab-panel">
              <ThemeControls
                value={draft}
                readOnly={readOnly}
                onChange={(next, fields) => commit(next, { kind: 'theme', fields })}
              />
            </Tabs.Content>
          </Tabs.Root>
        </div>
      )}

      {startersOpen ? (
        <Dialog
          open
          onOpenChange={setStartersOpen}
          title={t('easy.starter')}
          description={t('easy.starterReplaces')}
          size="lg"
        >
          <StarterGallery onSelect={startFrom} {...(props.onError ? { onError: props.onError } : {})} />
        </Dialog>
      ) : null}
    </div>
  );
}
