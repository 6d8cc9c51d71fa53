import type { Findings } from '../findings';

/** What every part of the box builder reads: the template's images, and where findings go. */
export interface BoxContext {
  images: Map<string, Uint8Array>;
  findings: Findings;
  /** The template part being built (`html`, `header_html`…), for findings. */
  part?: string;
}

/** The `list-item` counter of the nearest list (CSS Lists 3: `ol` and `ul` reset it for their descendants). */
export interface ListCounter {
  next: number;
  /** -1 in a reversed list. */
  step: number;
}

/** What passes from an element to its descendants while building. */
export interface Scope {
  /** href of the nearest enclosing `<a>`. */
  link: string | undefined;
  list: ListCounter;
}

export function report(context: BoxContext, line: number | undefined, code: string, message: string): void {
  context.findings.add({
    code,
    message,
    ...(context.part === undefined ? {} : { part: context.part }),
    ...(line === undefined ? {} : { line }),
  });
}
