import type { ComputedStyle } from '../style/computed-style';

// CSS's document white space (CR and form feed count as they do in the inline layout's collapsing).
const ONLY_SPACE = /^[ \t\n\r\f]*$/;

/** Whether white-space collapses away this text entirely when it stands between blocks or table parts. */
export function isCollapsibleSpace(text: { text: string; style: ComputedStyle }): boolean {
  const mode = text.style.whiteSpace;
  return (mode === 'normal' || mode === 'nowrap' || mode === 'pre-line') && ONLY_SPACE.test(text.text);
}
