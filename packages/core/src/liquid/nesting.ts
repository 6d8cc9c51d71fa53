import { type Liquid, LiquidError, Tokenizer } from 'liquidjs';
import { TemplateError } from '../errors/quire-error';
import { NESTING_LIMITS } from '../limits/nesting';

// Tags that open a block closed by `end<name>`; LiquidJS parses and renders each block by recursion.
const BLOCKS = new Set(['if', 'unless', 'for', 'case', 'capture', 'tablerow', 'comment', 'block', 'layout']);

interface TagLike {
  name?: unknown;
  args?: string;
  getPosition(): [number, number];
}

/**
 * Throws 422 template_too_deep (with the line and column of the block that goes too deep) when Liquid blocks nest
 * more than `limit` deep. It reads the template's tokens in one flat pass, before LiquidJS parses (and so recurses
 * into) them. A template that does not tokenize is left to the parser, which reports the syntax error.
 */
export function assertLiquidNesting(liquid: Liquid, source: string, limit: number = NESTING_LIMITS.liquid): void {
  const { options } = liquid;
  let tokens: TagLike[];
  try {
    tokens = new Tokenizer(source, options.operators).readTopLevelTokens(options) as unknown as TagLike[];
  } catch (error) {
    if (LiquidError.is(error)) return;
    throw error;
  }
  const open: string[] = [];
  // Each entry: a token, and the template token it was read from (a `{% liquid %}` tag holds tags of its own).
  const queue: [TagLike, TagLike][] = tokens.reverse().map((token) => [token, token]);
  while (queue.length > 0) {
    const [token, outer] = queue.pop() as [TagLike, TagLike];
    if (typeof token.name !== 'string') continue;
    if (token.name === 'liquid' && token.args) {
      let inner: TagLike[] = [];
      try {
        inner = new Tokenizer(token.args, options.operators).readLiquidTagTokens(options) as unknown as TagLike[];
      } catch (error) {
        if (!LiquidError.is(error)) throw error;
      }
      for (const tag of inner.reverse()) queue.push([tag, outer]);
      continue;
    }
    if (BLOCKS.has(token.name)) {
      open.push(token.name);
      if (open.length > limit) {
        const [line, column] = outer.getPosition();
        throw new TemplateError('template_too_deep', {
          message: `Liquid blocks nest more than ${limit} deep (line ${line}, column ${column}); at most ${limit} are allowed.`,
          line,
          column,
          details: { limit },
        });
      }
    } else if (token.name.startsWith('end')) {
      const at = open.lastIndexOf(token.name.slice(3));
      if (at >= 0) open.length = at;
    }
  }
}
