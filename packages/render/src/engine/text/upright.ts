/**
 * `text-orientation: upright` in vertical text: every character stands upright, Latin and digits too, one under
 * the other. The turned layout (boxes/vertical-flow.ts) shapes such text with this marker among its features, and
 * the shaper advances each glyph as Chromium does (text/shaper.ts, uprightWord): CJK by the advance it has in mixed
 * vertical text, Latin and digits by the face's ascent plus descent, with no kerning between glyphs that no longer
 * stand side by side.
 */
export const UPRIGHT = '!upright';

/** Whether text shaped with these features is set upright. */
export const isUpright = (features: readonly string[] | undefined): boolean => features?.includes(UPRIGHT) === true;

/** Markers like UPRIGHT are instructions to the shaper, not OpenType features. */
export const isMarker = (feature: string): boolean => feature.charCodeAt(0) === BANG;
const BANG = 0x21;
