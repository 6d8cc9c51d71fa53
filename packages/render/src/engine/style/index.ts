export { parseColor } from './colors';
export { computeStyles, type StyleInput, type StyleResult } from './compute-styles';
export * from './computed-style';
export { computePageStyles, type SourcedPageRule } from './page';
export { type CompiledSelector, compileSelectorList } from './selectors';
export { userAgentStylesheet } from './sheet-cache';
export { ENGINE_USER_AGENT_CSS } from './user-agent';
export { type LengthContext, parseValue, toLength, toNumber } from './values';
export { computeCustomProperties, substituteVars } from './vars';
