export type { CssDeclaration, CssOrigin, MarginRule, PageRule, StyleRule, Stylesheet } from './css';
export { parseDeclarations, parseStylesheet } from './css';
export { lineLocator, nodeLine, parseHtml } from './html';
export { type MediaContext, matchesMedia } from './media';
export { splitSelectorList } from './selector-list';
