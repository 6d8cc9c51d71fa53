import { useBuilderController, useBuilderState } from '../builder/context';
import type { TemplateDraft } from '../builder/types';
import { EasyEditorView, type EasyEditorViewProps } from './EasyEditor';

/**
 * The builder's Easy Mode: `<EasyEditor>` on the builder's draft. Each change goes through the controller as a
 * person's edit (one undo history with Boss Mode, `onChange(draft, { source: 'edit' })`, saved and published like
 * any other), so switching modes loses nothing. The AI, starters, data, Boss Mode and PDF preview follow the
 * builder's permissions and features.
 */
export function EasyMode() {
  const controller = useBuilderController('EasyMode');
  const draft = useBuilderState(controller, (s) => s.draft);
  const ai = useBuilderState(controller, (s) => s.ai);
  const { permissions, features } = controller.options;
  const formats = features.formats.filter((format) => format === 'html' || features.pdfPreview);
  const edit = (next: TemplateDraft, fields: (keyof TemplateDraft)[]) => {
    // Only the fields Easy Mode changed: the rest of the draft stays as the builder has it.
    const patch = Object.fromEntries(fields.map((field) => [field, next[field]])) as Partial<TemplateDraft>;
    controller.change(patch, 'edit');
  };
  const props: EasyEditorViewProps = {
    value: draft,
    onChange: (next, change) => edit(next, change.fields),
    aiStatus: ai,
    onAskAi: controller.aiAvailable ? (prompt) => controller.askAI(prompt) : undefined,
    // Without editCode there is no Boss Mode to open: locked things say why, with no switch.
    onOpenBossMode: permissions.editCode ? (at) => controller.openBossMode(at) : undefined,
    starters: features.starters,
    editData: permissions.editData,
    readOnly: controller.readOnly,
    formats: formats.length > 0 ? formats : ['html'],
    onRender: (info) => controller.options.onRender?.(info),
    onError: (error) => controller.options.onError?.(error),
  };
  return <EasyEditorView props={props} />;
}
