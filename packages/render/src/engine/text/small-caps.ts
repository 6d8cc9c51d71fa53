/**
 * Small capitals for fonts without them (CSS Fonts 4 §6.3): as Chromium synthesises them, the letters that
 * should be small capitals are drawn as capitals at 70% of the font size; the rest as they are. The text the
 * glyphs stand for stays the original (the painter writes an ActualText where the glyphs read otherwise).
 */

/** Chromium's size of synthesised small capitals (SmallCapsIterator, `kSmallCapsFontSizeMultiplier`). */
export const SMALL_CAPS_SCALE = 0.7;

export interface SmallCapsPlan {
  /** The features to shape with: the style's, without the capitals features the font lacks. */
  features: string[];
  /** Lowercase letters are drawn as small capitals (the font has no `smcp`). */
  lower: boolean;
  /** Capitals are drawn small too (`all-small-caps`, and the font has no `c2sc`). */
  upper: boolean;
}

const CAPS_FEATURES = new Set(['smcp', 'c2sc', 'pcap', 'c2pc']);

/**
 * What must be synthesised for text shaped with `features` in a font that has `available`: null when nothing
 * (no capitals feature asked for, or the font has every one asked for). Petite capitals the font lacks become
 * small capitals, which may be synthesised in turn.
 */
export function smallCapsPlan(
  features: readonly string[] | undefined,
  available: ReadonlySet<string>,
): SmallCapsPlan | null {
  if (!features?.some((f) => CAPS_FEATURES.has(f))) return null;
  const asked = features.map((f) =>
    f === 'pcap' && !available.has('pcap') ? 'smcp' : f === 'c2pc' && !available.has('c2pc') ? 'c2sc' : f,
  );
  const lower = asked.includes('smcp') && !available.has('smcp');
  const upper = asked.includes('c2sc') && !available.has('c2sc');
  if (!lower && !upper) return asked.join() === features.join() ? null : { features: asked, lower, upper };
  const drop = new Set([...(lower ? ['smcp'] : []), ...(upper ? ['c2sc'] : [])]);
  return { features: asked.filter((f) => !drop.has(f)), lower, upper };
}

/** A piece of a word to shape on its own: small ones are shaped in capitals and drawn at SMALL_CAPS_SCALE. */
export interface CaseRun {
  text: string;
  small: boolean;
}

/**
 * A word cut where letters turn from small capitals to others and back, small runs put in capitals: "Quire 2"
 * in small caps is "Q", then "UIRE" small, then " 2".
 */
export function caseRuns(text: string, plan: SmallCapsPlan): CaseRun[] {
  const runs: CaseRun[] = [];
  let current = '';
  let small = false;
  for (const ch of text) {
    const upper = ch.toUpperCase();
    const isSmall = (plan.lower && upper !== ch) || (plan.upper && upper === ch && ch.toLowerCase() !== ch);
    if (isSmall !== small && current) {
      runs.push({ text: small ? current.toUpperCase() : current, small });
      current = '';
    }
    small = isSmall;
    current += ch;
  }
  if (current) runs.push({ text: small ? current.toUpperCase() : current, small });
  return runs;
}
