/**
 * What a stage could not do as a browser would. Every stage reports into one list; `check()` shows it to the
 * template's author and the render returns it as warnings. Nothing the engine ignores goes unreported.
 */
export interface EngineFinding {
  /** Stable code: `unsupported_css_property`, `unsupported_css_value`, `unsupported_selector`, `unsupported_at_rule`,
   * `unsupported_display`, `content_overflow`, `image_not_loaded`, `missing_glyphs`, `word_too_long`, … */
  code: string;
  message: string;
  /** Which part of the template: `css` (the template's stylesheet), `html`, `header_html`, `footer_html`. */
  part?: string;
  /** 1-based line (and column) in that part, when known. */
  line?: number;
  column?: number;
}

/** Collects findings, one per distinct message and place, so a rule applied to 2,000 rows reports once. */
export class Findings {
  private readonly seen = new Set<string>();
  private readonly items: EngineFinding[] = [];
  private offered = 0;

  add(finding: EngineFinding): void {
    this.offered++;
    const key = keyOf(finding);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push(finding);
  }

  /**
   * How many findings were added, repeats included: a stage that reuses what it computed once can tell whether
   * computing it said anything (a repeat is not listed again, but at another line it would be).
   */
  get attempts(): number {
    return this.offered;
  }

  list(): EngineFinding[] {
    return [...this.items];
  }

  /** How many there are: a mark to go back to with `dropAfter`. */
  mark(): number {
    return this.items.length;
  }

  /** Forgets the findings added since `mark`: those of a layout that is done again and thrown away. */
  dropAfter(mark: number): void {
    for (const finding of this.items.splice(mark)) {
      this.seen.delete(keyOf(finding));
    }
  }
}

const keyOf = (finding: EngineFinding): string =>
  `${finding.code}|${finding.part ?? ''}|${finding.line ?? ''}|${finding.message}`;
