export { type CodeError, type CodeSvg, type CodeSvgOptions, type CodeTag, codeSvg, isCodeTag } from './code-svg';
export { drawCodesInHtml } from './html';
