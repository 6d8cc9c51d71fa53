import { describe, expect, it } from 'vitest';
import { compareData } from '../inference/compare';
import { inferTemplateVariables } from '../inference/infer';
import { sampleFromSchema } from '../inference/sample';
import type { JsonSchema } from '../inference/schema';
import { createTemplateEngine } from '../liquid/engine';
import { assertJsonDepth, jsonDepth, NESTING_LIMITS } from './nesting';

/** `{"a":{"a":...1}}`, built as text: JSON.stringify would recurse as deeply as the value. */
const deepObject = (depth: number): unknown => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
const deepArray = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`);
const nestedIfs = (depth: number) => `${'{% if a %}'.repeat(depth)}x${'{% endif %}'.repeat(depth)}`;

describe('JSON nesting', () => {
  it('counts the levels of objects and arrays', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth(null)).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth({ a: [1, { b: 2 }] })).toBe(3);
    expect(jsonDepth(deepObject(64))).toBe(64);
    expect(jsonDepth(deepArray(64))).toBe(64);
  });

  it('counts a value nested 100,000 levels without overflowing the stack, and stops early when asked', () => {
    const deep = deepArray(100_000);
    expect(jsonDepth(deep)).toBe(100_000);
    expect(jsonDepth(deep, 64)).toBe(65);
  });

  it('refuses JSON nested past the limit with json_too_deep, naming the field', () => {
    expect(() => assertJsonDepth(deepObject(NESTING_LIMITS.json), 'data')).not.toThrow();
    expect(() => assertJsonDepth(deepObject(NESTING_LIMITS.json + 1), 'data')).toThrowError(
      expect.objectContaining({ code: 'json_too_deep', status: 400, param: 'data' }),
    );
    expect(() => assertJsonDepth(deepObject(5_000))).toThrowError(/nested more than 64 levels deep/);
  });
});

describe('Liquid nesting', () => {
  const engine = createTemplateEngine();

  it('parses blocks nested as deep as the limit', () => {
    expect(engine.render(nestedIfs(NESTING_LIMITS.liquid), { a: true })).toBe('x');
  });

  it('refuses blocks nested past the limit with template_too_deep at the block that goes too deep', () => {
    const source = `<p>\n${nestedIfs(NESTING_LIMITS.liquid + 1)}`;
    expect(() => engine.parse(source)).toThrowError(
      expect.objectContaining({ code: 'template_too_deep', status: 422, line: 2, column: 641 }),
    );
  });

  it('refuses 5,000 nested blocks before the parser recurses into them', () => {
    expect(() => engine.parse(nestedIfs(5_000))).toThrowError(expect.objectContaining({ code: 'template_too_deep' }));
    const loops = `${'{% for i in list %}'.repeat(5_000)}x${'{% endfor %}'.repeat(5_000)}`;
    expect(() => engine.parse(loops)).toThrowError(expect.objectContaining({ code: 'template_too_deep' }));
  });

  it('counts the blocks inside a {% liquid %} tag', () => {
    const source = `{% liquid\n${'if a\n'.repeat(100)}echo 1\n${'endif\n'.repeat(100)}%}`;
    expect(() => engine.parse(source)).toThrowError(
      expect.objectContaining({ code: 'template_too_deep', line: 1, column: 1 }),
    );
  });

  it('does not count blocks that are closed before the next one opens', () => {
    const siblings = '{% if a %}x{% endif %}'.repeat(1_000);
    expect(engine.render(siblings, { a: true })).toBe('x'.repeat(1_000));
  });
});

describe('inference over deep templates and data', () => {
  const engine = createTemplateEngine();

  it('refuses a variable path grown past the limit by a chain of assigns', () => {
    const source = `{% assign v = a %}${'{% assign v = v.b %}'.repeat(10_000)}{{ v }}`;
    expect(() => inferTemplateVariables(engine, { html: source })).toThrowError(
      expect.objectContaining({ code: 'template_too_deep', status: 422 }),
    );
  });

  it('infers paths as long as the limit', () => {
    const path = ['a', ...Array.from({ length: NESTING_LIMITS.variablePath - 1 }, () => 'b')].join('.');
    const { paths } = inferTemplateVariables(engine, { html: `{{ ${path} }}` });
    expect(paths).toEqual([path]);
  });

  it('makes samples of a schema nested 10,000 deep without overflowing the stack', () => {
    let schema: JsonSchema = { type: 'string' };
    for (let i = 0; i < 10_000; i++) schema = { type: 'object', properties: { a: schema } };
    const sample = sampleFromSchema(schema);
    expect(jsonDepth(sample)).toBe(NESTING_LIMITS.json + 1);
  });

  it('compares data nested 10,000 deep without overflowing the stack', () => {
    const schema: JsonSchema = { type: 'object', properties: { a: { type: 'object' } } };
    expect(compareData(schema, deepObject(10_000)).mismatched).toEqual([]);
  });
});
