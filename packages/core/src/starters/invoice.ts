import type { StarterInput } from './starter.schema';

const html = `{% assign currency = invoice.currency | default: "USD" %}
{% assign subtotal = 0 %}
{% for item in invoice.items %}
  {% assign line_total = item.quantity | times: item.unit_price %}
  {% assign subtotal = subtotal | plus: line_total %}
{% endfor %}
{% assign subtotal = subtotal | round: 2 %}
{% assign discount = invoice.discount | default: 0 %}
{% assign taxable = subtotal | minus: discount %}
{% assign tax = taxable | times: invoice.tax_rate | round: 2 %}
{% assign total = taxable | plus: tax %}
{% assign amount_paid = invoice.amount_paid | default: 0 %}
{% assign balance_due = total | minus: amount_paid | round: 2 %}

<div class="top">
  <div class="brand">
    <svg width="40" height="40" viewBox="0 0 40 40" xmlns="http://www.w3.org/2000/svg">
      <rect x="0" y="0" width="40" height="40" fill="#1f4e79"/>
      <rect x="8" y="22" width="6" height="10" fill="#ffffff"/>
      <rect x="17" y="15" width="6" height="17" fill="#ffffff"/>
      <rect x="26" y="8" width="6" height="24" fill="#9cc3e6"/>
    </svg>
    <p class="company-name">{{ company.name }}</p>
    <p class="muted">
      {% for line in company.address_lines %}{{ line }}<br>{% endfor %}
      {{ company.email }} · {{ company.phone }}<br>
      {{ company.tax_id }}
    </p>
  </div>
  <div class="title-block">
    <h1>Invoice</h1>
    <table class="meta">
      <tbody>
        <tr><th>Invoice no.</th><td>{{ invoice.number }}</td></tr>
        <tr><th>Issue date</th><td>{{ invoice.issued_on | date: "long" }}</td></tr>
        <tr><th>Due date</th><td>{{ invoice.due_on | date: "long" }}</td></tr>
        <tr><th>Terms</th><td>{{ invoice.terms }}</td></tr>
        {% if invoice.po_number != blank %}<tr><th>PO number</th><td>{{ invoice.po_number }}</td></tr>{% endif %}
      </tbody>
    </table>
  </div>
</div>

<div class="parties">
  <div class="party">
    <p class="label">Bill to</p>
    <p><strong>{{ customer.name }}</strong><br>
      {% if customer.contact != blank %}Attn: {{ customer.contact }}<br>{% endif %}
      {% for line in customer.address_lines %}{{ line }}<br>{% endfor %}
      {{ customer.email }}
    </p>
  </div>
  <div class="party">
    <p class="label">Project</p>
    <p><strong>{{ invoice.project }}</strong><br>
      Service period: {{ invoice.period_start | date: "%b %-d" }} – {{ invoice.period_end | date: "%b %-d, %Y" }}
    </p>
  </div>
  <div class="due-box">
    <p class="label">Balance due</p>
    <p class="due-amount">{{ balance_due | money: currency }}</p>
    <p class="muted">by {{ invoice.due_on | date: "medium" }}</p>
  </div>
</div>

<table class="items">
  <colgroup>
    <col width="52%">
    <col width="12%">
    <col width="18%">
    <col width="18%">
  </colgroup>
  <thead>
    <tr>
      <th>Description</th>
      <th class="num">Qty</th>
      <th class="num">Unit price</th>
      <th class="num">Amount</th>
    </tr>
  </thead>
  <tbody>
    {% for item in invoice.items %}
    {% assign line_total = item.quantity | times: item.unit_price %}
    <tr>
      <td>
        <span class="item-name">{{ item.description }}</span>
        {% if item.details != blank %}<br><span class="item-details">{{ item.details }}</span>{% endif %}
      </td>
      <td class="num">{{ item.quantity | number }}{% if item.unit != blank %} {{ item.unit }}{% endif %}</td>
      <td class="num">{{ item.unit_price | money: currency }}</td>
      <td class="num">{{ line_total | money: currency }}</td>
    </tr>
    {% endfor %}
  </tbody>
  <tfoot>
    <tr>
      <td colspan="2" class="spacer"></td>
      <td class="total-label">Subtotal</td>
      <td class="num">{{ subtotal | money: currency }}</td>
    </tr>
    {% if discount > 0 %}
    <tr>
      <td colspan="2" class="spacer"></td>
      <td class="total-label">Discount</td>
      <td class="num">{{ discount | times: -1 | money: currency }}</td>
    </tr>
    {% endif %}
    <tr>
      <td colspan="2" class="spacer"></td>
      <td class="total-label">{{ invoice.tax_label | default: "Tax" }} ({{ invoice.tax_rate | percent: 2 }})</td>
      <td class="num">{{ tax | money: currency }}</td>
    </tr>
    <tr class="grand-total">
      <td colspan="2" class="spacer"></td>
      <td class="total-label">Total</td>
      <td class="num">{{ total | money: currency }}</td>
    </tr>
    {% if amount_paid > 0 %}
    <tr>
      <td colspan="2" class="spacer"></td>
      <td class="total-label">Amount paid</td>
      <td class="num">{{ amount_paid | times: -1 | money: currency }}</td>
    </tr>
    {% endif %}
    <tr>
      <td colspan="2" class="spacer"></td>
      <td class="total-label balance-cell">Balance due</td>
      <td class="num balance-cell">{{ balance_due | money: currency }}</td>
    </tr>
  </tfoot>
</table>

<div class="payment">
  <div class="payment-details">
    <h3>How to pay</h3>
    <p>Pay online by card or ACH at <a href="{{ invoice.payment_url }}">{{ invoice.payment_url }}</a>, or scan the code.</p>
    <table class="bank">
      <tbody>
        <tr><th>Bank</th><td>{{ company.bank.name }}</td></tr>
        <tr><th>Account name</th><td>{{ company.bank.account_name }}</td></tr>
        <tr><th>Routing (ABA)</th><td>{{ company.bank.routing_number }}</td></tr>
        <tr><th>Account no.</th><td>{{ company.bank.account_number }}</td></tr>
        <tr><th>Reference</th><td>{{ invoice.number }}</td></tr>
      </tbody>
    </table>
  </div>
  <div class="payment-qr">
    {{ invoice.payment_url | qr: 96 }}
    <p class="muted">Scan to pay</p>
  </div>
</div>

{% if invoice.notes != blank %}
<div class="notes">
  <h3>Notes</h3>
  <p>{{ invoice.notes }}</p>
</div>
{% endif %}
`;

const css = `body {
  font-family: Helvetica, Arial, sans-serif;
  font-size: 9.5pt;
  line-height: 1.4;
  color: #1f2933;
}
p { margin: 0 0 4px 0; }
h1 {
  font-size: 26pt;
  font-weight: bold;
  color: #1f4e79;
  letter-spacing: 1px;
  text-transform: uppercase;
  text-align: right;
  margin: 0 0 8px 0;
}
h3 {
  font-size: 10pt;
  color: #1f4e79;
  margin: 0 0 6px 0;
}
a { color: #1f4e79; text-decoration: none; }
.muted { color: #616e7c; font-size: 8.5pt; }
.label {
  font-size: 7.5pt;
  font-weight: bold;
  text-transform: uppercase;
  letter-spacing: 1px;
  color: #616e7c;
  margin-bottom: 4px;
}
.top { display: flex; gap: 24px; margin-bottom: 24px; }
.brand { flex: 1; }
.title-block { flex: 1; }
.company-name { font-size: 13pt; font-weight: bold; color: #1f2933; margin-top: 6px; }
.meta { width: 100%; }
.meta th {
  text-align: right;
  font-weight: normal;
  color: #616e7c;
  padding: 2px 8px 2px 0;
}
.meta td { text-align: right; font-weight: bold; padding: 2px 0; width: 45%; }
.parties {
  display: flex;
  gap: 16px;
  padding: 12px 0;
  border-top: 1px solid #d9e2ec;
  border-bottom: 1px solid #d9e2ec;
  margin-bottom: 20px;
}
.party { flex: 1; }
.due-box { flex: 1; background-color: #f0f4f8; padding: 10px 12px; text-align: right; }
.due-amount { font-size: 18pt; font-weight: bold; color: #1f4e79; }
.items { width: 100%; border-collapse: collapse; margin-bottom: 20px; }
.items th {
  background-color: #1f4e79;
  color: #ffffff;
  font-size: 8pt;
  text-transform: uppercase;
  letter-spacing: 0.5px;
  text-align: left;
  padding: 7px 8px;
}
.items td { padding: 7px 8px; border-bottom: 1px solid #e4e7eb; vertical-align: top; }
.items tbody tr:nth-child(even) td { background-color: #f7f9fb; }
.items .num { text-align: right; }
.item-name { font-weight: bold; }
.item-details { color: #616e7c; font-size: 8.5pt; }
.items tfoot td { border-bottom: none; padding: 5px 8px; }
.items tfoot .total-label { text-align: right; color: #52606d; }
.items tfoot .grand-total td { font-weight: bold; }
.items tfoot .grand-total .num { border-top: 1px solid #9aa5b1; }
.items tfoot .grand-total .total-label { border-top: 1px solid #9aa5b1; }
.items tfoot .balance-cell {
  background-color: #1f4e79;
  color: #ffffff;
  font-weight: bold;
  font-size: 11pt;
}
.payment {
  display: flex;
  gap: 24px;
  padding: 12px;
  border: 1px solid #d9e2ec;
  margin-bottom: 16px;
  break-inside: avoid;
}
.payment-details { flex: 3; }
.payment-qr { flex: 1; text-align: center; }
.bank th { text-align: left; font-weight: normal; color: #616e7c; padding: 1px 12px 1px 0; }
.bank td { padding: 1px 0; }
.notes { break-inside: avoid; }
.notes p { color: #3e4c59; }
.page-footer {
  display: flex;
  font-size: 7.5pt;
  color: #7b8794;
  border-top: 1px solid #d9e2ec;
  padding-top: 6px;
}
.page-footer-left { flex: 3; }
.page-footer-right { flex: 1; text-align: right; }
`;

const footer_html = `<div class="page-footer">
  <div class="page-footer-left">{{ company.name }} · Invoice {{ invoice.number }} · {{ company.website }}</div>
  <div class="page-footer-right">Page {{ page_number }} of {{ page_count }}</div>
</div>`;

export const invoice: StarterInput = {
  id: 'invoice',
  name: 'Invoice',
  description:
    'A professional invoice with itemised services, tax, deposit and balance due, bank details and a pay-online QR code.',
  tags: ['finance', 'billing', 'invoice'],
  kind: 'document',
  page: { size: 'Letter', orientation: 'portrait', margins: { top: 18, right: 18, bottom: 22, left: 18 } },
  html,
  css,
  header_html: '',
  footer_html,
  sample_data: {
    company: {
      name: 'Brightline Analytics LLC',
      address_lines: ['1100 Congress Avenue, Suite 400', 'Austin, TX 78701', 'United States'],
      email: 'billing@brightline-analytics.com',
      phone: '+1 (512) 555-0142',
      website: 'brightline-analytics.com',
      tax_id: 'EIN 84-3921057',
      bank: {
        name: 'First Capital Bank of Texas',
        account_name: 'Brightline Analytics LLC',
        routing_number: '111000614',
        account_number: '•••• •••• 4821',
      },
    },
    customer: {
      name: 'Cascade Outdoor Co.',
      contact: 'Maya Fernandez, Accounts Payable',
      address_lines: ['2250 NW Front Avenue', 'Portland, OR 97209', 'United States'],
      email: 'ap@cascadeoutdoor.com',
    },
    invoice: {
      number: 'INV-2026-0142',
      issued_on: '2026-03-02',
      due_on: '2026-04-01',
      terms: 'Net 30',
      po_number: 'PO-77815',
      project: 'Retail analytics platform — Phase 2',
      period_start: '2026-02-01',
      period_end: '2026-02-28',
      currency: 'USD',
      tax_label: 'Sales tax',
      tax_rate: 0.0825,
      discount: 0,
      amount_paid: 5000,
      payment_url: 'https://pay.brightline-analytics.com/i/INV-2026-0142',
      notes:
        'Thank you for your business. The deposit of $5,000.00 received on February 3, 2026 has been applied. Late payments accrue interest at 1% per month.',
      items: [
        {
          description: 'Data platform implementation',
          details: 'Pipeline build-out, warehouse modelling and data quality checks',
          quantity: 64,
          unit: 'hrs',
          unit_price: 165,
        },
        {
          description: 'Dashboard design & development',
          details: 'Store performance and inventory dashboards (6 views)',
          quantity: 28,
          unit: 'hrs',
          unit_price: 145,
        },
        {
          description: 'Analytics platform licence',
          details: 'Monthly subscription, February 2026',
          quantity: 25,
          unit: 'seats',
          unit_price: 39,
        },
        {
          description: 'On-site training workshop',
          details: 'Full-day session for 12 analysts, Portland',
          quantity: 1,
          unit: 'day',
          unit_price: 1800,
        },
      ],
    },
  },
};
