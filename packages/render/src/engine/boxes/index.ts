import type { Findings } from '../findings';
import type { StyledElement } from '../style/computed-style';
import type { BlockBox } from './box';
import { BoxBuilder } from './build';

export { anonymousStyle } from './anonymous-style';
export type * from './box';

/**
 * The box tree of a styled tree (CSS 2.1 §9.2, §17.2.1): the root element is the root block container.
 * `images` holds the template's images keyed by `src` as written; what cannot be drawn is reported to `findings`
 * under `part`.
 */
export function buildBoxes(
  root: StyledElement,
  options: { images: Map<string, Uint8Array>; findings: Findings; part?: string },
): BlockBox {
  return new BoxBuilder(options).root(root);
}
