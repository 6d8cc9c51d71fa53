import { createTemplateEngine, TemplateContent } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { inProcessRenderer } from '../../templates/index';
import { renderEvidence } from '../authoring/intent-evidence';
import { readChanges } from './changes';
import { checkIntent } from './check';
import type { Intent, IntentLabel } from './intent';

const engine = createTemplateEngine();

/** What a template shows with its sample, by a real render (the engine's HTML and the PDF's page box). */
async function shown(template: Record<string, unknown>) {
  const content = TemplateContent.parse({ name: 'Test', ...template });
  const evidence = await renderEvidence(inProcessRenderer, engine, content);
  if (!evidence) throw new Error('the template did not render');
  return evidence;
}

const label = (key: string, text: string, asked = text.toLowerCase()): IntentLabel => ({ key, asked, label: text });

function intent(parts: Partial<Intent>): Intent {
  return {
    templateKind: 'document',
    language: 'en',
    languageExplicit: false,
    fields: [],
    lists: [],
    computed: [],
    page: {},
    marks: [],
    sections: [],
    unsupported: [],
    ...parts,
  };
}

const REPORT_CARD_SAMPLE = {
  student: { name: 'Maya Okafor', class: '7B' },
  subjects: [
    { name: 'Mathematics', grade: 'A', comment: 'Confident with fractions' },
    { name: 'History', grade: 'B+', comment: 'Thoughtful essays' },
  ],
};

const reportCard = (headers: string, cells: string) => ({
  html: `<h1>Report card</h1><p>Student: {{ student.name }}</p>
<table><thead><tr>${headers}</tr></thead><tbody>
{% for s in subjects %}<tr>${cells}</tr>{% endfor %}
</tbody></table>`,
  sample_data: REPORT_CARD_SAMPLE,
});

const REPORT_CARD = intent({
  kind: 'report_card',
  fields: [label('student_name', 'Student name')],
  lists: [
    {
      noun: 'subjects',
      columns: [label('subject', 'Subject'), label('grade', 'Grade'), label('teacher_comment', 'Teacher comment')],
    },
  ],
});

describe('checkIntent', () => {
  it('names the column a report card left out, and what its table has instead', async () => {
    const evidence = await shown(
      reportCard('<th>Subject</th><th>Teacher comment</th>', '<td>{{ s.name }}</td><td>{{ s.comment }}</td>'),
    );
    const result = checkIntent(REPORT_CARD, evidence);
    expect(result.findings).toEqual([
      {
        code: 'intent_missing_column',
        asked: 'column "Grade"',
        message: 'The request asked for a column "Grade"; the table has Subject and Teacher comment.',
      },
    ]);
    expect(result.asked).toEqual([
      'field "Student name"',
      'a table of subjects',
      'column "Subject"',
      'column "Grade"',
      'column "Teacher comment"',
    ]);
    expect(result.found).not.toContain('column "Grade"');
  });

  it('accepts the columns in the model’s own words: plurals, case, a shorter header', async () => {
    const evidence = await shown(
      reportCard(
        '<th>SUBJECTS</th><th>Grades</th><th>Comment</th>',
        '<td>{{ s.name }}</td><td>{{ s.grade }}</td><td>{{ s.comment }}</td>',
      ),
    );
    // "Student name" is not a label on this page, but the student's name from the sample is printed.
    expect(checkIntent(REPORT_CARD, evidence).findings).toEqual([]);
  });

  it('calls a list written as text instead of a table missing', async () => {
    const evidence = await shown({
      html: '<h1>Report card</h1><p>{{ student.name }}</p><p>Subjects: {% for s in subjects %}{{ s.name }} {% endfor %}</p>',
      sample_data: REPORT_CARD_SAMPLE,
    });
    const codes = checkIntent(REPORT_CARD, evidence).findings.map((f) => f.code);
    expect(codes).toEqual([
      'intent_missing_list',
      'intent_missing_column',
      'intent_missing_column',
      'intent_missing_column',
    ]);
  });

  it('reads the page size the PDF was printed on: a 4x6 label on A4 is not a label', async () => {
    const label4x6 = intent({ kind: 'shipping_label', page: { size: 'custom', widthMm: 101.6, heightMm: 152.4 } });
    const html = '<p>Ship to {{ to }}</p>';
    const onA4 = await shown({ html, sample_data: { to: 'Grace Hopper' } });
    expect(onA4.page?.widthMm).toBeCloseTo(210, 0);
    const [finding] = checkIntent(label4x6, onA4).findings;
    expect(finding).toMatchObject({
      code: 'intent_page_format',
      message: "The request asked for a 4x6 in page; the PDF's pages are A4.",
    });
    // The CSS's @page size counts, because the check reads the PDF, not the json block.
    const byCss = await shown({
      html,
      css: '@page { size: 4in 6in; margin: 5mm; }',
      sample_data: { to: 'Grace Hopper' },
    });
    expect(checkIntent(label4x6, byCss).findings).toEqual([]);
    const byPage = await shown({
      html,
      page: { size: 'custom', width_mm: 101.6, height_mm: 152.4 },
      sample_data: { to: 'Grace Hopper' },
    });
    expect(checkIntent(label4x6, byPage).findings).toEqual([]);
    const landscape = intent({ page: { orientation: 'landscape' } });
    expect(checkIntent(landscape, byPage).findings[0]?.code).toBe('intent_page_format');
  });

  it('finds a barcode that encodes another value than the one named', async () => {
    const wanted = intent({ marks: [{ kind: 'barcode', value: label('tracking_number', 'Tracking number') }] });
    const sample = { shipment: { tracking_number: '1Z999AA10123456784' }, order: { number: 'SO-1042' } };
    const wrong = await shown({
      html: '<bar-code type="code128" value="{{ order.number }}"></bar-code><p>{{ shipment.tracking_number }}</p>',
      sample_data: sample,
    });
    expect(checkIntent(wanted, wrong).findings).toEqual([
      {
        code: 'intent_barcode_value',
        asked: 'a barcode of the tracking number',
        message:
          'The request asked for a barcode of the tracking number ("1Z999AA10123456784" in the sample data); it ' +
          'encodes "SO-1042".',
      },
    ]);
    const right = await shown({ html: '{{ shipment.tracking_number | barcode }}', sample_data: sample });
    expect(checkIntent(wanted, right).findings).toEqual([]);
  });

  it('finds a missing QR code, and accepts one whose link holds the value named', async () => {
    const wanted = intent({ marks: [{ kind: 'qr', value: label('order_number', 'Order number') }] });
    const sample = { order: { number: 'SO-1042' } };
    const without = await shown({ html: '<p>Order {{ order.number }}</p>', sample_data: sample });
    expect(checkIntent(wanted, without).findings).toEqual([
      {
        code: 'intent_missing_mark',
        asked: 'a QR code of the order number',
        message: 'The request asked for a QR code of the order number; the page has none.',
        hint: 'Use a <qr-code value="..."> element.',
      },
    ]);
    const withLink = await shown({
      html: '<qr-code value="https://shop.example.com/orders/{{ order.number }}" size="80"></qr-code>',
      sample_data: sample,
    });
    expect(checkIntent(wanted, withLink).findings).toEqual([]);
  });

  it('finds English labels on a page asked for in French, and accepts the French page', async () => {
    const french = intent({
      language: 'fr',
      languageExplicit: true,
      fields: [label('due_date', "Date d'échéance", "date d'échéance")],
      lists: [
        {
          noun: '',
          columns: [
            label('description', 'Désignation'),
            label('quantity', 'Quantité'),
            label('unit_price', 'Prix unitaire'),
          ],
        },
      ],
    });
    const sample = { due: '2026-04-30', items: [{ d: 'Audit', q: 2, p: 450 }] };
    const page = (labels: string[]) =>
      shown({
        html: `<p>${labels[0]}: {{ due }}</p><table><tr><th>${labels[1]}</th><th>${labels[2]}</th><th>${labels[3]}</th></tr>
{% for i in items %}<tr><td>{{ i.d }}</td><td>{{ i.q }}</td><td>{{ i.p }}</td></tr>{% endfor %}</table>`,
        sample_data: sample,
      });
    const english = await page(['Due date', 'Description', 'Quantity', 'Unit price']);
    // The columns are there (a label in any language is the column); the language is not.
    expect(checkIntent(french, english).findings).toEqual([
      {
        code: 'intent_language',
        asked: 'labels in French',
        message:
          'The request asked for labels in French; these labels are in English: Due date, Description, Quantity and ' +
          'Unit price.',
      },
    ]);
    const inFrench = await page(["Date d'échéance", 'Désignation', 'Quantité', 'Prix unitaire']);
    expect(checkIntent(french, inFrench).findings).toEqual([]);
  });

  it('finds a generic page where an invoice was asked for, in any language the page names it', async () => {
    const invoice = intent({ kind: 'invoice' });
    const generic = await shown({ html: '<h1>Document</h1><p>Revenue grew 8%.</p>', sample_data: {} });
    expect(checkIntent(invoice, generic).findings).toEqual([
      {
        code: 'intent_kind',
        asked: 'a document titled "Invoice"',
        message: 'The request asked for an invoice; the page never says what it is (no "Invoice").',
        hint: 'Title the document with what it is, in the language of its labels.',
      },
    ]);
    const titled = await shown({ html: '<h1>Rechnung {{ n }}</h1>', sample_data: { n: 'R-2026-001' } });
    expect(checkIntent(invoice, titled).findings).toEqual([]);
    // A letter need not say it is one.
    expect(checkIntent(intent({ kind: 'letter' }), generic).findings).toEqual([]);
  });

  it('never counts a one-word synonym inside other text: "Amount due" is not the due date', async () => {
    const dueDate = intent({ fields: [label('due_date', 'Due date')] });
    const amountDue = await shown({ html: '<p>Amount due: {{ total }}</p>', sample_data: { total: 120 } });
    expect(checkIntent(dueDate, amountDue).findings.map((f) => f.code)).toEqual(['intent_missing_field']);
    const due = await shown({ html: '<dl><dt>Due</dt><dd>{{ due }}</dd></dl>', sample_data: { due: '2026-04-30' } });
    expect(checkIntent(dueDate, due).findings).toEqual([]);
  });

  it('wants a total outside the table header, page numbers in the footer, a signature line and a logo', async () => {
    const wanted = intent({
      computed: [label('total', 'Total')],
      marks: [{ kind: 'page_numbers' }, { kind: 'signature' }, { kind: 'logo' }],
    });
    const bare = await shown({
      html: '<table><tr><th>Item</th><th>Total</th></tr><tr><td>{{ a }}</td><td>1</td></tr></table>',
      footer_html: '<p>Thank you</p>',
      sample_data: { a: 'Tea' },
    });
    expect(checkIntent(wanted, bare).findings.map((f) => f.code)).toEqual([
      'intent_missing_total',
      'intent_missing_mark',
      'intent_missing_mark',
      'intent_missing_mark',
    ]);
    const complete = await shown({
      html: `<svg class="logo" width="40" height="20"><rect width="40" height="20" fill="#123"/></svg>
<table><tr><th>Item</th><th>Total</th></tr><tr><td>{{ a }}</td><td>1</td></tr></table>
<p class="total">Total: 1</p><div class="sig">Signature ____________</div>`,
      footer_html: '<p>Page {{ page_number }} of {{ page_count }}</p>',
      sample_data: { a: 'Tea' },
    });
    expect(checkIntent(wanted, complete).findings).toEqual([]);
  });

  it('reads an email’s MJML: its button, its table, and only the fields the vocabulary knows', async () => {
    const email = intent({
      templateKind: 'email',
      fields: [label('tracking_number', 'Tracking number'), label('order_has_shipped', 'Order has shipped')],
      marks: [{ kind: 'button' }],
    });
    const mjml = (button: string) => ({
      kind: 'email',
      html: `<mjml><mj-head><mj-style>.x { color: red; }</mj-style></mj-head><mj-body><mj-section><mj-column>
<mj-text>Your parcel is on its way: {{ tracking }}.</mj-text>${button}
</mj-column></mj-section></mj-body></mjml>`,
      sample_data: { tracking: '1Z999AA10123456784' },
    });
    const without = await shown(mjml(''));
    expect(without.page).toBeUndefined();
    const result = checkIntent(email, without);
    // The tracking number is printed (its value); "order has shipped" is a phrase, not a field an email labels.
    expect(result.asked).toEqual(['field "Tracking number"', 'a button']);
    expect(result.findings.map((f) => f.code)).toEqual(['intent_missing_mark']);
    const withButton = await shown(mjml('<mj-button href="https://track.example.com">Track it</mj-button>'));
    expect(checkIntent(email, withButton).findings).toEqual([]);
  });

  it('reads nothing from HTML nested past the renderer’s limit, as the renderer refuses it', async () => {
    const deep = TemplateContent.parse({ name: 'Deep', html: `${'<div>'.repeat(10_000)}x${'</div>'.repeat(10_000)}` });
    expect(await renderEvidence(inProcessRenderer, engine, deep)).toBeUndefined();
  });

  it('checks that a refinement removed and renamed what it was asked to', async () => {
    const before = await shown(
      reportCard(
        '<th>Subject</th><th>Grade</th><th>Comment</th>',
        '<td>{{ s.name }}</td><td>{{ s.grade }}</td><td>{{ s.comment }}</td>',
      ),
    );
    const changes = readChanges('Remove the Grade column and rename Comment to Remarks', 'document', before);
    if (!changes) throw new Error('nothing to check');
    const ignored = checkIntent(changes.intent, before, changes.removals);
    // "Remarks" is a synonym of "Comment" in the vocabulary, so the old header counts as the column asked for; the
    // rename itself is what is missing.
    expect(ignored.findings.map((f) => f.code)).toEqual(['intent_not_removed', 'intent_not_renamed']);
    const done = await shown(
      reportCard('<th>Subject</th><th>Remarks</th>', '<td>{{ s.name }}</td><td>{{ s.comment }}</td>'),
    );
    expect(checkIntent(changes.intent, done, changes.removals).findings).toEqual([]);
  });
});
