import type { DraftAnalysis } from './analysis';
import { useBuilderController, useBuilderState } from './context';
import type { BuilderState, TemplateMeta } from './controller';
import type { AiStatus, BuilderApi, BuilderMode, Features, Permissions, TemplateDraft } from './types';

/** What `useTemplateBuilder()` answers: the builder's state, its api, and edits for a layout of your own. */
export interface TemplateBuilderHandle {
  api: BuilderApi;
  draft: TemplateDraft;
  /** The mode in force (Easy when the permissions forbid code). */
  mode: BuilderMode;
  status: BuilderState['status'];
  /** The draft differs from what was last loaded or saved. */
  dirty: boolean;
  canUndo: boolean;
  canRedo: boolean;
  saving: boolean;
  publishing: boolean;
  /** The template in Quire (versions), when the builder has a templateId. */
  template: TemplateMeta | null;
  ai: AiStatus;
  permissions: Permissions;
  features: Features;
  /** Nothing a person edits could be kept (no save permission and no onChange): show the draft read only. */
  readOnly: boolean;
  /** Syntax errors, the data tree and the data the sample lacks, for the current draft. */
  analysis: DraftAnalysis;
  /** Changes fields of the draft as a person's edit (`onChange` says `source: 'edit'`; undoable). */
  edit(patch: Partial<TemplateDraft>): void;
  acceptAI(): void;
  rejectAI(): Promise<void>;
}

/**
 * The nearest `<TemplateBuilder>`'s state and api, for components placed inside it (its children replace the
 * default layout). The component renders again when the builder's state changes.
 */
export function useTemplateBuilder(): TemplateBuilderHandle {
  const controller = useBuilderController('useTemplateBuilder');
  const state = useBuilderState(controller, (s) => s);
  const { permissions, features } = controller.options;
  return {
    api: controller.api,
    draft: state.draft,
    mode: permissions.editCode ? state.mode : 'easy',
    status: state.status,
    dirty: controller.dirty,
    canUndo: state.canUndo,
    canRedo: state.canRedo,
    saving: state.saving,
    publishing: state.publishing,
    template: state.template,
    ai: state.ai,
    permissions,
    features,
    readOnly: controller.readOnly,
    analysis: controller.analyse(state.draft),
    edit: (patch) => controller.change(patch, 'edit'),
    acceptAI: () => controller.acceptAI(),
    rejectAI: () => controller.rejectAI(),
  };
}
