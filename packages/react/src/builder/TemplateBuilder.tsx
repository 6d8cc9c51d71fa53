import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import { parseProps } from '../props/validate';
import { useQuireClient } from '../provider/context';
import { QuireRoot } from '../root/QuireRoot';
import { useUi } from '../root/ui-context';
import { BuilderLayout } from './BuilderLayout';
import { BuilderContext } from './context';
import { BuilderController, type BuilderOptions } from './controller';
import { blankDraft } from './draft';
import { TemplateBuilderProps } from './props';
import {
  type BuilderApi,
  type BuilderMode,
  DEFAULT_FEATURES,
  DEFAULT_PERMISSIONS,
  type Features,
  type Permissions,
} from './types';

// Layout effects run before paint in the browser; on a server they would warn, and there is nothing to sync.
const useCommitEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The template builder: Easy Mode and Boss Mode over one HTML + Liquid draft, with a live preview.
 *
 * - Backed by Quire: `templateId` (inside a `<QuireProvider>`) loads the template, saves versions, publishes.
 * - Controlled: `value` + `onChange(draft, { source })`; uncontrolled: `defaultValue`.
 * - `ref` or `onReady(api)` give the api; calls made before the builder is ready wait for it.
 * - Children replace the default layout: compose `<LiquidEditor>`, `<TemplatePreview>`, `<VariablePanel>`… and
 *   read the builder with `useTemplateBuilder()`.
 */
export const TemplateBuilder = forwardRef<BuilderApi, TemplateBuilderProps>(function TemplateBuilder(input, ref) {
  const props = parseProps('TemplateBuilder', TemplateBuilderProps, input);
  return (
    <QuireRoot
      theme={props.theme}
      locale={props.locale}
      messages={props.messages}
      portalContainer={props.portalContainer}
      className={`quire-builder${props.className ? ` ${props.className}` : ''}`}
      style={props.style}
    >
      <BuilderScope props={props} apiRef={ref} />
    </QuireRoot>
  );
});

type ParsedProps = ReturnType<typeof TemplateBuilderProps.parse>;

function BuilderScope({ props, apiRef }: { props: ParsedProps; apiRef: React.ForwardedRef<BuilderApi> }) {
  const client = useQuireClient();
  const { t } = useUi();
  const permissions: Permissions = { ...DEFAULT_PERMISSIONS, ...props.permissions };
  const features: Features = { ...DEFAULT_FEATURES, ...props.features };
  const options: BuilderOptions = {
    client,
    templateId: props.templateId,
    value: props.value,
    mode: props.mode,
    permissions,
    features,
    t,
    onChange: props.onChange,
    onModeChange: props.onModeChange,
    onReady: props.onReady,
    onSave: props.onSave,
    onPublish: props.onPublish,
    onRender: props.onRender,
    onError: props.onError,
  };
  const controllerRef = useRef<BuilderController | null>(null);
  if (!controllerRef.current) {
    const mode: BuilderMode = props.mode ?? props.defaultMode ?? 'easy';
    const draft = props.value ?? props.defaultValue ?? blankDraft(t('builder.untitled'));
    controllerRef.current = new BuilderController(options, { draft, mode });
  }
  const controller = controllerRef.current;
  // Callbacks and settings are read from the latest render; state that follows props syncs once React commits.
  controller.options = options;
  useCommitEffect(() => controller.sync(options));
  useCommitEffect(() => controller.mount(), [controller]);
  useEffect(() => () => controller.dispose(), [controller]);
  useImperativeHandle(apiRef, () => controller.api, [controller]);
  return <BuilderContext.Provider value={controller}>{props.children ?? <BuilderLayout />}</BuilderContext.Provider>;
}
