/**
 * A server-sent events reader, as much of the format as chat endpoints use: it yields each event's `data` (data
 * lines joined by "\n") and skips comments (`: keep-alive`, OpenRouter's `: OPENROUTER PROCESSING`) and the other
 * fields. Lines end in LF, CRLF or CR; network chunks may split a line, a CRLF pair or a UTF-8 character anywhere.
 */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  // `stream: true` holds back the bytes of a character that the chunk cut in two until the rest arrives.
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];

  function* lines(final: boolean): Generator<string> {
    let start = 0;
    for (;;) {
      const lf = buffer.indexOf('\n', start);
      const cr = buffer.indexOf('\r', start);
      const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
      if (end === -1) break;
      // A CR at the very end of what arrived may be the first half of a CRLF: wait for the next chunk.
      if (end === cr && end === buffer.length - 1 && !final) break;
      yield buffer.slice(start, end);
      start = end + (end === cr && buffer[end + 1] === '\n' ? 2 : 1);
    }
    buffer = buffer.slice(start);
  }

  function* take(line: string): Generator<string> {
    if (line === '') {
      if (data.length > 0) yield data.join('\n');
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    const value = colon === -1 ? '' : line.slice(colon + 1);
    data.push(value.startsWith(' ') ? value.slice(1) : value);
  }

  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (const line of lines(false)) yield* take(line);
    }
  } finally {
    // A reader that stops early (after `[DONE]`, or a consumer that broke off) frees the connection.
    reader.cancel().catch(() => {});
  }
  buffer += decoder.decode();
  for (const line of lines(true)) yield* take(line);
  // The format drops an event the body ended inside; servers that close without the last blank line still mean it.
  if (buffer !== '') yield* take(buffer);
  yield* take('');
}
