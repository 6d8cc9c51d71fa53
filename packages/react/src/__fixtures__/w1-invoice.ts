/**
 * W1, the render benchmark's one-page invoice (packages/render/bench/render.bench.ts): 15 rows, the same HTML,
 * CSS and data, restated here because that bench file runs when imported. The PDF preview's benchmark and the
 * Easy Mode round-trip tests use it.
 */
import type { TemplateDraft } from '../builder/types';

export const W1_CSS = `
.invoice { font-size: 10pt; color: #222; }
h1 { font-size: 20pt; margin: 0 0 4px 0; color: #1f4e79; }
.head { display: flex; gap: 24px; margin-bottom: 18px; }
.head > div { flex: 1; }
.from { text-align: right; }
.muted { color: #666; }
.label { font-size: 8pt; text-transform: uppercase; color: #666; margin: 0 0 2px 0; }
.bill-to { margin-bottom: 18px; }
table.items { width: 100%; border-collapse: collapse; }
table.items th { background: #1f4e79; color: #fff; text-align: left; padding: 5px 6px; }
table.items td { padding: 5px 6px; border-bottom: 1px solid #ddd; }
.num { text-align: right; }
table.totals { width: 40%; margin-left: 60%; margin-top: 12px; border-collapse: collapse; }
table.totals th { text-align: left; font-weight: normal; padding: 3px 6px; }
table.totals td { text-align: right; padding: 3px 6px; }
table.totals tr.total th, table.totals tr.total td { font-weight: bold; border-top: 2px solid #1f4e79; }
`;

export const W1_HTML = `{% assign subtotal = 0 %}
{% for item in items %}{% assign line = item.qty | times: item.unit_price %}{% assign subtotal = subtotal | plus: line %}{% endfor %}
{% assign tax = subtotal | times: tax_rate | round: 2 %}
{% assign total = subtotal | plus: tax %}
<div class="invoice">
<div class="head">
  <div>
    <h1>Invoice</h1>
    <p class="muted">No. {{ invoice.number }}<br>Issued {{ invoice.issued }} · Due {{ invoice.due }}</p>
  </div>
  <div class="from">
    <strong>{{ company.name }}</strong><br>
    {% for line in company.address %}{{ line }}<br>{% endfor %}
    {{ company.email }}
  </div>
</div>
<div class="bill-to">
  <p class="label">Bill to</p>
  <p><strong>{{ customer.name }}</strong><br>
    {% for line in customer.address %}{{ line }}<br>{% endfor %}
    {{ customer.email }}</p>
</div>
<table class="items">
  <colgroup><col width="52%"><col width="12%"><col width="18%"><col width="18%"></colgroup>
  <thead><tr><th>Description</th><th class="num">Qty</th><th class="num">Unit price</th><th class="num">Amount</th></tr></thead>
  <tbody>
  {% for item in items %}<tr>
    <td>{{ item.description }}</td>
    <td class="num">{{ item.qty }}</td>
    <td class="num">{{ item.unit_price | money }}</td>
    <td class="num">{{ item.qty | times: item.unit_price | money }}</td>
  </tr>{% endfor %}
  </tbody>
</table>
<table class="totals"><tbody>
  <tr><th>Subtotal</th><td>{{ subtotal | money }}</td></tr>
  <tr><th>Tax ({{ tax_rate | times: 100 }}%)</th><td>{{ tax | money }}</td></tr>
  <tr class="total"><th>Total due</th><td>{{ total | money }}</td></tr>
</tbody></table>
</div>`;

const SERVICES = [
  'Architecture review',
  'Backend development',
  'Frontend development',
  'Code review and pairing',
  'Database migration',
  'Load testing',
  'Security assessment',
  'Project management',
  'Technical writing',
  'On-call support (monthly)',
  'Cloud hosting (pass-through)',
  'Design workshop',
  'Accessibility audit',
  'Training session',
  'Travel expenses',
];

export const W1_DATA = {
  invoice: { number: 'INV-2026-0042', issued: 'March 3, 2026', due: 'April 2, 2026' },
  company: {
    name: 'Northwind Consulting LLC',
    address: ['500 Market Street, Suite 12', 'San Francisco, CA 94105'],
    email: 'billing@northwind.example',
  },
  customer: {
    name: 'Contoso Manufacturing Inc.',
    address: ['Attn: Accounts Payable', '1200 Industrial Parkway', 'Columbus, OH 43215'],
    email: 'ap@contoso.example',
  },
  tax_rate: 0.08,
  items: SERVICES.map((description, i) => ({
    description,
    qty: (i % 6) + 1,
    unit_price: 85 + ((i * 37) % 140) + 0.5,
  })),
};

/** W1 as a builder draft (A4 portrait, the default margins). */
export const W1_DRAFT: TemplateDraft = {
  name: 'Invoice',
  description: '',
  kind: 'document',
  html: W1_HTML,
  css: W1_CSS,
  header_html: '',
  footer_html: '',
  page: { size: 'A4', orientation: 'portrait', margins: { top: 20, right: 18, bottom: 20, left: 18 } },
  sample_data: W1_DATA,
  data_schema: null,
  validate_data: false,
  tags: [],
};
