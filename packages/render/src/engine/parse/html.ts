import type { Document, Node } from 'domhandler';
import { parseDocument } from 'htmlparser2';

/**
 * Parses a template's HTML (after Liquid) into a domhandler Document: tag and attribute names lower-cased,
 * entities decoded, and each node's start offset kept so that findings can name a line.
 */
export function parseHtml(html: string): Document {
  return parseDocument(html, {
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
    decodeEntities: true,
    recognizeSelfClosing: true,
    withStartIndices: true,
  });
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
