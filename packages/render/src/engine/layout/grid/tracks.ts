import { resolveLength, type TrackBreadth, type TrackList, type TrackSize } from '../../style/computed-style';

const AUTO: TrackSize = { min: { kind: 'auto' }, max: { kind: 'auto' } };

/**
 * The explicit tracks of a track list: `repeat(auto-fill | auto-fit, …)` repeated as often as its tracks fit in
 * `available` (at least once; CSS Grid §7.2.3.2), measured by their fixed sizes.
 */
export function expandTracks(list: TrackList, available: number, gap: number): TrackSize[] {
  const fixed = (t: TrackSize) => {
    const sized = (b: TrackBreadth) => (b.kind === 'length' ? resolveLength(b.value, available) : null);
    return sized(t.max) ?? sized(t.min) ?? 0;
  };
  let used = 0;
  let count = 0;
  for (const entry of list) {
    if ('kind' in entry) continue;
    used += fixed(entry);
    count++;
  }
  const out: TrackSize[] = [];
  for (const entry of list) {
    if (!('kind' in entry)) {
      out.push(entry);
      continue;
    }
    const size = entry.tracks.reduce((sum, t) => sum + fixed(t), 0) + gap * entry.tracks.length;
    const room = available - used - gap * count + gap;
    const repeats = size > 0 ? Math.max(1, Math.floor(room / size)) : 1;
    for (let i = 0; i < repeats; i++) out.push(...entry.tracks);
  }
  return out;
}

export const trackAt = (tracks: TrackSize[], index: number, implicit: TrackSize = AUTO): TrackSize =>
  tracks[index] ?? implicit;

/** What the items of one track ask for: the widest min-content and max-content of those spanning it alone. */
export interface TrackContent {
  min: number;
  max: number;
}

/**
 * Column widths (CSS Grid §11, without the spanning items' distribution, which the caller makes up afterwards):
 * fixed tracks take their size; content-sized tracks start at their items' min-content and grow toward their
 * max-content while there is room; `fr` tracks share what is left after the others, but never below their items'
 * min-content; auto tracks stretch into what is still left when no track is flexible.
 */
export function sizeTracks(tracks: TrackSize[], content: TrackContent[], available: number, gaps: number): number[] {
  const resolve = (b: TrackBreadth, c: TrackContent, side: 'min' | 'max'): number => {
    if (b.kind === 'length') return resolveLength(b.value, available);
    if (b.kind === 'min-content') return c.min;
    if (b.kind === 'max-content') return c.max;
    if (b.kind === 'auto') return side === 'min' ? c.min : c.max;
    return c.min;
  };
  const base = tracks.map((t, i) => resolve(t.min, content[i] as TrackContent, 'min'));
  const limit = tracks.map((t, i) =>
    t.max.kind === 'fr'
      ? Number.POSITIVE_INFINITY
      : Math.max(base[i] as number, resolve(t.max, content[i] as TrackContent, 'max')),
  );
  const flexible = tracks.map((t) => (t.max.kind === 'fr' ? t.max.value : 0));
  const room = () => available - gaps - base.reduce((a, b) => a + b, 0);
  // Grow the content-sized tracks toward their limits, equally, while there is room.
  const growing = () => tracks.map((_, i) => flexible[i] === 0 && (base[i] as number) < (limit[i] as number) - 1e-9);
  for (let round = 0; round < 32 && room() > 1e-9; round++) {
    const grow = growing();
    const n = grow.filter(Boolean).length;
    if (n === 0) break;
    const step = Math.min(
      room() / n,
      ...tracks.map((_, i) => (grow[i] ? (limit[i] as number) - (base[i] as number) : Number.POSITIVE_INFINITY)),
    );
    tracks.forEach((_, i) => {
      if (grow[i]) base[i] = (base[i] as number) + step;
    });
  }
  if (flexible.some((f) => f > 0)) {
    // The flexible length (§11.7): tracks whose minimum is larger than their share keep it and leave the sharing.
    const inflexible = new Set<number>();
    for (let round = 0; round < tracks.length + 1; round++) {
      let left = available - gaps;
      let sum = 0;
      tracks.forEach((_, i) => {
        if (flexible[i] === 0 || inflexible.has(i)) left -= base[i] as number;
        else sum += flexible[i] as number;
      });
      const unit = sum > 0 ? Math.max(0, left) / Math.max(sum, 1) : 0;
      let changed = false;
      tracks.forEach((_, i) => {
        if (flexible[i] === 0 || inflexible.has(i)) return;
        if ((base[i] as number) > unit * (flexible[i] as number) + 1e-9) {
          inflexible.add(i);
          changed = true;
        }
      });
      if (!changed) {
        tracks.forEach((_, i) => {
          if (flexible[i] !== 0 && !inflexible.has(i)) base[i] = unit * (flexible[i] as number);
        });
        break;
      }
    }
  } else {
    // justify-content: normal stretches the auto tracks into what is left (§11.8).
    const autos = tracks.map((t, i) => (t.max.kind === 'auto' ? i : -1)).filter((i) => i >= 0);
    const left = room();
    if (left > 1e-9 && autos.length > 0) for (const i of autos) base[i] = (base[i] as number) + left / autos.length;
  }
  return base;
}
