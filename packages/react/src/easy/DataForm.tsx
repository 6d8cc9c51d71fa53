import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useId } from 'react';
import { DATA_FORM_TEMPLATES, DATA_FORM_WIDGETS } from './data-templates';
import validator from './validator';

export interface DataFormProps {
  schema: RJSFSchema;
  value: Record<string, unknown>;
  onChange(value: Record<string, unknown>): void;
  readOnly: boolean;
}

const UI_SCHEMA: UiSchema = { 'ui:submitButtonOptions': { norender: true } };

/**
 * The sample data as a form drawn from its JSON Schema (react-jsonschema-form): text, number, date and yes/no
 * fields, lists with add and remove. Every change is the new sample data at once; the form never submits.
 * A separate chunk: RJSF and its validator load when the Data panel opens. The validator interprets the schema
 * (./validator): RJSF's default one compiles it with `new Function`, which a Content-Security-Policy without
 * 'unsafe-eval' refuses.
 */
export default function DataForm(props: DataFormProps) {
  const id = useId().replace(/[^\w-]/g, '');
  return (
    <Form
      className="quire-data-form"
      schema={props.schema}
      uiSchema={UI_SCHEMA}
      templates={DATA_FORM_TEMPLATES}
      widgets={DATA_FORM_WIDGETS}
      formData={props.value}
      validator={validator}
      idPrefix={`quire-data-${id}`}
      disabled={props.readOnly}
      liveValidate="onChange"
      showErrorList={false}
      noHtml5Validate
      onChange={(event) => props.onChange((event.formData ?? {}) as Record<string, unknown>)}
      onSubmit={() => {}}
    />
  );
}
