import { type ComputedStyle, initialStyle, type StyledElement, type StyledNode } from '../../style/computed-style';
import type { BlockBox } from '../box';

/** A text node; `el` gives it its parent's style. */
export function text(value: string): StyledNode {
  return { kind: 'text', text: value, style: initialStyle() };
}

/**
 * A styled element from the initial style plus overrides, as the style stage would give it: inherited properties
 * are the test's business (pass them where a test depends on them). Text children take the element's style.
 */
export function el(
  tag: string,
  style: Partial<ComputedStyle> = {},
  children: StyledNode[] = [],
  attrs: Record<string, string> = {},
): StyledElement {
  const own: ComputedStyle = { ...initialStyle(), ...style };
  return {
    kind: 'element',
    tag,
    attrs,
    style: own,
    children: children.map((child) => (child.kind === 'text' ? { ...child, style: own } : child)),
  };
}

const display = (value: ComputedStyle['display']) => ({ display: value });
export const block = display('block');
export const inline = display('inline');
export const inlineBlock = display('inline-block');
export const listItem = display('list-item');
export const table = display('table');
export const row = display('table-row');
export const cell = display('table-cell');

/** The block-level child at `index` of a block box, failing the test when there is none. */
export function blockAt(box: BlockBox, index: number): BlockBox {
  const child = box.blocks?.[index];
  if (child?.type !== 'block') throw new Error(`no block child at ${index}`);
  return child;
}
