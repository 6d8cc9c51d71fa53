import type { StarterInput } from './starter.schema';

const html = `{% assign currency = receipt.currency | default: "USD" %}
{% assign subtotal = 0 %}
{% for item in receipt.items %}
  {% assign line_total = item.quantity | times: item.unit_price %}
  {% assign subtotal = subtotal | plus: line_total %}
{% endfor %}
{% assign subtotal = subtotal | round: 2 %}
{% assign shipping = receipt.shipping | default: 0 %}
{% assign taxable = subtotal | plus: shipping %}
{% assign tax = taxable | times: receipt.tax_rate | round: 2 %}
{% assign total = taxable | plus: tax | round: 2 %}

<div class="header">
  <svg width="44" height="44" viewBox="0 0 44 44" xmlns="http://www.w3.org/2000/svg">
    <circle cx="22" cy="22" r="21" fill="#3d2b1f"/>
    <ellipse cx="22" cy="22" rx="8" ry="12" fill="#c89f72"/>
    <path d="M22 11 C19 17 25 27 22 33" stroke="#3d2b1f" stroke-width="2" fill="none"/>
  </svg>
  <p class="company-name">{{ company.name }}</p>
  <p class="muted">{% for line in company.address_lines %}{{ line }}{% unless forloop.last %}, {% endunless %}{% endfor %}</p>
  <p class="muted">{{ company.website }} · {{ company.email }}</p>
</div>

<h1>Payment receipt</h1>
<p class="paid-stamp">PAID · {{ total | money: currency }}</p>

<table class="meta">
  <tbody>
    <tr><th>Receipt no.</th><td>{{ receipt.number }}</td></tr>
    <tr><th>Order no.</th><td>{{ receipt.order_number }}</td></tr>
    <tr><th>Date paid</th><td>{{ receipt.paid_at | date: "%-d %B %Y, %H:%M", company.time_zone }}</td></tr>
    <tr><th>Paid by</th><td>{{ receipt.payment.method }} ending {{ receipt.payment.last4 }}</td></tr>
    <tr><th>Authorisation</th><td>{{ receipt.payment.authorization_code }}</td></tr>
    <tr><th>Customer</th><td>{{ customer.name }} ({{ customer.email }})</td></tr>
  </tbody>
</table>

<table class="items">
  <thead>
    <tr>
      <th width="56%">Item</th>
      <th width="10%" class="num">Qty</th>
      <th width="17%" class="num">Price</th>
      <th width="17%" class="num">Amount</th>
    </tr>
  </thead>
  <tbody>
    {% for item in receipt.items %}
    <tr>
      <td>{{ item.description }}{% if item.sku != blank %}<br><span class="sku">SKU {{ item.sku }}</span>{% endif %}</td>
      <td class="num">{{ item.quantity }}</td>
      <td class="num">{{ item.unit_price | money: currency }}</td>
      <td class="num">{{ item.quantity | times: item.unit_price | money: currency }}</td>
    </tr>
    {% endfor %}
  </tbody>
  <tfoot>
    <tr>
      <td colspan="3" class="total-label">Subtotal</td>
      <td class="num">{{ subtotal | money: currency }}</td>
    </tr>
    {% if shipping > 0 %}
    <tr>
      <td colspan="3" class="total-label">Shipping ({{ receipt.shipping_method }})</td>
      <td class="num">{{ shipping | money: currency }}</td>
    </tr>
    {% endif %}
    <tr>
      <td colspan="3" class="total-label">{{ receipt.tax_label | default: "Tax" }} ({{ receipt.tax_rate | percent }})</td>
      <td class="num">{{ tax | money: currency }}</td>
    </tr>
    <tr class="grand-total">
      <td colspan="3" class="total-label">Total paid</td>
      <td class="num">{{ total | money: currency }}</td>
    </tr>
  </tfoot>
</table>

<div class="verify">
  <div class="verify-text">
    <p><strong>Verify this receipt</strong></p>
    <p class="muted">Scan the code or visit the link below to confirm this payment and download a copy for your records.</p>
    <p class="muted"><a href="{{ receipt.verification_url }}">{{ receipt.verification_url }}</a></p>
  </div>
  <div class="verify-code">{{ receipt.verification_url | qr: 84 }}</div>
</div>

<p class="thanks">Thank you for your order, {{ customer.name | split: " " | first }}!</p>
<p class="small">{{ company.return_policy }}</p>
<p class="small">{{ company.legal_name }} · {{ company.tax_id }} · {{ company.registration }}</p>
`;

const css = `body {
  font-family: Helvetica, Arial, sans-serif;
  font-size: 9.5pt;
  line-height: 1.4;
  color: #2b2119;
}
p { margin: 0 0 3px 0; }
a { color: #7a4f2a; text-decoration: none; }
.header { text-align: center; padding-bottom: 12px; border-bottom: 1px dashed #b8a494; margin-bottom: 16px; }
.company-name { font-size: 14pt; font-weight: bold; margin-top: 4px; }
.muted { color: #7d6b5d; font-size: 8.5pt; }
h1 {
  font-size: 11pt;
  text-transform: uppercase;
  letter-spacing: 2px;
  text-align: center;
  color: #7d6b5d;
  margin: 0 0 6px 0;
}
.paid-stamp {
  text-align: center;
  font-size: 18pt;
  font-weight: bold;
  color: #2f7d4a;
  margin-bottom: 16px;
}
.meta { width: 100%; margin-bottom: 16px; }
.meta th { text-align: left; font-weight: normal; color: #7d6b5d; padding: 2px 0; width: 35%; }
.meta td { text-align: right; padding: 2px 0; }
.items { width: 100%; border-collapse: collapse; margin-bottom: 16px; }
.items th {
  font-size: 8pt;
  text-transform: uppercase;
  letter-spacing: 0.5px;
  color: #7d6b5d;
  text-align: left;
  padding: 6px 4px;
  border-top: 1px dashed #b8a494;
  border-bottom: 1px dashed #b8a494;
}
.items td { padding: 6px 4px; border-bottom: 1px solid #efe7df; }
.items .num { text-align: right; }
.sku { font-size: 7.5pt; color: #9a8878; }
.items tfoot td { border-bottom: none; padding: 3px 4px; }
.items .total-label { text-align: right; color: #7d6b5d; }
.items .grand-total td {
  font-size: 12pt;
  font-weight: bold;
  color: #2b2119;
  border-top: 1px dashed #b8a494;
  padding-top: 6px;
}
.verify {
  display: flex;
  gap: 12px;
  background-color: #f7f2ed;
  padding: 10px;
  margin-bottom: 16px;
  break-inside: avoid;
}
.verify-text { flex: 3; }
.verify-code { flex: 1; text-align: right; }
.thanks { text-align: center; font-size: 11pt; font-weight: bold; margin: 8px 0; }
.small { text-align: center; font-size: 7.5pt; color: #9a8878; }
`;

export const receipt: StarterInput = {
  id: 'receipt',
  name: 'Receipt',
  description: 'A compact payment receipt with card details, VAT breakdown and a QR code that verifies the payment.',
  tags: ['finance', 'payments', 'receipt'],
  kind: 'document',
  page: { size: 'A4', orientation: 'portrait', margins: { top: 18, right: 40, bottom: 18, left: 40 } },
  html,
  css,
  header_html: '',
  footer_html: '',
  sample_data: {
    company: {
      name: 'Harbour & Pine Coffee Roasters',
      legal_name: 'Harbour & Pine Coffee Roasters Ltd',
      address_lines: ['14 Wapping Wharf', 'Bristol BS1 4RN', 'United Kingdom'],
      website: 'harbourandpine.co.uk',
      email: 'hello@harbourandpine.co.uk',
      tax_id: 'VAT GB 284 1937 56',
      registration: 'Registered in England & Wales no. 11873402',
      time_zone: 'Europe/London',
      return_policy:
        'Unused equipment may be returned within 30 days for a full refund. Workshop bookings can be moved free of charge up to 48 hours before the session.',
    },
    customer: {
      name: 'Oliver Bennett',
      email: 'oliver.bennett@example.co.uk',
    },
    receipt: {
      number: 'R-104823',
      order_number: 'HP-58214',
      paid_at: '2026-03-14T10:42:00Z',
      currency: 'GBP',
      tax_label: 'VAT',
      tax_rate: 0.2,
      shipping: 4.95,
      shipping_method: 'Royal Mail Tracked 48',
      payment: {
        method: 'Visa',
        last4: '4242',
        authorization_code: 'A81K4Q',
      },
      verification_url: 'https://harbourandpine.co.uk/receipts/R-104823?v=7f3a9c21',
      items: [
        { sku: 'EQ-GRD-210', description: 'Conical burr grinder, matte black', quantity: 1, unit_price: 189 },
        { sku: 'EQ-PTC-600', description: 'Stainless milk pitcher, 600 ml', quantity: 2, unit_price: 14.5 },
        {
          sku: 'CL-DSC-003',
          description: 'Espresso machine descaling tablets (3-pack)',
          quantity: 3,
          unit_price: 8.95,
        },
        { sku: 'WS-HB-2H', description: 'Home barista workshop, 2 hours (Sat 28 March)', quantity: 1, unit_price: 65 },
      ],
    },
  },
};
