import { afterAll, describe, expect, it } from 'vitest';
import { workerParser } from './static-parser';
import type { StaticSettings } from './static-source';

const settingsOf = (content: string): StaticSettings => ({
  format: 'csv',
  content,
  sizeBytes: Buffer.byteLength(content),
  dataPath: '$',
  delimiter: ',',
});

const small = settingsOf('sku,qty\nA-1,2\nB-2,5\n');
// About 4 MB: a parse of a good part of a second.
const large = settingsOf(
  ['a,b,c,d', ...Array.from({ length: 100_000 }, (_, i) => `${i},"quoted, ${i}",x${i},${i * 3}`)].join('\n'),
);

const parser = workerParser({ timeoutMs: 50 });
afterAll(async () => {
  await parser.close();
});

describe('the parse worker', () => {
  it('parses, loads and previews on its thread', async () => {
    await expect(parser.check(small)).resolves.toBeUndefined();
    await expect(parser.load(small)).resolves.toEqual({
      rows: [
        { sku: 'A-1', qty: '2' },
        { sku: 'B-2', qty: '5' },
      ],
      truncated: false,
    });
    const preview = await parser.preview(small, 1);
    expect(preview).toMatchObject({ object: 'data_source_preview', row_count: 2, rows: [{ sku: 'A-1' }] });
  });

  it('refuses content that does not parse with the error a save answers', async () => {
    await expect(parser.check(settingsOf('a,a\n1,2\n'))).rejects.toMatchObject({
      code: 'validation_failed',
      param: 'content',
    });
  });

  it('stops a parse over its time budget, and parses the next on a fresh thread', async () => {
    await expect(parser.check(large)).rejects.toMatchObject({
      code: 'validation_failed',
      param: 'content',
      message: 'content: took longer than 0.05 s to parse',
    });
    await expect(parser.load(large)).rejects.toMatchObject({
      code: 'data_source_error',
      message: 'The content took longer than 0.05 s to parse.',
    });
    await expect(parser.load(small)).resolves.toMatchObject({ rows: [{ sku: 'A-1' }, { sku: 'B-2' }] });
  }, 30_000);
});
