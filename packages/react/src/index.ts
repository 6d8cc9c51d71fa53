// @quire/react: the embeddable template builder and the pieces it is made of. Import the stylesheet once:
// `import '@quire/react/styles.css'`.

// Easy Mode, the PDF preview and viewer, the AI chat, the starters and the report viewer: standalone components
// with their own props, which <TemplateBuilder> composes.
export { AIChat, AIChatProps } from './ai-chat/AIChat';
export { AiReview } from './ai-review/AiReview';
export type { DataNode, DraftAnalysis } from './builder/analysis';
export type { BuilderState, TemplateMeta } from './builder/controller';
export { FeaturesProp, PermissionsProp, TemplateBuilderProps } from './builder/props';
export { TemplateBuilder } from './builder/TemplateBuilder';
export * from './builder/types';
export { type TemplateBuilderHandle, useTemplateBuilder } from './builder/useTemplateBuilder';
export { DataEditor, DataEditorProps } from './data/DataEditor';
export { type EasyChange, EasyEditor, EasyEditorProps } from './easy/EasyEditor';
export { SampleDataForm, SampleDataFormProps } from './easy/SampleDataForm';
export { ThemeControls, ThemeControlsProps } from './easy/ThemeControls';
export { LiquidEditor, LiquidEditorProps } from './editor/LiquidEditor';
export type { BuilderAction, BuilderError, BuilderErrorCode } from './errors/builder-error';
export { BUILDER_ERROR_CODES, BuilderFailure } from './errors/builder-error';
export { en as defaultMessages, type MessageKey, type MessageOverrides, type Messages } from './i18n/messages';
export { BUNDLED_FONT_FILES, fontFileName, type PdfFontSource } from './pdf/fonts';
export { PdfPreview, PdfPreviewProps } from './pdf/PdfPreview';
export { configurePdfViewer, type PdfPaint, PdfViewer, PdfViewerProps } from './pdf/PdfViewer';
export { installPdfPreview, type PdfPreviewOptions, pdfPreviewSlot } from './pdf/slot';
export { TemplatePreview, TemplatePreviewProps } from './preview/TemplatePreview';
export { type PropsProblem, QuirePropsError } from './props/validate';
export { useQuireClient } from './provider/context';
export { QuireProvider, QuireProviderProps } from './provider/QuireProvider';
export type { GetToken } from './provider/token-fetch';
export { ReportViewer, ReportViewerProps } from './report-viewer/ReportViewer';
export { QuireRoot, type QuireRootProps } from './root/QuireRoot';
export { StarterGallery, StarterGalleryProps } from './starters/StarterGallery';
export { type ResolvedTheme, type ThemePreference, useResolvedTheme } from './theme/theme';
// Generic pieces in the builder's style, for hosts that build screens around it (Quire's own site does).
export { Button, type ButtonProps } from './ui/Button';
export { Dialog, type DialogProps } from './ui/Dialog';
export { VariablePanel, VariablePanelProps } from './variables/VariablePanel';
export { VersionHistory, VersionHistoryProps } from './versions/VersionHistory';
