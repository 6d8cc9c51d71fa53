import type { StarterInput } from './starter.schema';

const html = `{% assign units_ordered = order.items | sum: "ordered" %}
{% assign units_shipped = order.items | sum: "shipped" %}
{% assign units_backordered = units_ordered | minus: units_shipped %}

<div class="top">
  <div class="brand">
    <svg width="42" height="42" viewBox="0 0 42 42" xmlns="http://www.w3.org/2000/svg">
      <rect x="0" y="0" width="42" height="42" fill="#2f5d3a"/>
      <path d="M21 6 L33 30 L9 30 Z" fill="#a7c4a0"/>
      <path d="M21 14 L29 32 L13 32 Z" fill="#ffffff"/>
      <rect x="19" y="32" width="4" height="5" fill="#ffffff"/>
    </svg>
    <p class="company-name">{{ company.name }}</p>
    <p class="muted">{% for line in company.address_lines %}{{ line }}<br>{% endfor %}{{ company.website }}</p>
  </div>
  <div class="title-block">
    <h1>Packing Slip</h1>
    <div class="barcode">{{ order.number | barcode: "code128", 44 }}</div>
    <p class="order-number">Order {{ order.number }}</p>
  </div>
</div>

<div class="info">
  <div class="info-block">
    <p class="label">Ship to</p>
    <p><strong>{{ shipment.ship_to.name }}</strong><br>
      {% for line in shipment.ship_to.address_lines %}{{ line }}<br>{% endfor %}
      {{ shipment.ship_to.phone }}
    </p>
  </div>
  <div class="info-block">
    <p class="label">Order details</p>
    <table class="details">
      <tbody>
        <tr><th>Order date</th><td>{{ order.placed_on | date: "medium" }}</td></tr>
        <tr><th>Ship date</th><td>{{ shipment.shipped_on | date: "medium" }}</td></tr>
        <tr><th>Customer no.</th><td>{{ order.customer_number }}</td></tr>
        <tr><th>Sales channel</th><td>{{ order.channel }}</td></tr>
      </tbody>
    </table>
  </div>
  <div class="info-block">
    <p class="label">Shipment</p>
    <table class="details">
      <tbody>
        <tr><th>Carrier</th><td>{{ shipment.carrier }} {{ shipment.service }}</td></tr>
        <tr><th>Tracking</th><td>{{ shipment.tracking_number }}</td></tr>
        <tr><th>Package</th><td>{{ shipment.package_index }} of {{ shipment.package_count }}</td></tr>
        <tr><th>Weight</th><td>{{ shipment.weight_lb | number: 1 }} lb</td></tr>
      </tbody>
    </table>
  </div>
</div>

<table class="items">
  <thead>
    <tr>
      <th width="6%" class="center">Packed</th>
      <th width="17%">SKU</th>
      <th width="41%">Description</th>
      <th width="9%">Bin</th>
      <th width="9%" class="num">Ordered</th>
      <th width="9%" class="num">Shipped</th>
      <th width="9%" class="num">Back-ordered</th>
    </tr>
  </thead>
  <tbody>
    {% for item in order.items %}
    {% assign backordered = item.ordered | minus: item.shipped %}
    <tr>
      <td class="center"><svg width="11" height="11" viewBox="0 0 11 11" xmlns="http://www.w3.org/2000/svg"><rect x="0.5" y="0.5" width="10" height="10" fill="#ffffff" stroke="#66735f" stroke-width="1"/></svg></td>
      <td class="sku">{{ item.sku }}</td>
      <td>{{ item.description }}{% if item.variant != blank %}<br><span class="variant">{{ item.variant }}</span>{% endif %}</td>
      <td>{{ item.bin }}</td>
      <td class="num">{{ item.ordered }}</td>
      <td class="num strong">{{ item.shipped }}</td>
      <td class="num {% if backordered > 0 %}alert{% endif %}">{{ backordered }}</td>
    </tr>
    {% endfor %}
  </tbody>
  <tfoot>
    <tr>
      <td colspan="4">{{ order.items | size }} lines</td>
      <td class="num">{{ units_ordered }}</td>
      <td class="num">{{ units_shipped }}</td>
      <td class="num">{{ units_backordered }}</td>
    </tr>
  </tfoot>
</table>

{% if units_backordered > 0 %}
<div class="backorder">
  <strong>{{ units_backordered }} item{% if units_backordered != 1 %}s{% endif %} on back-order.</strong>
  {{ shipment.backorder_note }}
</div>
{% endif %}

{% if order.gift_message != blank %}
<div class="gift">
  <p class="label">Gift message</p>
  <p class="gift-text">“{{ order.gift_message }}”</p>
</div>
{% endif %}

<div class="bottom">
  <div class="returns">
    <h3>Returns and exchanges</h3>
    <p>{{ company.returns_policy }}</p>
    <p>Start a return at <strong>{{ company.returns_url }}</strong> with order number {{ order.number }}.</p>
  </div>
  <div class="check">
    <h3>Warehouse use</h3>
    <table class="signoff">
      <tbody>
        <tr><th>Picked by</th><td>{{ shipment.picked_by }}</td></tr>
        <tr><th>Packed by</th><td>{{ shipment.packed_by }}</td></tr>
        <tr><th>Checked by</th><td></td></tr>
      </tbody>
    </table>
  </div>
</div>
`;

const css = `body {
  font-family: Helvetica, Arial, sans-serif;
  font-size: 9pt;
  line-height: 1.4;
  color: #1f2a22;
}
p { margin: 0 0 3px 0; }
h1 {
  font-size: 20pt;
  text-transform: uppercase;
  letter-spacing: 1px;
  color: #2f5d3a;
  text-align: right;
  margin: 0 0 6px 0;
}
h3 { font-size: 9.5pt; color: #2f5d3a; margin: 0 0 4px 0; }
.muted { color: #66735f; font-size: 8.5pt; }
.label {
  font-size: 7.5pt;
  font-weight: bold;
  text-transform: uppercase;
  letter-spacing: 1px;
  color: #2f5d3a;
  margin-bottom: 4px;
}
.top { display: flex; gap: 24px; margin-bottom: 16px; }
.brand { flex: 1; }
.title-block { flex: 1; text-align: right; }
.company-name { font-size: 13pt; font-weight: bold; margin-top: 6px; }
.barcode { text-align: right; }
.order-number { font-size: 10pt; font-weight: bold; letter-spacing: 1px; }
.info {
  display: flex;
  gap: 16px;
  border-top: 2px solid #2f5d3a;
  border-bottom: 1px solid #d5dccf;
  padding: 10px 0;
  margin-bottom: 16px;
}
.info-block { flex: 1; }
.details { width: 100%; }
.details th { text-align: left; font-weight: normal; color: #66735f; padding: 1px 8px 1px 0; }
.details td { padding: 1px 0; }
.items { width: 100%; border-collapse: collapse; margin-bottom: 12px; }
.items th {
  background-color: #2f5d3a;
  color: #ffffff;
  font-size: 7.5pt;
  text-transform: uppercase;
  text-align: left;
  padding: 6px 5px;
}
.items td { padding: 7px 5px; border-bottom: 1px solid #e3e8df; }
.items tbody tr:nth-child(even) td { background-color: #f6f8f4; }
.items .num { text-align: right; }
.items .center { text-align: center; }
.items .sku { font-size: 8.5pt; color: #44503f; }
.items .strong { font-weight: bold; }
.items .alert { color: #b45309; font-weight: bold; }
.variant { font-size: 8pt; color: #66735f; }
.items tfoot td { font-weight: bold; border-top: 2px solid #2f5d3a; border-bottom: none; }
.backorder {
  background-color: #fff7ed;
  border-left: 3px solid #b45309;
  padding: 8px 10px;
  margin-bottom: 12px;
}
.gift { background-color: #f6f8f4; padding: 8px 10px; margin-bottom: 12px; }
.gift-text { font-style: italic; font-size: 10pt; }
.bottom { display: flex; gap: 24px; margin-top: 8px; break-inside: avoid; }
.returns { flex: 3; color: #44503f; }
.check { flex: 2; }
.signoff { width: 100%; border-collapse: collapse; }
.signoff th { text-align: left; font-weight: normal; color: #66735f; padding: 6px 6px 6px 0; width: 35%; }
.signoff td { border-bottom: 1px solid #9aa596; padding: 6px 0; }
.page-footer { display: flex; font-size: 7.5pt; color: #66735f; border-top: 1px solid #d5dccf; padding-top: 4px; }
.page-footer-left { flex: 3; }
.page-footer-right { flex: 1; text-align: right; }
`;

const footer_html = `<div class="page-footer">
  <div class="page-footer-left">Questions about your order? {{ company.support_email }} · {{ company.support_phone }}</div>
  <div class="page-footer-right">Order {{ order.number }} · Page {{ page_number }} of {{ page_count }}</div>
</div>`;

export const packingSlip: StarterInput = {
  id: 'packing-slip',
  name: 'Packing Slip',
  description:
    'A warehouse packing slip with an order barcode, ship-to and carrier details, picked and back-ordered quantities and a returns note.',
  tags: ['shipping', 'fulfillment', 'warehouse'],
  kind: 'document',
  page: { size: 'Letter', orientation: 'portrait', margins: { top: 16, right: 16, bottom: 18, left: 16 } },
  html,
  css,
  header_html: '',
  footer_html,
  sample_data: {
    company: {
      name: 'Fernwood Supply Co.',
      address_lines: ['220 Riverside Drive, Unit B', 'Asheville, NC 28801'],
      website: 'fernwoodsupply.com',
      support_email: 'help@fernwoodsupply.com',
      support_phone: '+1 (828) 555-0163',
      returns_url: 'fernwoodsupply.com/returns',
      returns_policy:
        'Unused items in their original packaging can be returned within 30 days of delivery for a refund or exchange. Seeds and candles are final sale once opened.',
    },
    order: {
      number: 'FW-238417',
      placed_on: '2026-03-11',
      customer_number: 'C-0091824',
      channel: 'Online store',
      gift_message: 'Happy spring, Mom! Can’t wait to see the herb garden in bloom. Love, Emily',
      items: [
        {
          sku: 'FW-CER-PLT-10',
          description: 'Stoneware planter, 10 in',
          variant: 'Sage glaze',
          bin: 'A-04-2',
          ordered: 2,
          shipped: 2,
        },
        {
          sku: 'FW-LIN-TWL-4',
          description: 'Linen tea towels, set of 4',
          variant: 'Natural',
          bin: 'C-11-1',
          ordered: 1,
          shipped: 1,
        },
        {
          sku: 'FW-TLS-PRN-01',
          description: 'Bypass pruning shears, carbon steel',
          variant: '',
          bin: 'B-02-3',
          ordered: 1,
          shipped: 1,
        },
        {
          sku: 'FW-SED-HRB-12',
          description: 'Heirloom herb seed collection, 12 varieties',
          variant: '',
          bin: 'D-07-1',
          ordered: 1,
          shipped: 1,
        },
        {
          sku: 'FW-CDL-BEE-3',
          description: 'Beeswax pillar candles, set of 3',
          variant: 'Unscented',
          bin: 'C-03-4',
          ordered: 2,
          shipped: 1,
        },
        {
          sku: 'FW-BSK-WIL-L',
          description: 'Handwoven willow basket, large',
          variant: '',
          bin: 'E-01-2',
          ordered: 1,
          shipped: 1,
        },
      ],
    },
    shipment: {
      shipped_on: '2026-03-13',
      carrier: 'UPS',
      service: 'Ground',
      tracking_number: '1Z4F8V390312345678',
      package_index: 1,
      package_count: 1,
      weight_lb: 14.6,
      picked_by: 'J. Alvarez',
      packed_by: 'T. Nguyen',
      backorder_note:
        'The remaining beeswax candle set will ship separately at no extra cost, expected by March 20, 2026.',
      ship_to: {
        name: 'Linda Carter',
        address_lines: ['48 Maple Ridge Drive', 'Burlington, VT 05401'],
        phone: '+1 (802) 555-0118',
      },
    },
  },
};
