import { type Document, DomHandler, type Node } from 'domhandler';
import { Parser } from 'htmlparser2';
import { NestingGuard } from '../../nesting';

/** domhandler's tree builder, with the template's nesting limit kept as elements open and close. */
class GuardedHandler extends DomHandler {
  constructor(private readonly guard: NestingGuard) {
    super(undefined, { withStartIndices: true });
  }

  override onopentag(name: string, attribs: Record<string, string>): void {
    this.guard.open();
    super.onopentag(name, attribs);
  }

  override onclosetag(): void {
    this.guard.close();
    super.onclosetag();
  }
}

/**
 * Parses a template's HTML (after Liquid) into a domhandler Document: tag and attribute names lower-cased,
 * entities decoded, and each node's start offset kept so that findings can name a line. Elements nested past the
 * template limit stop the parse with template_too_deep, naming `part` (nesting.ts): the render does not read the
 * body once more to check it first.
 */
export function parseHtml(html: string, part = 'html'): Document {
  const handler = new GuardedHandler(new NestingGuard(part));
  new Parser(handler, {
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
    decodeEntities: true,
    recognizeSelfClosing: true,
  }).end(html);
  return handler.root;
}

/** Maps offsets in a text to 1-based line numbers (binary search over the line starts, built once). */
export function lineLocator(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
}

/** The 1-based line where a node of a document parsed by {@link parseHtml} from `html` starts. */
export function nodeLine(node: Node, locate: (offset: number) => number): number | undefined {
  return node.startIndex === null ? undefined : locate(node.startIndex);
}
