import type { StarterInput } from './starter.schema';

const html = `{% assign currency = po.currency | default: "USD" %}
{% assign subtotal = 0 %}
{% for item in po.items %}
  {% assign line_total = item.quantity | times: item.unit_price %}
  {% assign subtotal = subtotal | plus: line_total %}
{% endfor %}
{% assign subtotal = subtotal | round: 2 %}
{% assign tax_rate = po.tax_rate | default: 0 %}
{% assign tax = subtotal | times: tax_rate | round: 2 %}
{% assign shipping = po.shipping | default: 0 %}
{% assign total = subtotal | plus: tax | plus: shipping | round: 2 %}

<div class="top">
  <div class="brand">
    <svg width="40" height="40" viewBox="0 0 40 40" xmlns="http://www.w3.org/2000/svg">
      <circle cx="20" cy="20" r="19" fill="#b45309"/>
      <path d="M9 26 L15 14 L20 22 L25 12 L31 26 Z" fill="#ffffff"/>
    </svg>
    <p class="company-name">{{ buyer.name }}</p>
    <p class="muted">{% for line in buyer.address_lines %}{{ line }}<br>{% endfor %}{{ buyer.phone }}</p>
  </div>
  <div class="title-block">
    <h1>Purchase Order</h1>
    <table class="meta">
      <tbody>
        <tr><th>PO number</th><td>{{ po.number }}</td></tr>
        <tr><th>Order date</th><td>{{ po.issued_on | date: "%m/%d/%Y" }}</td></tr>
        <tr><th>Deliver by</th><td>{{ po.deliver_by | date: "%m/%d/%Y" }}</td></tr>
        <tr><th>Vendor no.</th><td>{{ vendor.vendor_number }}</td></tr>
      </tbody>
    </table>
  </div>
</div>

<div class="addresses">
  <div class="address">
    <p class="label">Vendor</p>
    <p><strong>{{ vendor.name }}</strong><br>
      {% for line in vendor.address_lines %}{{ line }}<br>{% endfor %}
      {{ vendor.contact }} · {{ vendor.email }}
    </p>
  </div>
  <div class="address">
    <p class="label">Ship to</p>
    <p><strong>{{ ship_to.name }}</strong><br>
      {% for line in ship_to.address_lines %}{{ line }}<br>{% endfor %}
      Receiving hours: {{ ship_to.receiving_hours }}
    </p>
  </div>
  <div class="address">
    <p class="label">Bill to</p>
    <p><strong>{{ buyer.name }}</strong><br>
      Accounts Payable<br>
      {{ buyer.ap_email }}
    </p>
  </div>
</div>

<table class="terms-strip">
  <thead>
    <tr>
      <th>Requisitioner</th>
      <th>Buyer</th>
      <th>Ship via</th>
      <th>Freight terms</th>
      <th>Payment terms</th>
    </tr>
  </thead>
  <tbody>
    <tr>
      <td>{{ po.requisitioner }}</td>
      <td>{{ po.buyer_name }}</td>
      <td>{{ po.ship_via }}</td>
      <td>{{ po.freight_terms }}</td>
      <td>{{ po.payment_terms }}</td>
    </tr>
  </tbody>
</table>

<table class="items">
  <thead>
    <tr>
      <th width="5%">Line</th>
      <th width="14%">Item no.</th>
      <th width="39%">Description</th>
      <th width="10%" class="num">Qty</th>
      <th width="7%">Unit</th>
      <th width="11%" class="num">Unit price</th>
      <th width="14%" class="num">Amount</th>
    </tr>
  </thead>
  <tbody>
    {% for item in po.items %}
    <tr>
      <td>{{ forloop.index }}</td>
      <td class="sku">{{ item.sku }}</td>
      <td>{{ item.description }}</td>
      <td class="num">{{ item.quantity | number }}</td>
      <td>{{ item.unit }}</td>
      <td class="num">{{ item.unit_price | money: currency }}</td>
      <td class="num">{{ item.quantity | times: item.unit_price | money: currency }}</td>
    </tr>
    {% endfor %}
  </tbody>
  <tfoot>
    <tr>
      <td colspan="5" rowspan="4" class="instructions">
        <p class="label">Special instructions</p>
        <p>{{ po.instructions }}</p>
      </td>
      <td class="total-label">Subtotal</td>
      <td class="num">{{ subtotal | money: currency }}</td>
    </tr>
    <tr>
      <td class="total-label">Sales tax</td>
      <td class="num">{% if tax_rate > 0 %}{{ tax | money: currency }}{% else %}Exempt{% endif %}</td>
    </tr>
    <tr>
      <td class="total-label">Freight</td>
      <td class="num">{{ shipping | money: currency }}</td>
    </tr>
    <tr>
      <td class="total-label grand">Total</td>
      <td class="num grand">{{ total | money: currency }}</td>
    </tr>
  </tfoot>
</table>

{% if tax_rate == 0 and po.tax_exemption != blank %}<p class="note">{{ po.tax_exemption }}</p>{% endif %}

<div class="conditions">
  <h3>Terms and conditions</h3>
  <ol>
    {% for condition in po.conditions %}<li>{{ condition }}</li>{% endfor %}
  </ol>
</div>

<div class="approval">
  <div class="approval-block">
    <p class="sig-line">{{ po.approved_by.name }}</p>
    <p class="sig-caption">Authorized by: {{ po.approved_by.title }}</p>
  </div>
  <div class="approval-block">
    <p class="sig-line">{{ po.approved_by.approved_on | date: "%m/%d/%Y" }}</p>
    <p class="sig-caption">Date approved</p>
  </div>
  <div class="approval-block">
    <p class="sig-line">&nbsp;</p>
    <p class="sig-caption">Vendor acknowledgement (signature and date)</p>
  </div>
</div>
`;

const css = `body {
  font-family: Helvetica, Arial, sans-serif;
  font-size: 9pt;
  line-height: 1.4;
  color: #1c1917;
}
p { margin: 0 0 3px 0; }
h1 {
  font-size: 22pt;
  color: #92400e;
  text-align: right;
  text-transform: uppercase;
  margin: 0 0 8px 0;
}
h3 { font-size: 10pt; color: #92400e; margin: 0 0 4px 0; }
.muted { color: #78716c; font-size: 8.5pt; }
.label {
  font-size: 7.5pt;
  font-weight: bold;
  text-transform: uppercase;
  letter-spacing: 1px;
  color: #92400e;
  margin-bottom: 3px;
}
.top { display: flex; gap: 24px; margin-bottom: 16px; }
.brand { flex: 1; }
.title-block { flex: 1; }
.company-name { font-size: 13pt; font-weight: bold; margin-top: 6px; }
.meta { width: 100%; }
.meta th { text-align: right; font-weight: normal; color: #78716c; padding: 2px 8px 2px 0; }
.meta td { text-align: right; font-weight: bold; padding: 2px 0; width: 40%; }
.addresses { display: flex; gap: 16px; margin-bottom: 14px; }
.address { flex: 1; border-top: 3px solid #b45309; padding-top: 6px; }
.terms-strip { width: 100%; border-collapse: collapse; margin-bottom: 14px; }
.terms-strip th {
  background-color: #fef3c7;
  font-size: 7.5pt;
  text-transform: uppercase;
  text-align: left;
  color: #78350f;
  padding: 5px 6px;
  border: 1px solid #e7e5e4;
}
.terms-strip td { padding: 5px 6px; border: 1px solid #e7e5e4; }
.items { width: 100%; border-collapse: collapse; margin-bottom: 8px; }
.items th {
  background-color: #292524;
  color: #ffffff;
  font-size: 7.5pt;
  text-transform: uppercase;
  text-align: left;
  padding: 6px 5px;
}
.items td { padding: 5px; border-bottom: 1px solid #e7e5e4; }
.items tbody tr:nth-child(even) td { background-color: #fafaf9; }
.items .num { text-align: right; }
.items .sku { font-size: 8.5pt; color: #44403c; }
.items tfoot td { border-bottom: none; padding: 4px 5px; }
.items .instructions { padding: 8px 12px 4px 0; color: #44403c; }
.items .total-label { text-align: right; color: #78716c; }
.items .grand {
  font-weight: bold;
  font-size: 11pt;
  color: #1c1917;
  border-top: 2px solid #292524;
}
.note { font-size: 8pt; color: #78716c; font-style: italic; margin-bottom: 10px; }
.conditions { margin-top: 12px; break-inside: avoid; }
.conditions ol { margin: 0; padding-left: 16px; }
.conditions li { font-size: 8pt; color: #44403c; margin-bottom: 2px; }
.approval { display: flex; gap: 24px; margin-top: 28px; break-inside: avoid; }
.approval-block { flex: 1; }
.sig-line { border-bottom: 1px solid #1c1917; padding-bottom: 2px; font-weight: bold; }
.sig-caption { font-size: 8pt; color: #78716c; }
.page-footer {
  display: flex;
  font-size: 7.5pt;
  color: #78716c;
  border-top: 1px solid #e7e5e4;
  padding-top: 5px;
}
.page-footer-left { flex: 4; }
.page-footer-right { flex: 1; text-align: right; }
`;

const footer_html = `<div class="page-footer">
  <div class="page-footer-left">{{ po.number }} · This PO number must appear on all invoices, packing lists, bills of lading and correspondence.</div>
  <div class="page-footer-right">Page {{ page_number }} of {{ page_count }}</div>
</div>`;

export const purchaseOrder: StarterInput = {
  id: 'purchase-order',
  name: 'Purchase Order',
  description:
    'A purchase order to a supplier with vendor and ship-to details, line items, freight, terms and conditions and an approval block.',
  tags: ['procurement', 'purchasing', 'operations'],
  kind: 'document',
  page: { size: 'Letter', orientation: 'portrait', margins: { top: 16, right: 16, bottom: 20, left: 16 } },
  html,
  css,
  header_html: '',
  footer_html,
  sample_data: {
    buyer: {
      name: 'Meridian Foods Inc.',
      address_lines: ['500 Industrial Parkway', 'Columbus, OH 43228'],
      phone: '+1 (614) 555-0190',
      ap_email: 'ap@meridianfoods.com',
    },
    vendor: {
      name: 'Allied Packaging Supply Co.',
      vendor_number: 'V-10382',
      address_lines: ['7800 Commerce Drive', 'Indianapolis, IN 46268'],
      contact: 'Derek Holloway',
      email: 'orders@alliedpackaging.com',
    },
    ship_to: {
      name: 'Meridian Foods — Plant 2',
      address_lines: ['1250 Harmon Avenue, Dock 4', 'Columbus, OH 43223'],
      receiving_hours: 'Mon–Fri, 7:00–15:00',
    },
    po: {
      number: 'PO-2026-00487',
      issued_on: '2026-03-10',
      deliver_by: '2026-03-24',
      currency: 'USD',
      requisitioner: 'Luis Ortega, Plant 2',
      buyer_name: 'Karen Whitfield',
      ship_via: 'LTL freight',
      freight_terms: 'FOB Destination',
      payment_terms: 'Net 45',
      tax_rate: 0,
      tax_exemption:
        'Meridian Foods Inc. is exempt from Ohio sales tax on packaging used in manufacturing (exemption certificate STEC B on file with vendor).',
      shipping: 385,
      instructions:
        'Deliver palletised and shrink-wrapped, no more than 12 pallets per truck. Call receiving at (614) 555-0177 24 hours before arrival.',
      items: [
        {
          sku: 'CB-181210-200',
          description: 'Corrugated shipping box, 18 × 12 × 10 in, 200 lb test',
          quantity: 2500,
          unit: 'ea',
          unit_price: 0.86,
        },
        {
          sku: 'TP-48100-CL',
          description: 'Carton sealing tape, 48 mm × 100 m, clear',
          quantity: 240,
          unit: 'roll',
          unit_price: 2.35,
        },
        {
          sku: 'SW-181500-80',
          description: 'Stretch wrap, 18 in × 1,500 ft, 80 gauge',
          quantity: 48,
          unit: 'roll',
          unit_price: 21.9,
        },
        {
          sku: 'PL-4840-HT',
          description: 'Wood pallet, 48 × 40 in, heat-treated (ISPM 15)',
          quantity: 120,
          unit: 'ea',
          unit_price: 11.75,
        },
        {
          sku: 'LB-46DT-500',
          description: 'Direct thermal shipping labels, 4 × 6 in, 500 per roll',
          quantity: 60,
          unit: 'roll',
          unit_price: 14.2,
        },
      ],
      conditions: [
        'Acknowledge this order within 2 business days, confirming prices and delivery date.',
        'Goods must match the specifications above; substitutions require written approval from the buyer.',
        'Partial shipments are accepted only when agreed in advance. Back-ordered items must be listed on the packing list.',
        'Invoices are paid Net 45 from receipt of goods or invoice, whichever is later.',
        'Goods that are damaged or do not conform may be returned at the vendor’s expense.',
      ],
      approved_by: {
        name: 'Karen Whitfield',
        title: 'Purchasing Manager',
        approved_on: '2026-03-10',
      },
    },
  },
};
