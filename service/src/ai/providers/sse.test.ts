import { describe, expect, it } from 'vitest';
import { sseData } from './sse';

/** A body that arrives in exactly these pieces. */
function body(...pieces: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      controller.close();
    },
  });
}

async function read(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const out: string[] = [];
  for await (const data of sseData(stream)) out.push(data);
  return out;
}

describe('sseData', () => {
  it('yields the data of each event', async () => {
    expect(await read(body('data: {"a":1}\n\ndata: {"b":2}\n\ndata: [DONE]\n\n'))).toEqual([
      '{"a":1}',
      '{"b":2}',
      '[DONE]',
    ]);
  });

  it('joins an event split across chunks in the middle of a line', async () => {
    expect(await read(body('da', 'ta: {"te', 'xt":"hi"}', '\n', '\n'))).toEqual(['{"text":"hi"}']);
  });

  it('keeps a UTF-8 character whole when a chunk boundary cuts through its bytes', async () => {
    const bytes = new TextEncoder().encode('data: é🎉日\n\n');
    const oneByteAtATime = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect(await read(body(...oneByteAtATime))).toEqual(['é🎉日']);
  });

  it('understands CRLF and CR line ends, also when a CRLF pair is split across chunks', async () => {
    expect(await read(body('data: one\r\n\r\ndata: two\r', '\n\r\ndata: three\r\rdata: four\n\n'))).toEqual([
      'one',
      'two',
      'three',
      'four',
    ]);
  });

  it('skips comments and fields other than data', async () => {
    const text = ': keep-alive\n\n: OPENROUTER PROCESSING\n\nevent: message\nid: 7\nretry: 100\ndata: x\n\n';
    expect(await read(body(text))).toEqual(['x']);
  });

  it('joins the data lines of one event with a newline and takes "data:" without a space', async () => {
    expect(await read(body('data:first\ndata: second\n\n'))).toEqual(['first\nsecond']);
  });

  it('keeps an event that the body ended without its blank line', async () => {
    expect(await read(body('data: a\n\ndata: [DONE]'))).toEqual(['a', '[DONE]']);
  });
});
