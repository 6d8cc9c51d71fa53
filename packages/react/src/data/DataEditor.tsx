import { compareData, type DataComparison, type JsonSchema } from '@quire/core';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { dataTree } from '../builder/analysis';
import { useBuilderState, useOptionalBuilder } from '../builder/context';
import type { BuilderController } from '../builder/controller';
import type { EditorMark } from '../editor/CodeEditor';
import { filterDocs } from '../editor/filters';
import type { LiquidKnowledge } from '../editor/liquid-support';
import { fn, parseProps } from '../props/validate';
import { QuireRoot } from '../root/QuireRoot';
import { useUi } from '../root/ui-context';
import { parseJsonObject } from './json';

const CodeEditor = lazy(() => import('../editor/CodeEditor'));

export const DataEditorProps = z
  .object({
    /** The sample data, outside a builder. */
    value: z.record(z.string(), z.unknown()).optional(),
    onChange: fn<(data: Record<string, unknown>) => void>().optional(),
    /** The JSON Schema to check the data against, outside a builder (inside: the template's). */
    schema: z.record(z.string(), z.unknown()).optional(),
    readOnly: z.boolean().optional(),
    className: z.string().optional(),
  })
  .strict();

export type DataEditorProps = z.input<typeof DataEditorProps>;
type Parsed = z.output<typeof DataEditorProps>;

const format = (data: Record<string, unknown>) => JSON.stringify(data, null, 2);
const sameData = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The sample data as JSON, checked as it is typed: JSON errors are marked at their line, and the data is compared
 * with the template's schema (what the template prints that the data lacks, what it never uses, values of the
 * wrong type). Valid JSON objects become the sample data at once; the text is kept while it is not valid.
 */
export function DataEditor(input: DataEditorProps) {
  const props = parseProps('DataEditor', DataEditorProps, input);
  const controller = useOptionalBuilder();
  if (!controller && props.value === undefined) {
    throw new Error('<DataEditor> needs value and onChange when it is not inside <TemplateBuilder>.');
  }
  const body = <DataEditorBody props={props} controller={controller} />;
  return controller ? body : <QuireRoot>{body}</QuireRoot>;
}

function DataEditorBody({ props, controller }: { props: Parsed; controller: BuilderController | null }) {
  const { t } = useUi();
  const draft = useBuilderState(controller, (s) => s.draft);
  const data = (props.value ?? draft?.sample_data ?? {}) as Record<string, unknown>;
  const schema = (props.schema ??
    (draft && controller ? controller.analyse(draft).schema : { type: 'object' })) as JsonSchema;
  const readOnly =
    props.readOnly ??
    (controller ? !controller.options.permissions.editData || controller.readOnly : props.onChange === undefined);
  const [text, setText] = useState(() => format(data));
  const lastValid = useRef<Record<string, unknown>>(data);
  const statusId = useId();

  // The data changed elsewhere (undo, the api, a restored version): show it, unless the text already says it.
  useEffect(() => {
    if (sameData(lastValid.current, data)) return;
    lastValid.current = data;
    setText(format(data));
  }, [data]);

  const parsed = useMemo(() => parseJsonObject(text), [text]);
  const comparison: DataComparison | null = parsed.ok ? compareData(schema, parsed.value) : null;
  const marks = useMemo<EditorMark[]>(
    () =>
      parsed.ok
        ? []
        : [
            {
              line: parsed.line,
              column: parsed.column,
              severity: 'error',
              message: parsed.notObject ? t('data.notObject') : t('data.invalidJson', { message: parsed.message }),
            },
          ],
    [parsed, t],
  );
  const knowledge = useMemo<LiquidKnowledge>(
    () => ({ data: dataTree(schema, data), filters: controller ? filterDocs(controller.engine) : [], t }),
    [schema, data, controller, t],
  );
  const onChange = (next: string) => {
    setText(next);
    const result = parseJsonObject(next);
    if (!result.ok) return;
    lastValid.current = result.value;
    if (props.onChange) props.onChange(result.value);
    else controller?.change({ sample_data: result.value });
  };

  const problems = comparison
    ? [
        ...comparison.missing.map((path) => ({
          key: `m:${path}`,
          level: 'warning',
          text: t('data.missing', { path }),
        })),
        ...comparison.mismatched.map((m) => ({
          key: `t:${m.path}`,
          level: 'warning',
          text: t('data.mismatched', { path: m.path, actual: m.actual, expected: m.expected }),
        })),
        ...comparison.unexpected.map((path) => ({
          key: `u:${path}`,
          level: 'info',
          text: t('data.unexpected', { path }),
        })),
      ]
    : [];

  return (
    <div className={`quire-data-editor${props.className ? ` ${props.className}` : ''}`}>
      <div className="quire-data-code">
        <Suspense fallback={<p className="quire-muted">{t('editor.loading')}</p>}>
          <CodeEditor
            language="json"
            value={text}
            onChange={onChange}
            readOnly={readOnly}
            label={t('data.label')}
            knowledge={knowledge}
            marks={marks}
          />
        </Suspense>
      </div>
      <div className="quire-data-status" id={statusId} aria-live="polite">
        {readOnly ? <p className="quire-muted">{t('data.readOnly')}</p> : null}
        {!parsed.ok ? (
          <p className="quire-problem" data-level="error">
            {marks[0]?.message}
          </p>
        ) : problems.length === 0 ? (
          <p className="quire-ok">{t('data.valid')}</p>
        ) : (
          <ul className="quire-problems">
            {problems.map((p) => (
              <li key={p.key} className="quire-problem" data-level={p.level}>
                {p.text}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
