export { computeStyles, userAgentStylesheet, type StyleInput, type StyleResult } from './compute-styles';
export { computePageStyles, type SourcedPageRule } from './page';
export { ENGINE_USER_AGENT_CSS } from './user-agent';
export { parseColor } from './colors';
export { parseValue, toLength, toNumber, type LengthContext } from './values';
export { substituteVars, computeCustomProperties } from './vars';
export { compileSelectorList, type CompiledSelector } from './selectors';
export * from './computed-style';
