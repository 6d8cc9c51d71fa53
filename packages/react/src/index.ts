// @quire/react: the embeddable template builder and the pieces it is made of. Import the stylesheet once:
// `import '@quire/react/styles.css'`.

export { AiReview } from './ai-review/AiReview';
export type { DataNode, DraftAnalysis } from './builder/analysis';
export type { BuilderState, TemplateMeta } from './builder/controller';
export { FeaturesProp, PermissionsProp, TemplateBuilderProps } from './builder/props';
export { TemplateBuilder } from './builder/TemplateBuilder';
export * from './builder/types';
export { type TemplateBuilderHandle, useTemplateBuilder } from './builder/useTemplateBuilder';
export { DataEditor, DataEditorProps } from './data/DataEditor';
export { LiquidEditor, LiquidEditorProps } from './editor/LiquidEditor';
export type { BuilderAction, BuilderError, BuilderErrorCode } from './errors/builder-error';
export { BUILDER_ERROR_CODES, BuilderFailure } from './errors/builder-error';
export { en as defaultMessages, type MessageKey, type MessageOverrides, type Messages } from './i18n/messages';
export { TemplatePreview, TemplatePreviewProps } from './preview/TemplatePreview';
export { type PropsProblem, QuirePropsError } from './props/validate';
export { useQuireClient } from './provider/context';
export { QuireProvider, QuireProviderProps } from './provider/QuireProvider';
export type { GetToken } from './provider/token-fetch';
export { QuireRoot, type QuireRootProps } from './root/QuireRoot';
export type { ResolvedTheme, ThemePreference } from './theme/theme';
export { VariablePanel, VariablePanelProps } from './variables/VariablePanel';
export { VersionHistory, VersionHistoryProps } from './versions/VersionHistory';
