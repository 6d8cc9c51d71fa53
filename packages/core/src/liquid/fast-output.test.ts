import { Drop, Output, type Template, toValueSync } from 'liquidjs';
import { describe, expect, it } from 'vitest';
import { createTemplateEngine } from './engine';
import { toTemplateError } from './errors';

const DATA = {
  customer: { name: 'Ada <3 & co', 'full name': 'Ada Lovelace', tags: ['a', 'b'], empty: null },
  rows: [
    { date: '2026-03-01', amount: 1234.5, qty: 2, note: '<b>x</b>', nested: { deep: { value: 7 } } },
    { date: '2026-03-02', amount: -0.001, qty: 0, note: '', nested: null },
  ],
  title: 'Quarterly',
  zero: 0,
  yes: true,
  list: [3, 1, 2],
  text: 'hello',
  bad: 'not a number',
  obj: { a: 1 },
};

// Each output form the fast way takes, and the ones it leaves to LiquidJS, inside each block tag.
const SOURCES = [
  '{{ title }}|{{ customer.name }}|{{ customer["full name"] }}|{{ customer.tags[1] }}|{{ customer.tags.size }}',
  '{{ customer.tags.first }}{{ customer.tags.last }}{{ list.size }}{{ text.size }}{{ list }}{{ obj }}{{ zero }}{{ yes }}',
  '{{ missing }}|{{ missing.deeper.still }}|{{ customer.empty.x }}|{{ rows[5].date }}|{{ rows[-1].date }}',
  '{{ obj.constructor }}|{{ obj.toString }}|{{ obj.__proto__ }}|{{ obj.hasOwnProperty }}|{{ text.length }}',
  '{% for r in rows %}{{ forloop.index }}/{{ forloop.length }} {{ forloop.first }} {{ r.date }} {{ r.amount | money }} {{ r.amount | money: "EUR", "de-DE" }} {{ r.note }}{{ r.note | raw }} {{ r.nested.deep.value | plus: 1 }}{% endfor %}',
  '{% for r in rows %}{% for t in customer.tags %}{{ forloop.parentloop.index }}{{ t | upcase }}{% endfor %}{% else %}none{% endfor %}',
  '{% if rows.size > 1 %}{{ rows.first.date }}{% elsif yes %}{{ title }}{% else %}{{ text }}{% endif %}{% unless zero %}{{ zero | plus: 1 }}{% endunless %}',
  '{% case title %}{% when "Quarterly" %}{{ title | downcase | append: "!" }}{% else %}{{ text }}{% endcase %}',
  '{% assign title = "shadowed" %}{{ title }}{% capture c %}{{ customer.name }}{% endcapture %}{{ c }}{{ c | raw }}',
  '{% tablerow t in list cols:2 %}{{ tablerowloop.col }}{{ t }}{% endtablerow %}{% for i in (1..3) %}{{ i }}{% endfor %}',
  "{{ 'literal' }}{{ nil }}{{ empty }}{{ 12 }}{{ customer[title] }}{{ list[zero] }}{{ text | size }}{{ list | join: ', ' }}",
  '{{ rows.first.amount | money | upcase }}{{ list | sort | first }}{{ customer.name | escape }}{{ title | raw | upcase }}',
];

const collect = (templates: readonly Template[], into: Output[] = []): Output[] => {
  for (const template of templates) {
    if (template instanceof Output) into.push(template);
    const children = (template as { children?: (p: boolean, s: boolean) => unknown }).children;
    if (typeof children === 'function') collect(toValueSync(children.call(template, false, true)) as Template[], into);
  }
  return into;
};

describe("Quire's fast Liquid outputs", () => {
  const engine = createTemplateEngine();
  // The same configured LiquidJS, parsing without the fast outputs: LiquidJS's own evaluation, to compare with.
  const slow = (source: string, data: Record<string, unknown>, strict = false) =>
    engine.liquid.renderSync(engine.liquid.parse(source), data, { strictVariables: strict }) as string;

  it.each(SOURCES)('prints what LiquidJS prints: %s', (source) => {
    expect(engine.render(source, DATA)).toBe(slow(source, DATA));
  });

  it('print the same asynchronously', async () => {
    for (const source of SOURCES) expect(await engine.renderAsync(source, DATA)).toBe(slow(source, DATA));
  });

  it('take the plain paths with their filters, and leave literals, ranges and variable indexes to LiquidJS', () => {
    const outputs = collect(engine.parse(SOURCES[10] as string).templates);
    const fast = outputs.map((output) => Object.hasOwn(output.value, 'value') && Object.hasOwn(output, 'render'));
    // 'literal', nil, empty, 12, customer[title], list[zero]: LiquidJS's; text | size, list | join: the fast way.
    expect(fast).toEqual([false, false, false, false, false, false, true, true]);
    const inLoops = collect(engine.parse(SOURCES[4] as string).templates);
    expect(inLoops.length).toBe(9);
    expect(inLoops.every((output) => Object.hasOwn(output.value, 'value') && Object.hasOwn(output, 'render'))).toBe(
      true,
    );
  });

  it("hand LiquidJS's driver what it has to resolve: a drop's generator or promise, an asynchronous filter", async () => {
    // A drop whose value is a promise: what an output prints is resolved too.
    class Valued extends Drop {
      override valueOf(): unknown {
        return Promise.resolve('valued');
      }
    }
    class Lazy extends Drop {
      override liquidMethodMissing(key: string): unknown {
        if (key === 'valued') return new Valued();
        if (key === 'later') return Promise.resolve({ name: 'promised' });
        if (key === 'broken')
          return (function* () {
            yield undefined;
            throw new Error('boom');
          })();
        return (function* () {
          yield undefined;
          return { name: key.toUpperCase(), items: [1, 2] };
        })();
      }
    }
    const own = createTemplateEngine();
    own.liquid.registerFilter('shout', (value: unknown) => Promise.resolve(`${String(value)}!`));
    const slowOwn = (source: string, data: Record<string, unknown>, sync: boolean) =>
      sync
        ? (own.liquid.renderSync(own.liquid.parse(source), data) as string)
        : (own.liquid.render(own.liquid.parse(source), data) as Promise<string>);
    const data = { lazy: new Lazy(), title: 'Quarterly' };
    const source = '{{ lazy.first.name }}|{{ lazy.x.items.size }}|{{ lazy.y.name | upcase | append: "?" }}|{{ title }}';
    expect(own.render(source, data)).toBe(slowOwn(source, data, true));
    expect(own.render(source, data)).toBe('FIRST|2|Y?|Quarterly');
    expect(await own.renderAsync(source, data)).toBe(await slowOwn(source, data, false));
    const promised =
      '{{ lazy.later.name }}|{{ title | shout }}|{{ lazy.z.name | shout | downcase }}|{{ lazy.valued | raw }}';
    expect(await own.renderAsync(promised, data)).toBe('promised|Quarterly!|z!|valued');
    expect(await own.renderAsync(promised, data)).toBe(await slowOwn(promised, data, false));
    // Synchronously a promise is printed as it is, by LiquidJS as by the fast way.
    expect(own.render(promised, data)).toBe(slowOwn(promised, data, true));
    const broken = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return toTemplateError(error, 'render', own.limits).message;
      }
      throw new Error('expected a failure');
    };
    expect(broken(() => own.render('{{ lazy.broken }}', data))).toContain('boom');
    expect(broken(() => own.render('{{ lazy.broken }}', data))).toBe(
      broken(() => slowOwn('{{ lazy.broken }}', data, true)),
    );
  });

  it('fail as LiquidJS fails: a filter error, a strict variable', () => {
    const failure = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error instanceof Error && error.name === 'TemplateError'
          ? error
          : toTemplateError(error, 'render', engine.limits);
      }
      throw new Error('expected a failure');
    };
    const money = '<p>\n{{ bad | money }}</p>';
    const fast = failure(() => engine.render(money, DATA));
    expect(fast.message).toContain('money');
    expect(fast.message).toBe(failure(() => slow(money, DATA)).message);
    const strict = '{{ customer.nope }}';
    const compiled = engine.parse(strict);
    const strictFast = failure(() => engine.liquid.renderSync(compiled.templates, DATA, { strictVariables: true }));
    expect(strictFast.message).toContain('customer.nope');
    expect(strictFast.message).toBe(failure(() => slow(strict, DATA, true)).message);
  });
});
