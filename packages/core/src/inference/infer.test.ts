import { describe, expect, it } from 'vitest';
import { createTemplateEngine } from '../liquid/engine';
import { compareData } from './compare';
import { inferTemplateVariables } from './infer';
import { sampleFromSchema } from './sample';
import type { JsonSchema } from './schema';

const engine = createTemplateEngine({ partials: { line: '<td>{{ row.sku }}</td><td>{{ row.total | money }}</td>' } });
const infer = (html: string, extra: { header_html?: string; footer_html?: string } = {}) =>
  inferTemplateVariables(engine, { html, ...extra });

/** The schema node at a dot path, `[]` stepping into list items. */
function at(schema: JsonSchema, path: string): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema;
  for (const step of path.split('.')) {
    if (!node) return undefined;
    if (step === '[]') node = node.items;
    else node = node.properties?.[step];
  }
  return node;
}

describe('variable inference', () => {
  it('reads plain paths with their types from filters', () => {
    const { paths, schema } = infer(
      '{{ invoice.number }} {{ invoice.total | money }} {{ invoice.issued_on | date: "long" }}',
    );
    expect(paths).toEqual(['invoice.issued_on', 'invoice.number', 'invoice.total']);
    expect(at(schema, 'invoice.total')).toEqual({ type: 'number' });
    expect(at(schema, 'invoice.issued_on')).toEqual({ type: 'string', format: 'date' });
    expect(at(schema, 'invoice.number')).toEqual({ type: 'string' });
    expect(at(schema, 'invoice')?.required).toEqual(['issued_on', 'number', 'total']);
    expect(schema.required).toEqual(['invoice']);
  });

  it('turns a loop variable into the items of the list it walks', () => {
    const { paths, schema } = infer(
      '{% for item in invoice.items %}<tr><td>{{ item.description }}</td><td>{{ item.qty | number }}</td></tr>{% endfor %}',
    );
    expect(paths).toEqual(['invoice.items[].description', 'invoice.items[].qty']);
    expect(at(schema, 'invoice.items')).toEqual({
      type: 'array',
      items: {
        type: 'object',
        properties: { description: { type: 'string' }, qty: { type: 'number' } },
        required: ['description', 'qty'],
      },
    });
  });

  it('follows nested loops, loops over assigned and sorted lists, and forloop is not data', () => {
    const { paths } = infer(`
      {% for section in report.sections %}
        <h2>{{ forloop.index }}. {{ section.title }}</h2>
        {% assign rows = section.rows | sort_by: "amount", "desc" %}
        {% for row in rows %}{{ row.label }} {{ row.amount | money }} {% for note in row.notes %}{{ note }}{% endfor %}{% endfor %}
      {% endfor %}`);
    expect(paths).toEqual([
      'report.sections[].rows[].amount',
      'report.sections[].rows[].label',
      'report.sections[].rows[].notes[]',
      'report.sections[].title',
    ]);
  });

  it('learns the fields of list items from list filters', () => {
    const { schema } = infer('{{ order.lines | sum: "amount" | money }} {{ order.lines | size }}');
    expect(at(schema, 'order.lines.[].amount')).toEqual({ type: 'number' });
  });

  it("learns a chart's label and value fields, and renders the chart from the sample it makes", () => {
    const html = '{{ report.months | bar_chart: "month", "revenue", "costs", title: "Revenue", width: 400 }}';
    const { schema, paths } = infer(html);
    expect(paths).toEqual(['report.months[].costs', 'report.months[].month', 'report.months[].revenue']);
    expect(at(schema, 'report.months.[].month')).toEqual({ type: 'string' });
    expect(at(schema, 'report.months.[].revenue')).toEqual({ type: 'number' });
    const svg = engine.render(html, sampleFromSchema(schema) as Record<string, unknown>);
    expect(svg).toMatch(/^<svg [^>]*width="400"/);
    expect(svg).toContain('<rect');
    // A list of numbers, with no property named.
    const numbers = infer('{{ scores | line_chart: title: "Scores" }}');
    expect(at(numbers.schema, 'scores')).toEqual({ type: 'array', items: { type: 'number' } });
    expect(
      engine.render('{{ scores | line_chart }}', sampleFromSchema(numbers.schema) as Record<string, unknown>),
    ).toContain('<path');
  });

  it('makes what is read only under a condition, or with a default, optional', () => {
    const { schema } = infer(`
      {{ customer.name }}
      {% if customer.vat_id %}VAT {{ customer.vat_id }}{% endif %}
      {% unless paid %}{{ due_on | date }}{% endunless %}
      {% if total > 1000 %}Large order{% endif %}
      {{ customer.phone | default: "no phone" }}`);
    expect(at(schema, 'customer')?.required).toEqual(['name']);
    expect(at(schema, 'customer.vat_id')).toEqual({ type: 'string' });
    expect(at(schema, 'paid')).toEqual({ type: 'boolean' });
    expect(at(schema, 'total')).toEqual({ type: 'number' });
    expect(at(schema, 'due_on')).toEqual({ type: 'string', format: 'date' });
    expect(schema.required).toEqual(['customer']);
  });

  it('reads the items of group_by groups as items of the grouped list', () => {
    const { paths } = infer(
      '{% assign regions = sales | group_by: "region" %}{% for g in regions %}{{ g.name }} {% for s in g.items %}{{ s.amount | money }}{% endfor %}{{ g.items | sum: "amount" }}{% endfor %}',
    );
    expect(paths).toEqual(['sales[].amount', 'sales[].region']);
  });

  it('follows partials and their arguments', () => {
    const { paths } = infer('{% for line in order.lines %}{% render "line", row: line %}{% endfor %}');
    expect(paths).toEqual(['order.lines[].sku', 'order.lines[].total']);
  });

  it('ignores locals, and page numbers in headers and footers', () => {
    const { paths } = infer(
      '{% assign label = "Total" %}{% capture t %}{{ company.name }}{% endcapture %}{{ label }} {{ t }} {% increment n %}',
      { footer_html: 'Page {{ page_number }} of {{ page_count }} · {{ company.legal_name }}' },
    );
    expect(paths).toEqual(['company.legal_name', 'company.name']);
  });

  it('records where each variable is read', () => {
    const { usages } = infer('<p>\n  {{ a.b }}</p>', { header_html: '{{ c }}' });
    expect(usages).toEqual([
      expect.objectContaining({ path: ['a', 'b'], line: 2, column: 6, part: 'html' }),
      expect.objectContaining({ path: ['c'], line: 1, column: 4, part: 'header_html' }),
    ]);
  });

  it('passes syntax errors through as typed errors', () => {
    expect(() => infer('{% for x in %}')).toThrowError(expect.objectContaining({ code: 'template_syntax_error' }));
  });
});

describe('sample data from a schema', () => {
  const source = `{{ invoice.number }} {{ customer.email }} {{ invoice.issued_on | date }}
    {% for item in invoice.items %}{{ item.description }} {{ item.quantity | number }} {{ item.unit_price | money }}{% endfor %}
    {% if invoice.paid %}PAID{% endif %}`;

  it('fits the schema, reads like real data, and renders', () => {
    const { schema } = infer(source);
    const sample = sampleFromSchema(schema) as {
      customer: { email: string };
      invoice: { issued_on: string; items: { unit_price: unknown }[]; paid: unknown };
    };
    expect(compareData(schema, sample)).toEqual({ missing: [], unexpected: [], mismatched: [], truncated: false });
    expect(sample.customer.email).toMatch(/@example\./);
    expect(sample.invoice.issued_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sample.invoice.items).toHaveLength(3);
    expect(typeof sample.invoice.items[0]?.unit_price).toBe('number');
    expect(typeof sample.invoice.paid).toBe('boolean');
    expect(() => engine.render(source, sample as unknown as Record<string, unknown>)).not.toThrow();
  });

  it('uses examples, defaults and enums from an edited schema', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['draft', 'sent'] },
        currency: { type: 'string', default: 'EUR' },
        title: { type: 'string', examples: ['Q3 board pack'] },
        rows: { type: 'array', items: { type: 'integer' } },
      },
    };
    expect(sampleFromSchema(schema, { itemsPerList: 2 })).toEqual({
      status: 'draft',
      currency: 'EUR',
      title: 'Q3 board pack',
      rows: [10, 20],
    });
  });
});

describe('comparing data with a schema', () => {
  const { schema } = infer(
    '{{ invoice.number }}{% for item in invoice.items %}{{ item.name }}{{ item.price | money }}{% endfor %}{% if note %}{{ note }}{% endif %}',
  );

  it('names missing, unexpected and mistyped fields with their paths', () => {
    const result = compareData(schema, {
      invoice: {
        items: [
          { name: 'A', price: 5 },
          { price: 'cheap', colour: 'red' },
        ],
      },
      extra: true,
    });
    expect(result.missing).toEqual(['invoice.number', 'invoice.items[1].name']);
    expect(result.unexpected).toEqual(['invoice.items[1].colour', 'extra']);
    expect(result.mismatched).toEqual([{ path: 'invoice.items[1].price', expected: 'number', actual: 'string' }]);
  });

  it('accepts numbers written as text and optional fields left out', () => {
    const result = compareData(schema, { invoice: { number: 42, items: [{ name: 'A', price: '9.50' }] } });
    expect(result).toEqual({ missing: [], unexpected: [], mismatched: [], truncated: false });
  });

  it('stops counting after the maximum number of findings', () => {
    const items = Array.from({ length: 500 }, () => ({}));
    const result = compareData(schema, { invoice: { number: 1, items } }, { maxFindings: 20 });
    expect(result.missing).toHaveLength(20);
    expect(result.truncated).toBe(true);
  });
});

describe('list filter arguments', () => {
  it('type the property a where filter tests by its value', () => {
    const { schema } = infer(
      '{{ rows | where: "billable", true | sum: "hours" }}{{ rows | where: "year", 2026 | size }}{{ rows | where: "team", "ops" | size }}{{ rows | where: "open" | size }}',
    );
    expect(at(schema, 'rows.[]')?.properties).toEqual({
      billable: { type: 'boolean' },
      hours: { type: 'number' },
      open: { type: 'boolean' },
      team: { type: 'string' },
      year: { type: 'number' },
    });
  });
});

describe('values that pass through assign, default and filter arguments', () => {
  it('types variables used as currency, locale and time zone arguments, with examples to sample from', () => {
    const { schema } = infer('{{ total | money: order.currency, order.locale }} {{ at | date: "%F", site.time_zone }}');
    expect(at(schema, 'order.currency')).toMatchObject({ type: 'string', examples: ['USD'] });
    expect(at(schema, 'order.locale')).toMatchObject({ type: 'string', examples: ['en-US'] });
    expect(at(schema, 'site.time_zone')).toMatchObject({ type: 'string', examples: ['UTC'] });
    expect(schema.required).toEqual(['at', 'total']);
    expect(sampleFromSchema(schema)).toMatchObject({ order: { currency: 'USD' }, site: { time_zone: 'UTC' } });
  });

  it('follows a value assigned with a default, keeping it optional, and reads number arguments', () => {
    const { schema } = infer(
      '{% assign shipping = order.shipping | default: 0 %}{{ shipping | money }}{{ order.qty | times: order.price | money }}',
    );
    expect(at(schema, 'order.shipping')).toEqual({ type: 'number' });
    expect(at(schema, 'order.price')).toEqual({ type: 'number' });
    expect(at(schema, 'order')?.required).toEqual(['price', 'qty']);
  });

  it('reads a group name as the grouping key of the items, and keeps assigns made inside loops', () => {
    const { schema, paths } = infer(`
      {% assign days = entries | group_by: "date" %}
      {% for day in days %}<h3>{{ day.name | date: "long" }}</h3>{% assign last = day.items | last %}{% endfor %}
      {% assign before = running %}{{ before | money }}`);
    expect(paths).toEqual(['entries[].date', 'running']);
    expect(at(schema, 'entries.[].date')).toEqual({ type: 'string', format: 'date' });
  });
});
