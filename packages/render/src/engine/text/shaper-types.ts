import type { FontFaceRef, ShapedGlyph } from '../layout/fragment';
import type { ComputedStyle } from '../style/computed-style';

/** The family that draws a text given a CSS `font-family` list, and what even that family lacks. */
export interface CoveringFamily {
  /** The list's own family when it has every character, else the first registered family that has them all. */
  family: string;
  /** True when `family` is not the list's own. */
  fallback: boolean;
  /** Characters `family` lacks: no single registered family has them along with the rest (drawn as empty boxes). */
  lacking: string[];
}

/** Vertical metrics of a face at a font size, in points (ascent above, descent below the baseline, both positive). */
export interface FaceMetrics {
  ascent: number;
  descent: number;
  lineGap: number;
  /** Underline position (below the baseline, positive) and thickness. */
  underlinePosition: number;
  underlineThickness: number;
  /** x-height, for `vertical-align: middle`. */
  xHeight: number;
}

/** A run of text in one face and one direction, shaped. */
export interface ShapedRun {
  font: FontFaceRef;
  fontSize: number;
  /** Glyphs in visual order for the run's direction (an RTL run's glyphs come right-to-left reversed to LTR). */
  /** Shared and frozen (see TextFragment.glyphs): copy before changing. */
  glyphs: readonly ShapedGlyph[];
  width: number;
  text: string;
}

/**
 * What the inline layout needs of fonts: picking faces for a style (with per-character fallback across the
 * registered families), shaping, and metrics. Implemented by text/shaper.ts over the FontRegistry; parsed fonts
 * and shaped words are cached for the process.
 */
export interface TextShaping {
  /** The face a style asks for (family list resolved, weight ≥ 600 → bold, italic/oblique → italics). */
  faceFor(style: ComputedStyle): FontFaceRef;
  /** Splits text into runs each drawn by one face: the style's, or a fallback family that has the characters. */
  itemize(text: string, style: ComputedStyle): Array<{ text: string; font: FontFaceRef }>;
  /** Shapes one run (one face, one direction). */
  shape(text: string, font: FontFaceRef, fontSize: number, direction: 'ltr' | 'rtl', features?: string[]): ShapedRun;
  metrics(font: FontFaceRef, fontSize: number): FaceMetrics;
  /** The font bytes of a face, for embedding. */
  bytes(font: FontFaceRef): Uint8Array;
  /** The registered family that draws a CSS `font-family` list (`Arial, sans-serif` → Arimo), as text does. */
  resolveFamily(cssFamily: string): string;
  /** The family that draws all of a text for a `font-family` list, for SVG text (drawn in one font per element). */
  coveringFamily(text: string, cssFamily: string): CoveringFamily;
  /** Characters no registered font has, for the `missing_glyphs` finding. */
  missing(text: string): string[];
}
