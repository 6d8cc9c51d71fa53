import type { StarterInput } from './starter.schema';

const html = `{% assign currency = quote.currency | default: "EUR" %}
{% assign subtotal = 0 %}
{% for item in quote.items %}
  {% assign line_total = item.quantity | times: item.unit_price %}
  {% assign subtotal = subtotal | plus: line_total %}
{% endfor %}
{% assign subtotal = subtotal | round: 2 %}
{% assign discount_rate = quote.discount_rate | default: 0 %}
{% assign discount = subtotal | times: discount_rate | round: 2 %}
{% assign net = subtotal | minus: discount | round: 2 %}
{% assign tax = net | times: quote.tax_rate | round: 2 %}
{% assign total = net | plus: tax | round: 2 %}

<div class="top">
  <div class="brand">
    <svg width="150" height="34" viewBox="0 0 150 34" xmlns="http://www.w3.org/2000/svg">
      <path d="M2 4 L16 30 L30 4 Z" fill="#0f766e"/>
      <path d="M10 4 L16 16 L22 4 Z" fill="#ffffff"/>
      <text x="38" y="24" font-family="Helvetica" font-size="18" font-weight="bold" fill="#134e4a">{{ company.short_name }}</text>
    </svg>
    <p class="muted">{% for line in company.address_lines %}{{ line }}<br>{% endfor %}{{ company.email }} · {{ company.phone }}</p>
  </div>
  <div class="title-block">
    <h1>Quotation</h1>
    <table class="meta">
      <tbody>
        <tr><th>Quote no.</th><td>{{ quote.number }}</td></tr>
        <tr><th>Date</th><td>{{ quote.issued_on | date: "long" }}</td></tr>
        <tr><th>Valid until</th><td>{{ quote.valid_until | date: "long" }}</td></tr>
        <tr><th>Prepared by</th><td>{{ quote.prepared_by.name }}</td></tr>
      </tbody>
    </table>
  </div>
</div>

<div class="parties">
  <div class="party">
    <p class="label">Prepared for</p>
    <p><strong>{{ client.name }}</strong><br>
      {{ client.contact }}<br>
      {% for line in client.address_lines %}{{ line }}<br>{% endfor %}
      {{ client.email }}
    </p>
  </div>
  <div class="party">
    <p class="label">Project</p>
    <p><strong>{{ quote.project }}</strong></p>
    <p>{{ quote.summary }}</p>
  </div>
</div>

<h2>Pricing</h2>
<table class="items">
  <thead>
    <tr>
      <th width="6%">#</th>
      <th width="48%">Description</th>
      <th width="12%" class="num">Qty</th>
      <th width="16%" class="num">Unit price</th>
      <th width="18%" class="num">Amount</th>
    </tr>
  </thead>
  <tbody>
    {% for item in quote.items %}
    <tr>
      <td class="index">{{ forloop.index }}</td>
      <td>
        <strong>{{ item.description }}</strong>
        {% if item.details != blank %}<br><span class="details">{{ item.details }}</span>{% endif %}
      </td>
      <td class="num">{{ item.quantity | number }} {{ item.unit }}</td>
      <td class="num">{{ item.unit_price | money: currency }}</td>
      <td class="num">{{ item.quantity | times: item.unit_price | money: currency }}</td>
    </tr>
    {% endfor %}
  </tbody>
  <tfoot>
    <tr>
      <td colspan="3"></td>
      <td class="total-label">Subtotal</td>
      <td class="num">{{ subtotal | money: currency }}</td>
    </tr>
    {% if discount > 0 %}
    <tr>
      <td colspan="3"></td>
      <td class="total-label">{{ quote.discount_label | default: "Discount" }} ({{ discount_rate | percent }})</td>
      <td class="num">{{ discount | times: -1 | money: currency }}</td>
    </tr>
    <tr>
      <td colspan="3"></td>
      <td class="total-label">Net amount</td>
      <td class="num">{{ net | money: currency }}</td>
    </tr>
    {% endif %}
    <tr>
      <td colspan="3"></td>
      <td class="total-label">{{ quote.tax_label | default: "Tax" }} {{ quote.tax_rate | percent }}</td>
      <td class="num">{{ tax | money: currency }}</td>
    </tr>
    <tr>
      <td colspan="3"></td>
      <td class="total-label grand">Total</td>
      <td class="num grand">{{ total | money: currency }}</td>
    </tr>
  </tfoot>
</table>

<div class="columns">
  <div class="column">
    <h2>Timeline</h2>
    <table class="plain">
      <thead>
        <tr><th>Milestone</th><th class="num">Target date</th></tr>
      </thead>
      <tbody>
        {% for milestone in quote.milestones %}
        <tr><td>{{ milestone.name }}</td><td class="num">{{ milestone.date | date: "medium" }}</td></tr>
        {% endfor %}
      </tbody>
    </table>
  </div>
  <div class="column">
    <h2>Payment schedule</h2>
    <table class="plain">
      <thead>
        <tr><th>Instalment</th><th class="num">Share</th><th class="num">Amount</th></tr>
      </thead>
      <tbody>
        {% for instalment in quote.payment_schedule %}
        <tr>
          <td>{{ instalment.name }}</td>
          <td class="num">{{ instalment.share | percent }}</td>
          <td class="num">{{ total | times: instalment.share | round: 2 | money: currency }}</td>
        </tr>
        {% endfor %}
      </tbody>
    </table>
  </div>
</div>

<div class="terms">
  <h2>Terms</h2>
  <ol>
    {% for term in quote.terms %}<li>{{ term }}</li>{% endfor %}
  </ol>
</div>

<div class="acceptance">
  <h2>Acceptance</h2>
  <p>To accept this quotation, sign below and return it to {{ quote.prepared_by.email }} before {{ quote.valid_until | date: "long" }}.</p>
  <div class="signatures">
    <div class="signature">
      <p class="sig-line">&nbsp;</p>
      <p class="sig-caption">Signature, {{ client.name }}</p>
    </div>
    <div class="signature">
      <p class="sig-line">&nbsp;</p>
      <p class="sig-caption">Name and title</p>
    </div>
    <div class="signature">
      <p class="sig-line">&nbsp;</p>
      <p class="sig-caption">Date</p>
    </div>
  </div>
</div>
`;

const css = `body {
  font-family: Helvetica, Arial, sans-serif;
  font-size: 9.5pt;
  line-height: 1.45;
  color: #1f2a30;
}
p { margin: 0 0 4px 0; }
h1 {
  font-size: 24pt;
  color: #134e4a;
  text-align: right;
  margin: 0 0 8px 0;
}
h2 {
  font-size: 11pt;
  color: #134e4a;
  border-bottom: 2px solid #0f766e;
  padding-bottom: 3px;
  margin: 18px 0 8px 0;
}
.muted { color: #5f6b73; font-size: 8.5pt; margin-top: 6px; }
.label {
  font-size: 7.5pt;
  font-weight: bold;
  text-transform: uppercase;
  letter-spacing: 1px;
  color: #0f766e;
}
.top { display: flex; gap: 24px; margin-bottom: 20px; }
.brand { flex: 1; }
.title-block { flex: 1; }
.meta { width: 100%; }
.meta th { text-align: right; font-weight: normal; color: #5f6b73; padding: 2px 8px 2px 0; }
.meta td { text-align: right; font-weight: bold; padding: 2px 0; width: 45%; }
.parties { display: flex; gap: 24px; background-color: #f0fdfa; padding: 12px; }
.party { flex: 1; }
.items { width: 100%; border-collapse: collapse; }
.items th {
  background-color: #134e4a;
  color: #ffffff;
  font-size: 8pt;
  text-align: left;
  padding: 6px;
}
.items td { padding: 6px; border-bottom: 1px solid #e2e8f0; }
.items tbody tr:nth-child(even) td { background-color: #f8fafc; }
.items .num { text-align: right; }
.items .index { color: #5f6b73; }
.details { color: #5f6b73; font-size: 8.5pt; }
.items tfoot td { border-bottom: none; padding: 4px 6px; }
.items .total-label { text-align: right; color: #5f6b73; }
.items .grand {
  font-size: 11pt;
  font-weight: bold;
  color: #134e4a;
  border-top: 2px solid #134e4a;
  padding-top: 6px;
}
.columns { display: flex; gap: 24px; break-inside: avoid; }
.column { flex: 1; }
.plain { width: 100%; border-collapse: collapse; }
.plain th {
  text-align: left;
  font-size: 8pt;
  color: #5f6b73;
  border-bottom: 1px solid #cbd5e1;
  padding: 4px;
}
.plain td { padding: 4px; border-bottom: 1px solid #f1f5f9; }
.plain .num { text-align: right; }
.terms ol { margin: 0; padding-left: 16px; }
.terms li { margin-bottom: 3px; color: #3b4850; }
.acceptance { break-inside: avoid; }
.signatures { display: flex; gap: 24px; margin-top: 28px; }
.signature { flex: 1; }
.sig-line { border-bottom: 1px solid #1f2a30; }
.sig-caption { font-size: 8pt; color: #5f6b73; }
.page-footer {
  display: flex;
  font-size: 7pt;
  color: #7a868e;
  border-top: 1px solid #e2e8f0;
  padding-top: 5px;
}
.page-footer-left { flex: 4; }
.page-footer-right { flex: 1; text-align: right; }
`;

const footer_html = `<div class="page-footer">
  <div class="page-footer-left">{{ company.name }} · {{ company.registration }} · {{ company.tax_id }} · IBAN {{ company.iban }}</div>
  <div class="page-footer-right">Page {{ page_number }} of {{ page_count }}</div>
</div>`;

export const quote: StarterInput = {
  id: 'quote',
  name: 'Quote',
  description:
    'A detailed sales quotation with line items, discount, VAT, timeline, payment schedule, terms and a signature block for acceptance.',
  tags: ['sales', 'quote', 'proposal'],
  kind: 'document',
  page: { size: 'A4', orientation: 'portrait', margins: { top: 18, right: 18, bottom: 20, left: 18 } },
  html,
  css,
  header_html: '',
  footer_html,
  sample_data: {
    company: {
      name: 'Vireo Digital B.V.',
      short_name: 'Vireo Digital',
      address_lines: ['Keizersgracht 241', '1016 EA Amsterdam', 'The Netherlands'],
      email: 'studio@vireodigital.nl',
      phone: '+31 20 555 0187',
      registration: 'KvK 74218830',
      tax_id: 'BTW NL859912406B01',
      iban: 'NL91 ABNA 0417 1643 00',
    },
    client: {
      name: 'Noordzee Hotels B.V.',
      contact: 'Sanne de Vries, Head of Marketing',
      address_lines: ['Wilhelminakade 88', '3072 AR Rotterdam', 'The Netherlands'],
      email: 'sanne.devries@noordzeehotels.nl',
    },
    quote: {
      number: 'Q-2026-0318',
      issued_on: '2026-03-09',
      valid_until: '2026-04-08',
      currency: 'EUR',
      project: 'Website redesign and direct booking',
      summary:
        'A new multilingual website for the three Noordzee properties, built on a headless CMS with an integrated booking engine to grow direct reservations.',
      prepared_by: { name: 'Daan Kuipers', email: 'daan@vireodigital.nl' },
      discount_label: 'Multi-phase discount',
      discount_rate: 0.05,
      tax_label: 'VAT',
      tax_rate: 0.21,
      items: [
        {
          description: 'Discovery and UX research',
          details: 'Stakeholder workshops, guest interviews, analytics review and sitemap',
          quantity: 1,
          unit: 'package',
          unit_price: 4800,
        },
        {
          description: 'Visual design',
          details: 'Design system and 12 responsive page templates, two revision rounds',
          quantity: 12,
          unit: 'templates',
          unit_price: 650,
        },
        {
          description: 'Front-end and CMS development',
          details: 'Headless CMS setup, NL/EN/DE content model, accessibility to WCAG 2.2 AA',
          quantity: 180,
          unit: 'hours',
          unit_price: 95,
        },
        {
          description: 'Booking engine integration',
          details: 'Availability, rates and checkout connected to the existing PMS',
          quantity: 1,
          unit: 'package',
          unit_price: 6500,
        },
        {
          description: 'Hosting and maintenance',
          details: 'Managed hosting, security updates and 4 support hours per month',
          quantity: 12,
          unit: 'months',
          unit_price: 240,
        },
      ],
      milestones: [
        { name: 'Kick-off and discovery', date: '2026-04-20' },
        { name: 'Design sign-off', date: '2026-05-29' },
        { name: 'Content freeze', date: '2026-06-26' },
        { name: 'Launch', date: '2026-07-15' },
      ],
      payment_schedule: [
        { name: 'On acceptance', share: 0.3 },
        { name: 'On design sign-off', share: 0.4 },
        { name: 'On launch', share: 0.3 },
      ],
      terms: [
        'Prices are in euros and exclude VAT unless stated otherwise.',
        'Invoices are payable within 14 days of the invoice date.',
        'Work outside the scope above is billed at €95 per hour after written approval.',
        'Hosting and maintenance renew annually unless cancelled with 60 days’ notice.',
        'Our general terms and conditions, filed with the Amsterdam Chamber of Commerce, apply.',
      ],
    },
  },
};
