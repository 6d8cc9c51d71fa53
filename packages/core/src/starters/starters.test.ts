import { describe, expect, it } from 'vitest';
import { getStarter, starters } from './index';
import { Starter } from './starter.schema';

const EXPECTED_IDS = [
  'invoice',
  'receipt',
  'quote',
  'purchase-order',
  'monthly-sales-report',
  'timesheet',
  'certificate',
  'packing-slip',
  'financial-statement',
  'meeting-minutes',
  'order-confirmation',
];

/** CSS the PDF engine does not support; a starter must not rely on any of it. */
const UNSUPPORTED_CSS: ReadonlyArray<[string, RegExp]> = [
  ['position', /(^|[\s;{])position\s*:/i],
  ['float', /(^|[\s;{])float\s*:/i],
  ['grid', /display\s*:\s*(inline-)?grid|(^|[\s;{])grid(-[a-z-]+)?\s*:/i],
  ['box-shadow', /box-shadow\s*:/i],
  ['border-radius', /border(-[a-z]+)*-radius\s*:/i],
  ['CSS variables', /var\(|(^|[\s;{])--[a-z-]+\s*:/i],
  ['@media', /@media/i],
  ['@font-face', /@font-face/i],
  ['transform', /(^|[\s;{])transform\s*:/i],
  ['calc()', /calc\(/i],
  ['pseudo-elements', /::?(before|after)\b/i],
  ['viewport units', /\d(vh|vw)\b/i],
];

/** Keys that hold money, quantities or rates in the sample data: these must be numbers, never strings. */
const NUMERIC_KEYS =
  /^(unit_price|price|amount|amount_paid|discount|revenue|target|shipping|tax_rate|discount_rate|share|quantity|hours|standard_hours|current|prior|ordered|shipped)$/;

const documents = starters.filter((starter) => starter.kind === 'document');

/** Every [path, value] pair in a JSON-like value, depth first. */
function* walk(value: unknown, path = ''): Generator<[string, unknown]> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* walk(item, `${path}[${index}]`);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) yield* walk(item, path ? `${path}.${key}` : key);
  } else {
    yield [path, value];
  }
}

describe('starters', () => {
  it('has exactly the eleven starters, with unique ids', () => {
    const ids = starters.map((starter) => starter.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...EXPECTED_IDS].sort());
  });

  it('finds starters by id', () => {
    for (const id of EXPECTED_IDS) expect(getStarter(id)?.id).toBe(id);
    expect(getStarter('does-not-exist')).toBeUndefined();
  });

  it.each(starters.map((starter) => [starter.id, starter] as const))(
    '%s parses with the Starter schema',
    (_id, starter) => {
      expect(Starter.safeParse(starter).success).toBe(true);
    },
  );

  it.each(starters.map((starter) => [starter.id, starter] as const))(
    '%s has a name, description, tags and sample data',
    (_id, starter) => {
      expect(starter.name.trim()).not.toBe('');
      expect(starter.description.trim().length).toBeGreaterThan(20);
      expect(starter.tags.length).toBeGreaterThanOrEqual(2);
      expect(starter.tags.length).toBeLessThanOrEqual(4);
      for (const tag of starter.tags) expect(tag).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(Object.keys(starter.sample_data).length).toBeGreaterThan(0);
      expect(starter.html.trim()).not.toBe('');
    },
  );

  it.each(starters.map((starter) => [starter.id, starter] as const))('%s uses no unsupported CSS', (_id, starter) => {
    for (const [name, pattern] of UNSUPPORTED_CSS) {
      expect(pattern.test(starter.css), `${starter.id} css uses ${name}`).toBe(false);
    }
  });

  it.each(starters.map((starter) => [starter.id, starter] as const))(
    '%s includes no files and runs no scripts',
    (_id, starter) => {
      for (const source of [starter.html, starter.header_html, starter.footer_html]) {
        expect(source).not.toMatch(/\{%-?\s*(include|render|layout)\b/);
        expect(source).not.toMatch(/<script|javascript:|\son[a-z]+\s*=/i);
      }
    },
  );

  it.each(starters.map((starter) => [starter.id, starter] as const))(
    '%s sample data uses ISO dates and numeric amounts',
    (_id, starter) => {
      for (const [path, value] of walk(starter.sample_data)) {
        const key =
          path
            .replace(/\[\d+\]/g, '')
            .split('.')
            .pop() ?? '';
        if (/(^date$|_on$|^date_|_date$)/.test(key)) expect(value, path).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (/_at$/.test(key)) expect(value, path).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
        if (NUMERIC_KEYS.test(key)) expect(typeof value, path).toBe('number');
      }
    },
  );
});

describe('document starters', () => {
  it('are every starter except the email', () => {
    expect(documents.map((starter) => starter.id)).not.toContain('order-confirmation');
    expect(documents).toHaveLength(EXPECTED_IDS.length - 1);
  });

  it.each(documents.map((starter) => [starter.id, starter] as const))(
    '%s has a stylesheet and a standard page',
    (_id, starter) => {
      expect(starter.css).toMatch(/font-family:\s*(Helvetica, Arial, sans-serif|Roboto)/);
      expect(['A4', 'Letter']).toContain(starter.page.size);
      for (const margin of Object.values(starter.page.margins)) expect(margin).toBeGreaterThan(0);
    },
  );

  it.each(documents.map((starter) => [starter.id, starter] as const))(
    '%s writes explicit table sections and no inline styles',
    (_id, starter) => {
      const tables = starter.html.match(/<table\b/g)?.length ?? 0;
      expect(starter.html.match(/<tbody\b/g)?.length ?? 0).toBe(tables);
      expect(starter.html).not.toMatch(/\sstyle\s*=/);
      expect(starter.html).not.toMatch(/<img\b[^>]*src="(?!data:)/);
    },
  );

  it.each(documents.map((starter) => [starter.id, starter] as const))(
    '%s header and footer only use page numbers and the data',
    (_id, starter) => {
      const allowed = new Set(['page_number', 'page_count', ...Object.keys(starter.sample_data)]);
      for (const source of [starter.header_html, starter.footer_html]) {
        for (const [, name] of source.matchAll(/\{\{-?\s*([a-z_][a-z0-9_]*)/gi))
          expect(allowed, `${starter.id}: ${name}`).toContain(name);
      }
    },
  );

  it('gives every multi-page document a page-numbered footer', () => {
    const singlePage = new Set(['receipt', 'certificate']);
    for (const starter of documents.filter((candidate) => !singlePage.has(candidate.id))) {
      expect(starter.footer_html, starter.id).toContain('{{ page_number }}');
      expect(starter.footer_html, starter.id).toContain('{{ page_count }}');
    }
  });

  it('prints the certificate on landscape A4', () => {
    expect(getStarter('certificate')?.page).toMatchObject({ size: 'A4', orientation: 'landscape' });
  });

  it('puts a QR code on the invoice and receipt and a barcode on the packing slip', () => {
    expect(getStarter('invoice')?.html).toMatch(/\|\s*qr\b/);
    expect(getStarter('receipt')?.html).toMatch(/\|\s*qr\b/);
    expect(getStarter('packing-slip')?.html).toMatch(/order\.number\s*\|\s*barcode\b/);
  });
});

describe('order-confirmation email', () => {
  const email = getStarter('order-confirmation');

  it('is an MJML email with no stylesheet', () => {
    expect(email?.kind).toBe('email');
    expect(email?.css).toBe('');
    const html = email?.html.trim() ?? '';
    expect(html.startsWith('<mjml>')).toBe(true);
    expect(html.endsWith('</mjml>')).toBe(true);
    expect(html).toMatch(/<mj-head>[\s\S]*<\/mj-head>\s*<mj-body[^>]*>[\s\S]*<\/mj-body>/);
  });

  it('uses only MJML components it knows, and links a Track your order button', () => {
    const known = new Set([
      'mjml',
      'mj-head',
      'mj-title',
      'mj-preview',
      'mj-attributes',
      'mj-all',
      'mj-style',
      'mj-body',
      'mj-section',
      'mj-column',
      'mj-text',
      'mj-table',
      'mj-button',
      'mj-divider',
      'mj-raw',
      'mj-image',
      'mj-spacer',
    ]);
    for (const [, tag] of email?.html.matchAll(/<\/?(mj[a-z-]*)/g) ?? []) expect(known, tag).toContain(tag);
    expect(email?.html).toMatch(
      /<mj-button[^>]*href="\{\{ order\.tracking_url \}\}"[^>]*>Track your order<\/mj-button>/,
    );
  });

  it('has an item for every line of the sample order', () => {
    const order = email?.sample_data.order as { items: Array<{ quantity: number; unit_price: number }> };
    expect(order.items.length).toBeGreaterThan(0);
    for (const item of order.items) expect(item.quantity * item.unit_price).toBeGreaterThan(0);
  });
});
