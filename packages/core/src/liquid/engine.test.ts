import { describe, expect, it } from 'vitest';
import { QuireError, TemplateError } from '../errors/quire-error';
import { createTemplateEngine } from './engine';

function failure(run: () => unknown): TemplateError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(TemplateError);
    return error as TemplateError;
  }
  throw new Error('expected a TemplateError');
}

async function asyncFailure(run: () => Promise<unknown>): Promise<TemplateError> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TemplateError);
  return error as TemplateError;
}

/** Runs a render that must stop at a limit, and says how long it took to stop. */
function stopsAtLimit(source: string, partials?: Record<string, string>): { error: TemplateError; ms: number } {
  const engine = createTemplateEngine({ partials });
  const started = performance.now();
  const error = failure(() => engine.render(source, {}));
  return { error, ms: performance.now() - started };
}

describe('the template engine', () => {
  it('renders data into HTML and escapes it', () => {
    const engine = createTemplateEngine();
    expect(engine.render('<p>{{ customer.name }}</p>', { customer: { name: 'Ada <3 & co' } })).toBe(
      '<p>Ada &lt;3 &amp; co</p>',
    );
    expect(engine.render('{{ note | raw }}', { note: '<b>bold</b>' })).toBe('<b>bold</b>');
  });

  it('renders asynchronously with the same result', async () => {
    const engine = createTemplateEngine();
    const source = '{% for i in items %}{{ i | money }};{% endfor %}';
    expect(await engine.renderAsync(source, { items: [1, 2] })).toBe(engine.render(source, { items: [1, 2] }));
  });

  it('reuses a parsed template', () => {
    const engine = createTemplateEngine();
    const compiled = engine.parse('Hello {{ name }}');
    expect(engine.parse('Hello {{ name }}')).toBe(compiled);
    expect(engine.render(compiled, { name: 'Grace' })).toBe('Hello Grace');
  });

  it('reads only own properties of the data', () => {
    const engine = createTemplateEngine();
    class Invoice {
      get secret() {
        return 'leaked';
      }
    }
    const data = { invoice: Object.assign(new Invoice(), { number: 7 }) };
    expect(engine.render('{{ invoice.number }}-{{ invoice.secret }}-{{ invoice.constructor }}', data)).toBe('7--');
  });

  it('reports syntax errors with line and column', () => {
    const error = failure(() => createTemplateEngine().parse('<h1>Title</h1>\n<p>{% if total > %}</p>'));
    expect(error.code).toBe('template_syntax_error');
    expect(error.line).toBe(2);
    expect(error.column).toBe(4);
    expect(error.message).toContain('(line 2, column 4)');
    expect(error.toJSON()).toMatchObject({ code: 'template_syntax_error', line: 2, column: 4 });
  });

  it('rejects unknown filters and unclosed tags at parse time', () => {
    const unknown = failure(() => createTemplateEngine().parse('{{ total | monye }}'));
    expect(unknown.code).toBe('template_syntax_error');
    expect(unknown.message).toContain('monye');
    const unclosed = failure(() => createTemplateEngine().parse('{% for x in xs %}\n{{ x }}'));
    expect(unclosed.code).toBe('template_syntax_error');
    expect(unclosed.line).toBe(1);
  });

  it('reports a filter error at render time as a typed error, async too', async () => {
    const engine = createTemplateEngine();
    const error = await asyncFailure(() => engine.renderAsync('ok\n\n   {{ when | date }}', { when: 'soon' }));
    expect(error.code).toBe('invalid_filter_argument');
    expect(error.line).toBe(3);
    expect(error.column).toBe(4);
    expect(QuireError.isInstance(error)).toBe(true);
  });

  it('renders registered partials and reads nothing from disk', () => {
    const engine = createTemplateEngine({ partials: { row: '<td>{{ item.name }}</td>' } });
    expect(
      engine.render('{% for item in items %}{% render "row", item: item %}{% endfor %}', { items: [{ name: 'A' }] }),
    ).toBe('<td>A</td>');
    for (const source of ['{% include "/etc/passwd" %}', '{% render "../package.json" %}', '{% layout "x" %}']) {
      const error = failure(() => engine.render(source, {}));
      expect(error.code).toBe('template_render_error');
      expect(error.message).not.toContain('root:');
    }
  });

  it('stops a 10^9-iteration loop with a typed limit error within 2 s', () => {
    const { error, ms } = stopsAtLimit('{% for i in (1..1000000000) %}{{ i }}{% endfor %}');
    expect(error.code).toBe('template_limit_exceeded');
    expect(ms).toBeLessThan(2000);
  });

  it('stops nested loops that would run practically forever within 2 s', () => {
    const { error, ms } = stopsAtLimit(
      '{% for a in (1..30000) %}{% for b in (1..30000) %}{% for c in (1..30000) %}x{% endfor %}{% endfor %}{% endfor %}',
    );
    expect(error.code).toBe('template_limit_exceeded');
    expect(error.message).toContain('took longer than 1500 ms');
    expect(ms).toBeLessThan(2000);
  });

  it('stops a partial that renders itself forever', () => {
    const { error, ms } = stopsAtLimit('{% render "loop" %}', { loop: 'again {% render "loop" %}' });
    expect(error.code).toBe('template_limit_exceeded');
    expect(ms).toBeLessThan(2000);
  });

  it('stops a runaway string concatenation within 2 s', () => {
    const { error, ms } = stopsAtLimit(
      '{% assign s = "abcdefgh" %}{% for i in (1..60) %}{% assign s = s | append: s %}{% endfor %}{{ s.size }}',
    );
    expect(error.code).toBe('template_limit_exceeded');
    expect(error.message).toContain('memory');
    expect(ms).toBeLessThan(2000);
  });

  it('rejects a template longer than the parse limit', () => {
    const engine = createTemplateEngine({ limits: { parseChars: 1000 } });
    const error = failure(() => engine.parse('x'.repeat(1001)));
    expect(error.code).toBe('template_limit_exceeded');
    expect(error.message).toContain('longer than 1000 characters');
  });

  it('lets a caller set tighter limits', () => {
    const engine = createTemplateEngine({ limits: { renderMs: 50 } });
    const error = failure(() =>
      engine.render('{% for a in (1..100000) %}{% for b in (1..1000) %}x{% endfor %}{% endfor %}', {}),
    );
    expect(error.message).toContain('longer than 50 ms');
  });

  it('keeps working after a template fails', () => {
    const engine = createTemplateEngine();
    failure(() => engine.render('{% for i in (1..1000000000) %}{{ i }}{% endfor %}', {}));
    expect(engine.render('{{ 2 | plus: 2 }}', {})).toBe('4');
  });
});
