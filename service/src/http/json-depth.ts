import type { IncomingMessage } from 'node:http';
import { NESTING_LIMITS } from '@quire/core';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether JSON text nests objects and arrays more than `limit` deep, read byte by byte (UTF-8 never puts these
 * ASCII bytes inside a longer character), skipping strings. Malformed text is left to JSON.parse to refuse.
 */
export function jsonTextTooDeep(text: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const byte = text[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
  }
  return false;
}

/**
 * How deeply a request body may nest: the JSON limit for the data it carries, and room for the envelope around the
 * data (a batch's `items[].data`, an MCP call's `params.arguments.data`), so that any data the renderer takes can
 * be sent. Data deeper than NESTING_LIMITS.json inside a body is refused by the renderer, with the same code.
 */
export const BODY_DEPTH_LIMIT = NESTING_LIMITS.json + 8;

/**
 * body-parser's `verify` hook: refuses a JSON body nested deeper than BODY_DEPTH_LIMIT before it is parsed. Every
 * part of the service that walks a body, and the render workers a body's data is copied to, would otherwise follow
 * it by recursion. The error's `type` is what the error middleware answers as 400 json_too_deep.
 */
export function verifyJsonDepth(_req: IncomingMessage, _res: unknown, body: Buffer): void {
  if (jsonTextTooDeep(body, BODY_DEPTH_LIMIT)) {
    throw Object.assign(new Error(`The JSON body nests more than ${BODY_DEPTH_LIMIT} levels deep.`), {
      type: 'entity.too.deep',
    });
  }
}
