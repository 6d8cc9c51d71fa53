import type { StarterInput } from './starter.schema';

const html = `<mjml>
  <mj-head>
    <mj-title>Order {{ order.number }} confirmed</mj-title>
    <mj-preview>Thanks for your order, {{ customer.first_name }}! Order {{ order.number }} is being prepared.</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="14px" line-height="22px" color="#1f2a22" padding="6px 24px" />
      <mj-table font-size="14px" line-height="20px" color="#1f2a22" padding="6px 24px" />
      <mj-section background-color="#ffffff" padding="0px" />
      <mj-divider border-color="#e3e8df" border-width="1px" padding="12px 24px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f5f1" width="600px">
    <mj-raw>
      {% assign currency = order.currency | default: "USD" %}
      {% assign subtotal = 0 %}
      {% assign item_count = 0 %}
      {% for item in order.items %}
        {% assign line_total = item.quantity | times: item.unit_price %}
        {% assign subtotal = subtotal | plus: line_total %}
        {% assign item_count = item_count | plus: item.quantity %}
      {% endfor %}
      {% assign subtotal = subtotal | round: 2 %}
      {% assign discount = subtotal | times: order.discount_rate | round: 2 %}
      {% assign taxable = subtotal | minus: discount | plus: order.shipping %}
      {% assign tax = taxable | times: order.tax_rate | round: 2 %}
      {% assign total = taxable | plus: tax | round: 2 %}
    </mj-raw>

    <mj-section background-color="#2f5d3a" padding="20px 0px">
      <mj-column>
        <mj-text align="center" color="#ffffff" font-size="20px" font-weight="bold" letter-spacing="1px">{{ store.name }}</mj-text>
      </mj-column>
    </mj-section>

    <mj-section padding="28px 0px 8px 0px">
      <mj-column>
        <mj-text font-size="24px" line-height="30px" font-weight="bold">Thanks for your order, {{ customer.first_name }}!</mj-text>
        <mj-text>We have received order <strong>{{ order.number }}</strong>, placed on {{ order.placed_on | date: "long" }}, and our team is getting it ready. We will email you again as soon as it ships.</mj-text>
        <mj-button href="{{ order.tracking_url }}" background-color="#2f5d3a" color="#ffffff" font-size="15px" font-weight="bold" inner-padding="12px 28px" padding="16px 24px" align="left">Track your order</mj-button>
      </mj-column>
    </mj-section>

    <mj-section>
      <mj-column>
        <mj-divider />
        <mj-text font-size="16px" font-weight="bold">Order summary · {{ item_count }} item{% if item_count != 1 %}s{% endif %}</mj-text>
        <mj-table>
          <tr style="border-bottom:1px solid #e3e8df;text-align:left;">
            <th style="padding:6px 0;color:#66735f;font-size:12px;">Item</th>
            <th style="padding:6px 0;color:#66735f;font-size:12px;text-align:center;">Qty</th>
            <th style="padding:6px 0;color:#66735f;font-size:12px;text-align:right;">Price</th>
          </tr>
          {% for item in order.items %}
          <tr style="border-bottom:1px solid #f0f3ee;">
            <td style="padding:8px 0;">{{ item.name }}{% if item.variant != blank %}<br><span style="color:#66735f;font-size:12px;">{{ item.variant }}</span>{% endif %}</td>
            <td style="padding:8px 0;text-align:center;">{{ item.quantity }}</td>
            <td style="padding:8px 0;text-align:right;">{{ item.quantity | times: item.unit_price | money: currency }}</td>
          </tr>
          {% endfor %}
        </mj-table>
        <mj-table>
          <tr>
            <td style="padding:3px 0;color:#66735f;">Subtotal</td>
            <td style="padding:3px 0;text-align:right;">{{ subtotal | money: currency }}</td>
          </tr>
          {% if discount > 0 %}
          <tr>
            <td style="padding:3px 0;color:#66735f;">Discount ({{ order.discount_code }})</td>
            <td style="padding:3px 0;text-align:right;color:#2f7d4a;">{{ discount | times: -1 | money: currency }}</td>
          </tr>
          {% endif %}
          <tr>
            <td style="padding:3px 0;color:#66735f;">Shipping ({{ order.shipping_method }})</td>
            <td style="padding:3px 0;text-align:right;">{% if order.shipping > 0 %}{{ order.shipping | money: currency }}{% else %}Free{% endif %}</td>
          </tr>
          <tr>
            <td style="padding:3px 0;color:#66735f;">Sales tax ({{ order.tax_rate | percent }})</td>
            <td style="padding:3px 0;text-align:right;">{{ tax | money: currency }}</td>
          </tr>
          <tr style="border-top:2px solid #2f5d3a;">
            <td style="padding:8px 0;font-size:16px;font-weight:bold;">Total</td>
            <td style="padding:8px 0;font-size:16px;font-weight:bold;text-align:right;">{{ total | money: currency }}</td>
          </tr>
        </mj-table>
        <mj-text font-size="12px" color="#66735f">Charged to {{ order.payment_method }}.</mj-text>
        <mj-divider />
      </mj-column>
    </mj-section>

    <mj-section padding="0px 0px 20px 0px">
      <mj-column>
        <mj-text font-size="12px" font-weight="bold" color="#2f5d3a" text-transform="uppercase" letter-spacing="1px">Shipping to</mj-text>
        <mj-text>{{ shipping_address.name }}<br>{% for line in shipping_address.lines %}{{ line }}<br>{% endfor %}{{ shipping_address.country }}</mj-text>
      </mj-column>
      <mj-column>
        <mj-text font-size="12px" font-weight="bold" color="#2f5d3a" text-transform="uppercase" letter-spacing="1px">Delivery</mj-text>
        <mj-text>{{ order.shipping_method }}<br>Estimated arrival: <strong>{{ order.estimated_delivery_from | date: "%b %-d" }}–{{ order.estimated_delivery_to | date: "%b %-d" }}</strong></mj-text>
      </mj-column>
    </mj-section>

    <mj-section background-color="#f3f5f1" padding="20px 0px">
      <mj-column>
        <mj-text align="center" font-size="12px" line-height="18px" color="#66735f">Questions about your order? Reply to this email or contact <a href="mailto:{{ store.support_email }}" style="color:#2f5d3a;">{{ store.support_email }}</a>.<br>Returns are free within {{ store.return_days }} days of delivery.</mj-text>
        <mj-text align="center" font-size="11px" line-height="16px" color="#8a9585">{{ store.name }} · {{ store.address }}<br>You are receiving this email because you placed an order at {{ store.website }}.</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`;

export const orderConfirmation: StarterInput = {
  id: 'order-confirmation',
  name: 'Order Confirmation',
  description:
    'A responsive order confirmation email with the ordered items, discount, tax and total, the shipping address and a Track your order button.',
  tags: ['email', 'ecommerce', 'orders'],
  kind: 'email',
  page: { size: 'A4', orientation: 'portrait', margins: { top: 10, right: 10, bottom: 10, left: 10 } },
  html,
  css: '',
  header_html: '',
  footer_html: '',
  sample_data: {
    store: {
      name: 'Fernwood Supply Co.',
      website: 'fernwoodsupply.com',
      support_email: 'help@fernwoodsupply.com',
      address: '220 Riverside Drive, Unit B, Asheville, NC 28801',
      return_days: 30,
    },
    customer: {
      first_name: 'Emily',
      name: 'Emily Carter',
      email: 'emily.carter@example.com',
    },
    order: {
      number: 'FW-238417',
      placed_on: '2026-03-11',
      currency: 'USD',
      discount_code: 'SPRING10',
      discount_rate: 0.1,
      shipping: 0,
      shipping_method: 'UPS Ground',
      tax_rate: 0.06,
      payment_method: 'Visa ending 4242',
      estimated_delivery_from: '2026-03-16',
      estimated_delivery_to: '2026-03-18',
      tracking_url: 'https://fernwoodsupply.com/orders/FW-238417/track',
      items: [
        { name: 'Stoneware planter, 10 in', variant: 'Sage glaze', quantity: 2, unit_price: 34 },
        { name: 'Linen tea towels, set of 4', variant: 'Natural', quantity: 1, unit_price: 28 },
        { name: 'Bypass pruning shears, carbon steel', variant: '', quantity: 1, unit_price: 42 },
        { name: 'Heirloom herb seed collection, 12 varieties', variant: '', quantity: 1, unit_price: 24 },
        { name: 'Beeswax pillar candles, set of 3', variant: 'Unscented', quantity: 2, unit_price: 19.5 },
        { name: 'Handwoven willow basket, large', variant: '', quantity: 1, unit_price: 58 },
      ],
    },
    shipping_address: {
      name: 'Linda Carter',
      lines: ['48 Maple Ridge Drive', 'Burlington, VT 05401'],
      country: 'United States',
    },
  },
};
