import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { splitTemplate } from '../fidelity/cases';
/**
 * The bench's workloads, shared by `render.bench.ts` and the service's HTTP bench (`service/bench/http.bench.ts`),
 * so that "W1" is the same document wherever it is measured. W1 and W2 name Noto Sans, the renderer's default
 * (bundled, embedded as a subset in each PDF), so that Chromium draws them in the same font rather than in its own
 * default serif; render.bench.ts shows Chromium the bundled files.
 */
import type { RenderOptions } from '../src/types';

const INVOICE_CSS = `
.invoice { font-family: 'Noto Sans', sans-serif; font-size: 10pt; color: #222; }
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

const INVOICE_HTML = `{% assign subtotal = 0 %}
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

export function invoice(): RenderOptions {
  return {
    template: { name: 'Invoice', html: INVOICE_HTML, css: INVOICE_CSS },
    data: {
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
    },
  };
}

// No `body` rule: the converter styles the template's fragment, which has no <body> of its own, so sizes are set
// on the elements (Chromium would honour a body rule and lay out a different number of pages).
const LEDGER_CSS = `
h1, table { font-family: 'Noto Sans', sans-serif; }
h1 { font-size: 14pt; }
table { font-size: 10pt; width: 100%; border-collapse: collapse; }
th { background: #eee; text-align: left; padding: 3px 4px; border-bottom: 1px solid #999; }
td { padding: 3px 4px; border-bottom: 1px solid #ddd; }
.num { text-align: right; }
`;

const LEDGER_HTML = `<h1>Sales ledger, {{ rows.size }} lines</h1>
<table>
  <thead><tr><th>#</th><th>Date</th><th>Customer</th><th>Item</th><th class="num">Qty</th><th class="num">Amount</th></tr></thead>
  <tbody>
  {% for r in rows %}<tr><td>{{ forloop.index }}</td><td>{{ r.date }}</td><td>{{ r.customer }}</td><td>{{ r.item }}</td><td class="num">{{ r.qty }}</td><td class="num">{{ r.amount | money }}</td></tr>
  {% endfor %}</tbody>
</table>`;

/** The ledger with zebra stripes (`tr:nth-child(even)`), the structural selector long reports use most. */
export function zebraLedger(rows: number): RenderOptions {
  const plain = ledger(rows);
  const css = `${plain.template.css ?? ''}.ledger-zebra tbody tr:nth-child(even) td { background: #f4f6f8; }\n`;
  return {
    ...plain,
    template: { ...plain.template, css, html: plain.template.html.replace('<table>', '<table class="ledger-zebra">') },
  };
}

/** A table of `rows` rows and 6 columns, with a repeating header row and "Page N of M" in the footer. */
export function ledger(rows: number): RenderOptions {
  return {
    template: {
      name: 'Ledger',
      html: LEDGER_HTML,
      css: LEDGER_CSS,
      footer_html: '<p style="text-align:right; font-size:8pt">Page {{ page_number }} of {{ page_count }}</p>',
    },
    data: {
      rows: Array.from({ length: rows }, (_, i) => ({
        date: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
        customer: `Customer ${(i * 7919) % 1000}`,
        item: `Item ${i % 97}`,
        qty: (i % 9) + 1,
        amount: ((i * 31) % 500) * 3.25,
      })),
    },
  };
}

/** One page of five short paragraphs in each script; right-to-left scripts in a `dir="rtl"` block. */
export const SCRIPTS: Array<{ script: string; lang: string; rtl: boolean; title: string; paragraphs: string[] }> = [
  {
    script: 'Latin',
    lang: 'en',
    rtl: false,
    title: 'Quarterly report',
    paragraphs: [
      'Revenue grew by 12% compared with the previous quarter, driven by new customers in the north.',
      'Les factures impayées sont rappelées automatiquement après trente jours.',
      'Die Lieferung erfolgt frei Haus; Rücksendungen sind innerhalb von 14 Tagen möglich.',
      'Los pagos con tarjeta se procesan en un plazo de dos días hábiles.',
      'Thank you for your business. Questions? Write to billing@example.com.',
    ],
  },
  {
    script: 'Cyrillic',
    lang: 'ru',
    rtl: false,
    title: 'Квартальный отчёт',
    paragraphs: [
      'Выручка выросла на 12% по сравнению с прошлым кварталом благодаря новым клиентам на севере.',
      'Неоплаченные счета напоминаются автоматически через тридцать дней.',
      'Доставка бесплатная; возврат товара возможен в течение 14 дней.',
      'Оплата картой обрабатывается в течение двух рабочих дней.',
      'Спасибо за сотрудничество! Вопросы направляйте в отдел расчётов.',
    ],
  },
  {
    script: 'Greek',
    lang: 'el',
    rtl: false,
    title: 'Τριμηνιαία αναφορά',
    paragraphs: [
      'Τα έσοδα αυξήθηκαν κατά 12% σε σύγκριση με το προηγούμενο τρίμηνο, χάρη σε νέους πελάτες στον βορρά.',
      'Τα απλήρωτα τιμολόγια υπενθυμίζονται αυτόματα μετά από τριάντα ημέρες.',
      'Η παράδοση είναι δωρεάν· οι επιστροφές γίνονται δεκτές εντός 14 ημερών.',
      'Οι πληρωμές με κάρτα διεκπεραιώνονται μέσα σε δύο εργάσιμες ημέρες.',
      'Σας ευχαριστούμε για τη συνεργασία. Για ερωτήσεις επικοινωνήστε με το λογιστήριο.',
    ],
  },
  {
    script: 'Arabic',
    lang: 'ar',
    rtl: true,
    title: 'التقرير الفصلي',
    paragraphs: [
      'ارتفعت الإيرادات بنسبة 12% مقارنة بالربع السابق بفضل عملاء جدد في الشمال.',
      'يتم التذكير بالفواتير غير المدفوعة تلقائيًا بعد ثلاثين يومًا.',
      'التوصيل مجاني، ويمكن إرجاع المنتجات خلال 14 يومًا.',
      'تتم معالجة المدفوعات بالبطاقة خلال يومي عمل.',
      'شكرًا لتعاملكم معنا. للاستفسارات يرجى التواصل مع قسم الحسابات.',
    ],
  },
  {
    script: 'Hebrew',
    lang: 'he',
    rtl: true,
    title: 'דוח רבעוני',
    paragraphs: [
      'ההכנסות גדלו ב־12% לעומת הרבעון הקודם, בזכות לקוחות חדשים בצפון.',
      'חשבוניות שלא שולמו מקבלות תזכורת אוטומטית לאחר שלושים יום.',
      'המשלוח חינם; ניתן להחזיר מוצרים תוך 14 יום.',
      'תשלומים בכרטיס אשראי מעובדים תוך שני ימי עסקים.',
      'תודה על שיתוף הפעולה. לשאלות אפשר לפנות למחלקת הנהלת החשבונות.',
    ],
  },
];

export function scriptPage(entry: (typeof SCRIPTS)[number]): RenderOptions {
  const dir = entry.rtl ? ' dir="rtl"' : '';
  return {
    template: {
      name: entry.title,
      html: `<div lang="${entry.lang}"${dir}><h1>{{ title }}</h1>{% for p in paragraphs %}<p>{{ p }}</p>{% endfor %}</div>`,
      css: 'div { font-size: 11pt; } h1 { font-size: 18pt; } p { margin: 0 0 8px 0; }',
    },
    data: { title: entry.title, paragraphs: entry.paragraphs },
  };
}

/**
 * W5: a flex-and-grid dashboard (KPI cards in flex rows, a grid of a line chart and a donut, a table), the
 * fidelity corpus's dashboard-finance-svg-charts as it is, on US Letter.
 */
export function dashboard(): RenderOptions {
  const file = fileURLToPath(
    new URL('../fidelity/corpus/dashboards-print/dashboard-finance-svg-charts.html', import.meta.url),
  );
  const { css, html } = splitTemplate(readFileSync(file, 'utf8'));
  return { template: { name: 'Dashboard', html, css, page: { size: 'Letter' } }, data: {} };
}
