// @quire/react: the embeddable template builder and the pieces it is made of. Import the stylesheet once:
// `import '@quire/react/styles.css'`.

export * from './builder/types';
export type { BuilderAction, BuilderError, BuilderErrorCode } from './errors/builder-error';
export { BUILDER_ERROR_CODES, BuilderFailure } from './errors/builder-error';
export { en as defaultMessages, type MessageKey, type MessageOverrides, type Messages } from './i18n/messages';
export { QuirePropsError } from './props/validate';
export { useQuireClient } from './provider/context';
export { QuireProvider } from './provider/QuireProvider';
export type { GetToken } from './provider/token-fetch';
export { QuireRoot, type QuireRootProps } from './root/QuireRoot';
export type { ResolvedTheme, ThemePreference } from './theme/theme';
