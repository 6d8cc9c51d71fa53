import { anonymousStyle } from '../boxes/anonymous-style';
import type { BlockBox, BlockLevelBox } from '../boxes/box';

const itemsCache = new WeakMap<BlockBox, BlockLevelBox[]>();

/**
 * A flex or grid container's items in `order` (stable, CSS Flexbox §5.4, CSS Grid §6.1 and §5.4): its block-level
 * children (the style stage blockified them), or one anonymous item holding its inline content (a container with
 * only text: a logo's initials centred in a grid box).
 */
export function containerItems(box: BlockBox): BlockLevelBox[] {
  let items = itemsCache.get(box);
  if (!items) {
    if (box.inlines) {
      const anonymous: BlockBox = {
        type: 'block',
        style: anonymousStyle(box.style),
        tag: null,
        blocks: null,
        inlines: box.inlines,
      };
      items = [anonymous];
    } else {
      const blocks = box.blocks ?? [];
      items = blocks.some((b) => b.style.order !== 0)
        ? blocks
            .map((item, index) => ({ item, index }))
            .sort((a, b) => a.item.style.order - b.item.style.order || a.index - b.index)
            .map((entry) => entry.item)
        : blocks;
    }
    itemsCache.set(box, items);
  }
  return items;
}
