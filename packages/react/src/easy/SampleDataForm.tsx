import { createTemplateEngine, TemplateContent } from '@quire/core';
import type { RJSFSchema } from '@rjsf/utils';
import { lazy, Suspense, useMemo } from 'react';
import { z } from 'zod';
import type { TemplateDraft } from '../builder/types';
import { uiSettingsShape } from '../props/shared';
import { fn, parseProps } from '../props/validate';
import { Standalone } from '../root/Standalone';
import { useUi } from '../root/ui-context';
import { formSchema } from './form-schema';

const DataForm = lazy(() => import('./DataForm'));

const Data = z.record(z.string(), z.unknown());

export const SampleDataFormProps = z
  .object({
    /** The sample data the form shows. */
    value: Data,
    /** Every change: the whole new sample data. */
    onChange: fn<(data: Record<string, unknown>) => void>().optional(),
    /** The JSON Schema the form is drawn from; default: the template's (`template`), inferred when it has none. */
    schema: Data.optional(),
    /** The template whose data this is, to infer the schema from what it reads. */
    template: TemplateContent.optional(),
    readOnly: z.boolean().optional(),
    className: z.string().optional(),
    ...uiSettingsShape,
  })
  .strict()
  .refine((props) => props.schema || props.template, {
    message: 'Give the schema to draw the form from, or the template to infer it from',
    path: ['schema'],
  });

export type SampleDataFormProps = z.input<typeof SampleDataFormProps>;

/**
 * Sample data as a form generated from its JSON Schema, for people who do not write JSON: each field the
 * template reads, lists with add and remove. The form itself (react-jsonschema-form) is a lazy chunk.
 */
export function SampleDataForm(input: SampleDataFormProps) {
  const props = parseProps('SampleDataForm', SampleDataFormProps, input);
  return (
    <Standalone settings={props}>
      <SampleDataFormBody props={props} />
    </Standalone>
  );
}

function SampleDataFormBody({ props }: { props: z.output<typeof SampleDataFormProps> }) {
  const { t } = useUi();
  const engine = useMemo(() => createTemplateEngine(), []);
  const { schema: given, template, value } = props;
  const schema = useMemo(() => {
    if (given) {
      const { $schema: _ignored, ...rest } = given;
      return rest;
    }
    return formSchema({ ...(template as TemplateDraft), sample_data: value }, engine);
  }, [given, template, value, engine]) as RJSFSchema;
  const empty = !schema.properties || Object.keys(schema.properties).length === 0;
  return (
    <div className={`quire-sample-form${props.className ? ` ${props.className}` : ''}`}>
      {empty ? (
        <p className="quire-muted">{t('easy.dataEmpty')}</p>
      ) : (
        <Suspense fallback={<p className="quire-muted">{t('easy.dataLoading')}</p>}>
          <DataForm
            schema={schema}
            value={value}
            onChange={(next) => props.onChange?.(next)}
            readOnly={props.readOnly ?? props.onChange === undefined}
          />
        </Suspense>
      )}
      {props.readOnly ? <p className="quire-muted">{t('data.readOnly')}</p> : null}
    </div>
  );
}
