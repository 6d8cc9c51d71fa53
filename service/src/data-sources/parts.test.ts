import { QuireError } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { OutboundError } from '../outbound/guard';
import { parseConnectionString } from './connection-string';
import { LIMITS } from './context';
import { assertDataPath, pick } from './extract';
import { DeadlineError, redact, sourceFailure, withDeadline } from './failures';
import { inferSchema } from './infer-schema';
import { fillJson, fillText, placeholdersIn } from './placeholders';
import { fromJson, jsonSafe, templateData } from './rows';
import { StaticSourceBody } from './schemas';
import { buildStatic, loadStatic, type StaticSettings } from './static-source';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return QuireError.isInstance(error) ? `${error.code}:${error.param ?? ''}` : String(error);
  }
  return 'no error';
};

describe('placeholders', () => {
  it('fills text, encoding each value for where it goes', () => {
    expect(fillText('/a/{{x}}/{{ y }}', { x: 'a b/c', y: 3 }, encodeURIComponent)).toBe('/a/a%20b%2Fc/3');
    expect(fillText('{{flag}}-{{none}}', { flag: true, none: null })).toBe('true-');
    expect(codeOf(() => fillText('{{x}}', {}))).toBe('validation_failed:params.x');
    expect(codeOf(() => fillText('{{x}}', { x: [1] }))).toBe('validation_failed:params.x');
    // Inherited properties are not parameters.
    expect(codeOf(() => fillText('{{toString}}', {}))).toBe('validation_failed:params.toString');
    expect(placeholdersIn('{{a}} {{b}} {{ a }}')).toEqual(['a', 'b']);
  });

  it('keeps the type of a whole-string placeholder in JSON', () => {
    expect(
      fillJson({ ids: '{{ids}}', n: '{{n}}', text: 'n={{n}}', keep: 1, list: ['{{n}}'] }, { ids: [1], n: 2 }),
    ).toEqual({ ids: [1], n: 2, text: 'n=2', keep: 1, list: [2] });
  });
});

describe('connection strings', () => {
  it('parses the parts, decoding user and password, with default ports and databases', () => {
    expect(parseConnectionString('postgres', 'postgresql://us%40r:p%2Fw@DB.Example.com/shop?sslmode=require')).toEqual({
      host: 'db.example.com',
      port: 5432,
      user: 'us@r',
      password: 'p/w',
      database: 'shop',
      ssl: 'verify',
    });
    expect(parseConnectionString('postgres', 'postgres://me@db')).toMatchObject({ database: 'me', ssl: 'disable' });
    expect(parseConnectionString('mysql', 'mariadb://root@[::1]:3307?ssl=no-verify')).toEqual({
      host: '[::1]',
      port: 3307,
      user: 'root',
      password: '',
      database: '',
      ssl: 'no-verify',
    });
    // Normalised as in http URLs, so that the address checks see 127.0.0.1.
    expect(parseConnectionString('mysql', 'mysql://root@127.1/x').host).toBe('127.0.0.1');
  });

  it('refuses what it cannot use, without quoting the string', () => {
    for (const value of ['mysql://u@h/x', 'postgres://h/x', 'postgres://u@/x', 'postgres://u@h/x?host=/tmp', 'nope']) {
      const error = (() => {
        try {
          parseConnectionString('postgres', value);
        } catch (e) {
          return e as QuireError;
        }
      })();
      expect(error?.code, value).toBe('validation_failed');
      expect(error?.message, value).not.toContain(value);
    }
  });
});

describe('data paths', () => {
  const json = { data: { items: [{ a: 1 }, { a: 2 }], one: { b: 1 } } };
  it('returns the one value of a definite path and every match of another', () => {
    expect(pick(json, '$')).toBe(json);
    expect(pick(json, '$.data.items')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(pick(json, '$.data.items[0]')).toEqual({ a: 1 });
    expect(pick(json, '$.data.items[*].a')).toEqual([1, 2]);
    expect(pick(json, '$..b')).toEqual([1]);
    expect(pick(json, '$.data.items[?(@.a > 5)]')).toEqual([]);
    expect(codeOf(() => pick(json, '$.data.nothing'))).toBe('data_source_error:data_path');
  });

  it('evaluates filters without JavaScript eval', () => {
    expect(codeOf(() => pick(json, '$.data.items[?(@.constructor.constructor("return process")())]'))).not.toBe(
      'no error',
    );
    expect(codeOf(() => assertDataPath('data.items', 'data_path'))).toBe('validation_failed:data_path');
    expect(codeOf(() => assertDataPath('$.data.items', 'data_path'))).toBe('no error');
  });
});

describe('schema inference', () => {
  it('merges every value: types, formats, required properties, nested objects and arrays', () => {
    const schema = inferSchema({
      rows: [
        { id: 1, price: 2, at: '2026-01-01T10:00:00Z', tags: ['a'], meta: { x: true } },
        { id: 2, price: 2.5, at: null, tags: [], extra: 'y' },
      ],
    });
    expect(schema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        rows: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              price: { type: 'number' },
              at: { type: ['string', 'null'], format: 'date-time' },
              tags: { type: 'array', items: { type: 'string' } },
              meta: { type: 'object', properties: { x: { type: 'boolean' } }, required: ['x'] },
              extra: { type: 'string' },
            },
            required: ['id', 'price', 'at', 'tags'],
          },
        },
      },
      required: ['rows'],
    });
    expect(inferSchema(JSON.parse('{"__proto__": 1}')).properties).toHaveProperty('__proto__');
  });
});

describe('results', () => {
  it('shapes JSON as rows, an object, or a wrapped value', () => {
    expect(templateData(fromJson([1]))).toEqual({ rows: [1], row_count: 1, truncated: false });
    expect(templateData(fromJson({ a: 1 }))).toEqual({ a: 1 });
    expect(templateData(fromJson('x'))).toEqual({ value: 'x' });
  });

  it('turns driver values into JSON', () => {
    expect(
      jsonSafe({ d: new Date('2026-01-01T00:00:00Z'), b: Buffer.from('hi'), n: 10n, h: 2n ** 70n, u: undefined }),
    ).toEqual({ d: '2026-01-01T00:00:00.000Z', b: 'aGk=', n: 10, h: '1180591620717411303424', u: null });
  });
});

describe('failures', () => {
  it('redacts every secret, raw and percent-encoded', () => {
    expect(redact('auth p@ss/1 and p%40ss%2F1 failed', ['p@ss/1', ''])).toBe('auth [redacted] and [redacted] failed');
  });

  it('maps timeouts and driver errors to the API codes', () => {
    const timeout = (error: unknown) => sourceFailure(error, []).code;
    expect(timeout(Object.assign(new Error('canceling statement'), { code: '57014' }))).toBe('data_source_timeout');
    expect(timeout(Object.assign(new Error('interrupted'), { errno: 1969 }))).toBe('data_source_timeout');
    expect(timeout(Object.assign(new Error('interrupted'), { errno: 3024 }))).toBe('data_source_timeout');
    expect(timeout(new OutboundError('timeout', 'slow'))).toBe('data_source_timeout');
    expect(timeout(new DeadlineError())).toBe('data_source_timeout');
    const failure = sourceFailure(Object.assign(new Error('bad pw hunter2'), { code: '28P01' }), ['hunter2']);
    expect(failure).toMatchObject({ code: 'data_source_error', details: { source_code: '28P01' } });
    expect(failure.message).toBe('The data source could not be read: bad pw [redacted]');
    const blocked = new QuireError('outbound_blocked');
    expect(sourceFailure(blocked, [])).toBe(blocked);
  });

  it('gives up at the deadline and ends the connection', async () => {
    let aborted = false;
    const never = new Promise<never>(() => {});
    await expect(
      withDeadline(
        20,
        () => (aborted = true),
        () => never,
      ),
    ).rejects.toBeInstanceOf(DeadlineError);
    expect(aborted).toBe(true);
    await expect(
      withDeadline(
        1000,
        () => {},
        async () => 7,
      ),
    ).resolves.toBe(7);
  });
});

describe('static content', () => {
  // The parse worker's job, done here in this thread.
  const parseHere = async (settings: StaticSettings) => {
    loadStatic(settings);
  };

  it('is at most 5 MB and must parse when saved', async () => {
    const big = `[${'1,'.repeat(LIMITS.staticBytes / 2)}1]`;
    const parsed = StaticSourceBody.safeParse({ type: 'static', name: 'x', format: 'json', content: big });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['content']);
    await expect(buildStatic({ format: 'json', content: '[1' }, parseHere)).rejects.toMatchObject({
      code: 'validation_failed',
      param: 'content',
    });
    await expect(buildStatic({ format: 'csv', content: 'a;b\n1;2', delimiter: ';' }, parseHere)).resolves.toMatchObject(
      { sizeBytes: 7 },
    );
  });

  it('names empty CSV headers and keeps a __proto__ column as a plain column', async () => {
    const loaded = loadStatic(await buildStatic({ format: 'csv', content: '__proto__,\nx,y\n' }, parseHere));
    const [row] = (loaded as { rows: Record<string, unknown>[] }).rows;
    expect(Object.keys(row ?? {})).toEqual(['__proto__', 'column_2']);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });
});
