import type { BoxFragment } from '../fragment';
import type { PageSlice } from '../pages/plan';

const EPSILON = 0.01;
/** Less room than this at a page's foot is left empty rather than filled with a sliver of columns. */
const LEAST_ROOM = 12;
/** A set this far below its page's top has other content above it: it was not moved there for want of room. */
const NEAR_TOP = 36;

/**
 * What the layout learns from a first pagination so that columns fill the rest of a page as a browser's do. The
 * layout runs in one flow and does not know where the pages end; a column set too tall for what is left of its
 * page is moved whole to the next one, leaving a gap. `rooms` tells a second layout how tall the first set of a
 * run of column content may be (the room its page had left), so it fills that and goes on over the page.
 */
export class ColumnHints {
  /** The first column set of each run of column content, with the run's key (its first box). */
  readonly firstSets = new Map<BoxFragment, object>();
  /** Per run's key: how tall its first set may be. */
  readonly rooms = new Map<object, number>();

  /** Forgets the sets of the last layout (the rooms are kept for the next). */
  startLayout(): void {
    this.firstSets.clear();
  }

  /**
   * Finds the first column sets the paginator moved to the top of a page while the page before had room left,
   * and records that room. True when a room was added: laying out again fills it.
   */
  learnRooms(flow: BoxFragment, slices: PageSlice[], contentHeight: (index: number) => number): boolean {
    if (this.firstSets.size === 0) return false;
    let added = false;
    const visit = (box: BoxFragment, originY: number) => {
      for (const child of box.children) {
        if (child.kind !== 'box') continue;
        const top = originY + child.y;
        const key = this.firstSets.get(child);
        if (key !== undefined && !this.rooms.has(key)) {
          const room = roomAbove(top, slices, contentHeight);
          if (room !== null && room < child.height - EPSILON) {
            this.rooms.set(key, room);
            added = true;
          }
        }
        if (child.children.length > 0) visit(child, top);
      }
    };
    visit(flow, flow.y);
    return added;
  }
}

/**
 * The room left at the foot of the page before the one flow y `top` falls near the top of (only the container's
 * own edges and margins above it), or null when there is none or `top` is further down its page.
 */
function roomAbove(top: number, slices: PageSlice[], contentHeight: (index: number) => number): number | null {
  const index = slices.findIndex((slice) => slice.start <= top + EPSILON && top < slice.end - EPSILON);
  const page = slices[index];
  if (index < 1 || !page || top - page.start > NEAR_TOP) return null;
  const before = slices[index - 1] as PageSlice;
  const parts = [...before.heads, ...before.feet].reduce((sum, part) => sum + part.fragment.height, 0);
  // What comes between the page's top and the set (the container's padding) moves up with it.
  const room = contentHeight(index - 1) - parts - (before.end - before.start) - (top - page.start) - EPSILON * 2;
  return room >= LEAST_ROOM ? room : null;
}
