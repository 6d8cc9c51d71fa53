export { parseHtml, lineLocator, nodeLine } from './html';
export { parseStylesheet, parseDeclarations } from './css';
export type { CssDeclaration, StyleRule, PageRule, MarginRule, Stylesheet, CssOrigin } from './css';
export { matchesMedia, type MediaContext } from './media';
export { splitSelectorList } from './selector-list';
