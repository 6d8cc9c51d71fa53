import { renderReport } from './src/render';

const html = `<style>body{font-family:sans-serif;font-size:10pt} table{width:100%} th{background:#eee;text-align:left} td,th{padding:4px;border-bottom:1px solid #ddd} .num{text-align:right}</style>
<h1>Invoice {{ number }}</h1><div style="display:flex"><div style="flex:1"><b>Bill to</b><br>{{ customer.name }}<br>{{ customer.street }}<br>{{ customer.city }}</div><div style="flex:1;text-align:right">Date: {{ date | date: "long" }}</div></div>
<table><thead><tr><th>Description</th><th class="num">Qty</th><th class="num">Unit</th><th class="num">Amount</th></tr></thead><tbody>
{% for i in items %}<tr><td>{{ i.d }}</td><td class="num">{{ i.q }}</td><td class="num">{{ i.p | money }}</td><td class="num">{{ i.q | times: i.p | money }}</td></tr>{% endfor %}</tbody></table>
<p style="text-align:right"><b>Total {{ items | sum: "p" | money }}</b></p>`;
const data = {
  number: 'INV-1',
  date: '2026-03-01',
  customer: { name: 'Acme', street: '1 Main St', city: 'Springfield' },
  items: Array.from({ length: 15 }, (_, k) => ({ d: `Service item ${k}`, q: k + 1, p: 10.5 * (k + 1) })),
};
for (let i = 0; i < 10; i++) await renderReport({ template: { html }, data });
const n = 100;
const t = performance.now();
const tm = { template_ms: 0, layout_ms: 0, output_ms: 0 };
for (let i = 0; i < n; i++) {
  const r = await renderReport({ template: { html }, data });
  tm.template_ms += r.timings.template_ms;
  tm.layout_ms += r.timings.layout_ms;
  tm.output_ms += r.timings.output_ms;
}
console.log(
  ((n * 1000) / (performance.now() - t)).toFixed(1),
  'docs/s',
  Object.fromEntries(Object.entries(tm).map(([k, v]) => [k, (v / n).toFixed(2)])),
);
