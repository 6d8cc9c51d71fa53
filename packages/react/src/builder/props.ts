import { TemplateContent } from '@quire/core';
import type { CSSProperties, ReactNode } from 'react';
import { z } from 'zod';
import type { BuilderError } from '../errors/builder-error';
import { uiSettingsShape } from '../props/shared';
import { fn } from '../props/validate';
import type {
  BuilderApi,
  BuilderMode,
  ChangeInfo,
  PublishResult,
  RenderInfo,
  SaveResult,
  TemplateDraft,
} from './types';

const Mode = z.enum(['easy', 'boss']);

export const PermissionsProp = z
  .object({
    save: z.boolean(),
    publish: z.boolean(),
    editCode: z.boolean(),
    ai: z.boolean(),
    editData: z.boolean(),
  })
  .partial()
  .strict();

export const FeaturesProp = z
  .object({
    ai: z.boolean(),
    versions: z.boolean(),
    starters: z.boolean(),
    pdfPreview: z.boolean(),
    formats: z.array(z.enum(['html', 'pdf'])).min(1, 'Offer at least one preview format'),
  })
  .partial()
  .strict();

/** A draft as a host gives it: checked by the same schema as the API's templates, defaults filled in. */
const DraftProp = TemplateContent;

/** The options `useTemplateBuilder` and `<TemplateBuilder>` share: what the builder edits and how. */
export const builderOptionsShape = {
  /** A template saved to Quire: loaded, saved, published, with versions and AI. Needs a `<QuireProvider>`. */
  templateId: z.string().min(1, 'Expected a template id such as "tpl_…"').optional(),
  value: DraftProp.optional(),
  onChange: fn<(draft: TemplateDraft, info: ChangeInfo) => void>().optional(),
  defaultValue: DraftProp.optional(),
  mode: Mode.optional(),
  defaultMode: Mode.optional(),
  onModeChange: fn<(mode: BuilderMode) => void>().optional(),
  permissions: PermissionsProp.optional(),
  features: FeaturesProp.optional(),
  /** Fires once, when the builder is ready; may answer a cleanup function, run when the builder goes away. */
  onReady: fn<(api: BuilderApi) => undefined | (() => void)>().optional(),
  onSave: fn<(result: SaveResult) => void>().optional(),
  onPublish: fn<(result: PublishResult) => void>().optional(),
  onRender: fn<(info: RenderInfo) => void>().optional(),
  onError: fn<(error: BuilderError) => void>().optional(),
};

export const TemplateBuilderProps = z
  .object({
    ...builderOptionsShape,
    ...uiSettingsShape,
    className: z.string().optional(),
    style: z.custom<CSSProperties>((value) => typeof value === 'object' && value !== null).optional(),
    /** Your own layout of the builder's parts, instead of the default one. */
    children: z.custom<ReactNode>(() => true).optional(),
  })
  .strict()
  .superRefine((props, ctx) => {
    if (props.value !== undefined && props.defaultValue !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['defaultValue'],
        message: 'Give value (controlled, with onChange) or defaultValue (uncontrolled), not both',
      });
    }
    if (props.value !== undefined && props.onChange === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['onChange'],
        message: 'A controlled builder (value) needs onChange, or nothing typed would stay; use defaultValue instead',
      });
    }
    if (props.templateId !== undefined && props.defaultValue !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['defaultValue'],
        message: 'The template of templateId is loaded from Quire: give templateId or defaultValue, not both',
      });
    }
    if (props.mode !== undefined && props.defaultMode !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['defaultMode'],
        message: 'Give mode (controlled, with onModeChange) or defaultMode, not both',
      });
    }
  });

export type TemplateBuilderProps = z.input<typeof TemplateBuilderProps>;
