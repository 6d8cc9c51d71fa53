import { describe, expect, it } from 'vitest';
import { TemplateError } from '../errors/quire-error';
import { createTemplateEngine, type TemplateEngineOptions } from './engine';

function render(source: string, data: Record<string, unknown> = {}, options: TemplateEngineOptions = {}): string {
  return createTemplateEngine(options).render(source, data);
}

function renderError(source: string, data: Record<string, unknown> = {}): TemplateError {
  try {
    render(source, data);
  } catch (error) {
    expect(error).toBeInstanceOf(TemplateError);
    return error as TemplateError;
  }
  throw new Error(`expected ${source} to fail`);
}

// Intl separates currency and number with narrow no-break spaces in some locales; compare on plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('money', () => {
  it('formats in the default currency and locale', () => {
    expect(render('{{ 1234.5 | money }}')).toBe('$1,234.50');
  });
  it('formats a given currency in a given locale', () => {
    expect(plain(render('{{ 1234.5 | money: "EUR", "de-DE" }}'))).toBe('1.234,50 €');
    expect(plain(render('{{ 1234.5 | money: "JPY", "ja-JP" }}'))).toBe('￥1,235');
    expect(plain(render('{{ 99 | money: "chf", "de-CH" }}'))).toBe('CHF 99.00');
  });
  it('uses the engine default currency and locale', () => {
    expect(plain(render('{{ 10 | money }}', {}, { currency: 'GBP', locale: 'en-GB' }))).toBe('£10.00');
  });
  it('prints negative amounts with a sign and zero without one', () => {
    expect(render('{{ -42.1 | money }}')).toBe('-$42.10');
    expect(render('{{ 0 | money }}')).toBe('$0.00');
    expect(render('{{ x | money }}', { x: -0 })).toBe('$0.00');
  });
  it('accepts numeric strings, prints nothing for blanks', () => {
    expect(render('{{ "1,250.5" | money }}')).toBe('$1,250.50');
    expect(render('[{{ missing | money }}]')).toBe('[]');
  });
  it('rejects text and bad currency codes with a typed error and its position', () => {
    const error = renderError('line one\n  {{ "abc" | money }}');
    expect(error.code).toBe('invalid_filter_argument');
    expect(error.message).toContain('money: "abc" is not a number');
    expect(error.line).toBe(2);
    expect(error.column).toBe(3);
    expect(renderError('{{ 5 | money: "EURO" }}').message).toContain('"EURO" is not a currency code');
  });
});

describe('number and percent', () => {
  it('formats with fixed decimals and grouping', () => {
    expect(render('{{ 1234.567 | number: 2 }}')).toBe('1,234.57');
    expect(render('{{ 1234.567 | number }}')).toBe('1,234.57');
    expect(render('{{ 1234 | number: 0, "de-DE" }}')).toBe('1.234');
    expect(render('{{ -0.004 | number: 2 }}')).toBe('-0.00');
    expect(render('{{ 0 | number: 1 }}')).toBe('0.0');
  });
  it('formats fractions as percentages', () => {
    expect(render('{{ 0.125 | percent: 1 }}')).toBe('12.5%');
    expect(render('{{ 0.125 | percent }}')).toBe('13%');
    expect(render('{{ -0.05 | percent }}')).toBe('-5%');
    expect(plain(render('{{ 0.5 | percent: 0, "fr-FR" }}'))).toBe('50 %');
  });
  it('rejects out-of-range decimals', () => {
    expect(renderError('{{ 1 | number: 50 }}').message).toContain('decimals must be a whole number from 0 to 20');
    expect(renderError('{{ 1 | percent: "x" }}').code).toBe('invalid_filter_argument');
  });
});

describe('date', () => {
  const at = '2026-03-14T21:30:05Z';
  it('formats strftime patterns in UTC by default', () => {
    expect(render('{{ d | date: "%Y-%m-%d %H:%M:%S" }}', { d: at })).toBe('2026-03-14 21:30:05');
    expect(render('{{ d | date: "%B %-d, %Y" }}', { d: at })).toBe('March 14, 2026');
    expect(render('{{ d | date: "%a %b %e %I:%M %p %j %z" }}', { d: at })).toBe('Sat Mar 14 09:30 PM 073 +0000');
  });
  it('applies a time zone, crossing the date line', () => {
    expect(render('{{ d | date: "%Y-%m-%d %H:%M %z", "Asia/Tokyo" }}', { d: at })).toBe('2026-03-15 06:30 +0900');
    expect(render('{{ d | date: "iso", "America/New_York" }}', { d: at })).toBe('2026-03-14T17:30:05-04:00');
    expect(render('{{ d | date: "iso" }}', { d: at })).toBe('2026-03-14T21:30:05Z');
  });
  it('never shifts a calendar date by the time zone', () => {
    expect(render('{{ "2026-03-14" | date: "%-d %B", "Pacific/Honolulu" }}')).toBe('14 March');
    expect(render('{{ "2026-03-14" | date: "iso" }}')).toBe('2026-03-14');
  });
  it('names months and weekdays in the locale', () => {
    expect(render('{{ "2026-03-14" | date: "%A %-d %B %Y", "UTC", "fr-FR" }}')).toBe('samedi 14 mars 2026');
    expect(render('{{ "2026-03-14" | date: "long", "UTC", "de-DE" }}')).toBe('14. März 2026');
    expect(render('{{ "2026-03-14" | date: "short" }}')).toBe('3/14/26');
    expect(render('{{ "2026-03-14" | date }}')).toBe('Mar 14, 2026');
  });
  it('reads Unix seconds, milliseconds, Date objects and "now"', () => {
    expect(render('{{ 0 | date: "%F" }}')).toBe('1970-01-01');
    expect(render('{{ 1773523805 | date: "%F" }}')).toBe('2026-03-14');
    expect(render('{{ 1773523805000 | date: "%F" }}')).toBe('2026-03-14');
    expect(render('{{ d | date: "%F" }}', { d: new Date(at) })).toBe('2026-03-14');
    expect(render('{{ "now" | date: "%F" }}', {}, { now: () => new Date('2030-01-02T00:00:00Z') })).toBe('2030-01-02');
  });
  it('uses the engine time zone', () => {
    expect(render('{{ d | date: "%H:%M" }}', { d: at }, { timeZone: 'Europe/Berlin' })).toBe('22:30');
  });
  it('rejects bad dates and time zones with a typed error', () => {
    expect(renderError('{{ "not a date" | date }}').message).toContain('date: "not a date" is not a date');
    expect(renderError('{{ "2026-02-30" | date }}').message).toContain('is not a date');
    expect(renderError('{{ d | date: "%F" }}', { d: { y: 1 } }).message).toContain('an object is not a date');
    const zone = renderError('{{ "2026-03-14T00:00:00Z" | date: "%F", "Mars/Olympus" }}');
    expect(zone.code).toBe('invalid_filter_argument');
    expect(zone.message).toMatch(/time zone/i);
  });
  it('prints nothing for a blank date', () => {
    expect(render('[{{ nothing | date }}]')).toBe('[]');
  });
});

describe('text filters', () => {
  it('titlecases, keeping acronyms and small words', () => {
    expect(render('{{ "the annual report of ACME corp" | titlecase }}')).toBe('The Annual Report of ACME Corp');
    expect(render('{{ "élan vital" | titlecase }}')).toBe('Élan Vital');
    expect(render('[{{ nil | titlecase }}]')).toBe('[]');
  });
  it('keeps the standard default, json and truncate', () => {
    expect(render('{{ x | default: "n/a" }}')).toBe('n/a');
    expect(render('{{ x | default: "n/a" }}', { x: '' })).toBe('n/a');
    expect(render('{{ x | default: "n/a" }}', { x: 0 })).toBe('0');
    expect(render('{{ x | json }}', { x: { a: [1, 'b'] } })).toBe('{&#34;a&#34;:[1,&#34;b&#34;]}');
    expect(render('{{ x | json | raw }}', { x: { a: 1 } })).toBe('{"a":1}');
    expect(render('{{ "Quarterly revenue report" | truncate: 12 }}')).toBe('Quarterly...');
    expect(render('{{ "short" | truncate: 12 }}')).toBe('short');
  });
});

describe('list filters', () => {
  const items = [
    { name: 'Widget', price: 10, qty: 2, region: 'EU', meta: { rank: 2 } },
    { name: 'gadget', price: 2.5, qty: 4, region: 'US', meta: { rank: 1 } },
    { name: 'Bolt', price: 0.1, qty: null, region: 'EU', meta: { rank: 3 } },
    { name: 'Nut', price: 0.2, region: 'US' },
  ];
  it('sums, averages and finds extremes by property, skipping blanks', () => {
    expect(render('{{ items | sum: "price" }}', { items })).toBe('12.8');
    expect(render('{{ items | sum: "qty" }}', { items })).toBe('6');
    expect(render('{{ items | avg: "qty" }}', { items })).toBe('3');
    expect(render('{{ items | min: "price" }}', { items })).toBe('0.1');
    expect(render('{{ items | max: "meta.rank" }}', { items })).toBe('3');
    expect(render('{{ nums | sum }}', { nums: [0.1, 0.2] })).toBe('0.3');
    expect(render('{{ nums | sum }}', { nums: ['1.5', 2] })).toBe('3.5');
  });
  it('handles empty lists and nothing', () => {
    expect(render('{{ e | sum: "x" }}|{{ e | avg: "x" }}|{{ e | min }}|{{ missing | max }}', { e: [] })).toBe('0|||');
  });
  it('rejects non-numbers and non-lists', () => {
    expect(renderError('{{ items | sum: "name" }}', { items }).message).toContain('sum: "Widget" is not a number');
    expect(renderError('{{ "abc" | avg }}').message).toContain('avg: expects a list');
  });
  it('sorts by a property either way, blanks last, stable', () => {
    const names = (source: string) =>
      render(`{% assign s = items | ${source} %}{{ s | map: "name" | join: "," }}`, { items });
    expect(names('sort_by: "price"')).toBe('Bolt,Nut,gadget,Widget');
    expect(names('sort_by: "price", "desc"')).toBe('Widget,gadget,Nut,Bolt');
    expect(names('sort_by: "name"')).toBe('Bolt,gadget,Nut,Widget');
    expect(names('sort_by: "meta.rank", "desc"')).toBe('Bolt,Widget,gadget,Nut');
    expect(renderError('{{ items | sort_by: "name", "up" }}', { items }).message).toContain('"asc" or "desc"');
  });
  it('groups by a property in order of first appearance', () => {
    const out = render(
      '{% assign groups = items | group_by: "region" %}{% for g in groups %}{{ g.name }}:{{ g.size }}:{{ g.items | sum: "price" }};{% endfor %}',
      { items },
    );
    expect(out).toBe('EU:2:10.1;US:2:2.7;');
  });
  it('filters with where, by value or truthiness, on nested paths', () => {
    const names = (source: string) =>
      render(`{% assign s = items | ${source} %}{{ s | map: "name" | join: "," }}`, { items });
    expect(names('where: "region", "EU"')).toBe('Widget,Bolt');
    expect(names('where: "qty"')).toBe('Widget,gadget');
    expect(names('where: "meta.rank", 1')).toBe('gadget');
  });
});

describe('qr and barcode', () => {
  it('emit elements for the PDF engine, escaping the value', () => {
    expect(render('{{ url | qr: 96 }}', { url: 'https://pay.example.com/?a=1&b="2"' })).toBe(
      '<qr-code value="https://pay.example.com/?a=1&amp;b=&quot;2&quot;" size="96"></qr-code>',
    );
    expect(render('{{ "hello" | qr: 80, "h" }}')).toBe('<qr-code value="hello" size="80" level="H"></qr-code>');
    expect(render('{{ "SO-1042" | barcode }}')).toBe('<bar-code type="code128" value="SO-1042"></bar-code>');
    expect(render('{{ "4006381333931" | barcode: "ean13", 40 }}')).toBe(
      '<bar-code type="ean13" value="4006381333931" height="40"></bar-code>',
    );
  });
  it('cannot be used to inject markup', () => {
    expect(render('{{ v | barcode }}', { v: '"><script>' })).toBe(
      '<bar-code type="code128" value="&quot;&gt;&lt;script&gt;"></bar-code>',
    );
  });
  it('reject values the symbology cannot hold', () => {
    expect(renderError('{{ "12AB" | barcode: "ean13" }}').message).toContain('cannot be written as ean13');
    expect(renderError('{{ "x" | barcode: "pdf417" }}').message).toContain('unknown type "pdf417"');
    expect(renderError('{{ "x" | qr: 5 }}').message).toContain('size must be a whole number from 16');
    expect(renderError('{{ "x" | qr: 50, "Z" }}').message).toContain('L, M, Q or H');
  });
  it('refuse a text no QR code can hold at its level, counting bytes of UTF-8', () => {
    // 2,400 bytes fit at level L (2,953) but not at the default M (2,331), which the PDF engine could not draw.
    const long = 'é'.repeat(1_200);
    expect(renderError('{{ v | qr }}', { v: long }).message).toContain('too long for a QR code at level M');
    expect(render('{{ v | qr: 96, "L" }}', { v: long })).toContain('<qr-code value=');
    // Digits only are encoded more densely: 5,000 of them fit at M.
    expect(render('{{ v | qr }}', { v: '1'.repeat(5_000) })).toContain('<qr-code value=');
  });
});
