import { createTemplateEngine, TemplateError } from '@quire/core';
import { lazy, Suspense, useCallback, useMemo, useRef } from 'react';
import { z } from 'zod';
import { dataTree } from '../builder/analysis';
import { useBuilderState, useOptionalBuilder } from '../builder/context';
import type { BuilderController } from '../builder/controller';
import { marksFor } from '../builder/marks';
import type { SourcePart } from '../builder/types';
import { PART_LABELS } from '../i18n/parts';
import { withoutLocation } from '../preview/html-document';
import { fn, parseProps } from '../props/validate';
import { QuireRoot } from '../root/QuireRoot';
import { useUi } from '../root/ui-context';
import type { EditorMark } from './CodeEditor';
import { filterDocs } from './filters';
import type { LiquidKnowledge } from './liquid-support';

// CodeMirror and its languages are a chunk of their own, loaded the first time an editor shows.
const CodeEditor = lazy(() => import('./CodeEditor'));

export const LiquidEditorProps = z
  .object({
    /** The part of the builder's draft to edit. Default `html`. */
    part: z.enum(['html', 'css', 'header_html', 'footer_html']).optional(),
    /** The text, outside a builder (or to override the builder's). */
    value: z.string().optional(),
    onChange: fn<(value: string) => void>().optional(),
    readOnly: z.boolean().optional(),
    /** The editor's accessible name. Default: the part's name and "editor". */
    label: z.string().optional(),
    /** Sample data for completions and hovers, outside a builder. */
    data: z.record(z.string(), z.unknown()).optional(),
    className: z.string().optional(),
  })
  .strict();

export type LiquidEditorProps = z.input<typeof LiquidEditorProps>;

type Parsed = z.output<typeof LiquidEditorProps>;

const standaloneEngine = createTemplateEngine();

/**
 * A CodeMirror 6 editor for a template's HTML, CSS, header or footer: Liquid highlighting, completion of the
 * data's paths and of Quire's filters, the sample value of a variable on hover, and Liquid errors and check
 * findings as lint marks. Inside `<TemplateBuilder>` it edits the builder's draft; elsewhere give it `value` and
 * `onChange`. CodeMirror is loaded when the first editor shows.
 */
export function LiquidEditor(input: LiquidEditorProps) {
  const props = parseProps('LiquidEditor', LiquidEditorProps, input);
  const controller = useOptionalBuilder();
  if (!controller && props.value === undefined) {
    throw new Error('<LiquidEditor> needs value and onChange when it is not inside <TemplateBuilder>.');
  }
  const editor = controller ? (
    <BuilderEditor props={props} controller={controller} />
  ) : (
    <StandaloneEditor props={props} />
  );
  return controller ? editor : <QuireRoot>{editor}</QuireRoot>;
}

function Frame({ className, children }: { className: string | undefined; children: React.ReactNode }) {
  const { t } = useUi();
  return (
    <div className={`quire-liquid-editor${className ? ` ${className}` : ''}`}>
      <Suspense fallback={<p className="quire-muted quire-editor-loading">{t('editor.loading')}</p>}>
        {children}
      </Suspense>
    </div>
  );
}

function BuilderEditor({ props, controller }: { props: Parsed; controller: BuilderController }) {
  const { t } = useUi();
  const part: SourcePart = props.part ?? 'html';
  const state = useBuilderState(controller, (s) => s);
  const analysis = controller.analyse(state.draft);
  const filters = useMemo(() => filterDocs(controller.engine), [controller]);
  const knowledge: LiquidKnowledge = { data: analysis.data, filters, t };
  const marks = useMemo(() => marksFor(part, state, analysis, t), [part, state, analysis, t]);
  const onChange = useCallback(
    (value: string) => {
      if (props.onChange) props.onChange(value);
      else controller.change({ [part]: value });
    },
    [controller, part, props.onChange],
  );
  const { permissions } = controller.options;
  const unregister = useRef<(() => void) | undefined>(undefined);
  return (
    <Frame className={props.className}>
      <CodeEditor
        language={part === 'css' ? 'css' : 'liquid'}
        value={props.value ?? state.draft[part]}
        onChange={onChange}
        readOnly={props.readOnly ?? (!permissions.editCode || controller.readOnly)}
        label={props.label ?? t('editor.label', { part: t(PART_LABELS[part]) })}
        knowledge={knowledge}
        marks={marks}
        history={{ undo: () => controller.undo(), redo: () => controller.redo() }}
        onFocus={() => controller.focusEditor(part)}
        onHandle={(handle) => {
          unregister.current?.();
          unregister.current = handle ? controller.registerEditor(part, handle) : undefined;
        }}
      />
    </Frame>
  );
}

function StandaloneEditor({ props }: { props: Parsed }) {
  const { t } = useUi();
  const part: SourcePart = props.part ?? 'html';
  const data = props.data;
  const knowledge = useMemo<LiquidKnowledge>(
    () => ({ data: dataTree({ type: 'object' }, data ?? {}), filters: filterDocs(standaloneEngine), t }),
    [data, t],
  );
  // Alone, the editor still marks Liquid that does not parse.
  const value = props.value ?? '';
  const marks = useMemo<EditorMark[]>(() => {
    if (part === 'css') return [];
    try {
      standaloneEngine.parse(value);
      return [];
    } catch (error) {
      if (!(error instanceof TemplateError)) return [];
      return [
        {
          line: error.line ?? 1,
          column: error.column ?? 1,
          severity: 'error',
          message: withoutLocation(error.message),
        },
      ];
    }
  }, [part, value]);
  return (
    <Frame className={props.className}>
      <CodeEditor
        language={part === 'css' ? 'css' : 'liquid'}
        value={props.value ?? ''}
        onChange={(value) => props.onChange?.(value)}
        readOnly={props.readOnly ?? props.onChange === undefined}
        label={props.label ?? t('editor.label', { part: t(PART_LABELS[part]) })}
        knowledge={knowledge}
        marks={marks}
      />
    </Frame>
  );
}
