import type { Fragment } from '../fragment';

/** A fragment's height in the flow; a text run sits inside its line and counts as a point. */
export const extent = (fragment: Fragment): number => (fragment.kind === 'text' ? 0 : fragment.height);
