import type { StarterInput } from './starter.schema';

const html = `{% assign currency = report.currency | default: "USD" %}
{% assign total_revenue = reps | sum: "revenue" %}
{% assign total_target = reps | sum: "target" %}
{% assign total_orders = reps | sum: "orders" %}
{% assign total_units = reps | sum: "units" %}
{% assign total_new_customers = reps | sum: "new_customers" %}
{% assign avg_revenue_per_rep = reps | avg: "revenue" %}
{% assign avg_orders_per_rep = reps | avg: "orders" %}
{% assign average_order_value = total_revenue | divided_by: total_orders %}
{% assign attainment = total_revenue | divided_by: total_target %}
{% assign change = total_revenue | minus: report.previous_month_revenue | divided_by: report.previous_month_revenue %}
{% assign best_deal = reps | max: "largest_deal" %}
{% assign ranked = reps | sort_by: "revenue", "desc" %}
{% assign regions = reps | group_by: "region" %}
{% assign reps_at_target = 0 %}
{% for rep in reps %}
  {% if rep.revenue >= rep.target %}{% assign reps_at_target = reps_at_target | plus: 1 %}{% endif %}
{% endfor %}

<h1>{{ report.title }}</h1>
<p class="subtitle">{{ report.month | date: "%B %Y" }} · Prepared by {{ report.prepared_by }} on {{ report.prepared_on | date: "long" }}</p>

<div class="kpis">
  <div class="kpi">
    <p class="kpi-label">Revenue</p>
    <p class="kpi-value">{{ total_revenue | money: currency }}</p>
    <p class="kpi-note {% if change < 0 %}down{% else %}up{% endif %}">{% if change >= 0 %}+{% endif %}{{ change | percent: 1 }} vs. previous month</p>
  </div>
  <div class="kpi">
    <p class="kpi-label">Target attainment</p>
    <p class="kpi-value">{{ attainment | percent: 1 }}</p>
    <p class="kpi-note">of {{ total_target | money: currency }} target</p>
  </div>
  <div class="kpi">
    <p class="kpi-label">Orders</p>
    <p class="kpi-value">{{ total_orders | number }}</p>
    <p class="kpi-note">{{ total_units | number }} units shipped</p>
  </div>
  <div class="kpi">
    <p class="kpi-label">Average order value</p>
    <p class="kpi-value">{{ average_order_value | money: currency }}</p>
    <p class="kpi-note">{{ total_new_customers }} new customers</p>
  </div>
</div>

<h2>Performance by sales representative</h2>
<table class="sales">
  <thead>
    <tr>
      <th width="24%">Representative</th>
      <th width="10%" class="num">Orders</th>
      <th width="10%" class="num">Units</th>
      <th width="18%" class="num">Revenue</th>
      <th width="18%" class="num">Target</th>
      <th width="10%" class="num">Attainment</th>
      <th width="10%" class="num">New cust.</th>
    </tr>
  </thead>
  <tbody>
    {% for region in regions %}
    {% assign region_revenue = region.items | sum: "revenue" %}
    {% assign region_target = region.items | sum: "target" %}
    <tr class="region-row">
      <td colspan="7">{{ region.name }} · {{ region.size }} representatives</td>
    </tr>
    {% for rep in region.items %}
    {% assign rep_attainment = rep.revenue | divided_by: rep.target %}
    <tr>
      <td>{{ rep.name }}</td>
      <td class="num">{{ rep.orders | number }}</td>
      <td class="num">{{ rep.units | number }}</td>
      <td class="num">{{ rep.revenue | money: currency }}</td>
      <td class="num">{{ rep.target | money: currency }}</td>
      <td class="num {% if rep_attainment < 1 %}below{% else %}above{% endif %}">{{ rep_attainment | percent: 1 }}</td>
      <td class="num">{{ rep.new_customers }}</td>
    </tr>
    {% endfor %}
    <tr class="subtotal-row">
      <td>{{ region.name }} subtotal</td>
      <td class="num">{{ region.items | sum: "orders" | number }}</td>
      <td class="num">{{ region.items | sum: "units" | number }}</td>
      <td class="num">{{ region_revenue | money: currency }}</td>
      <td class="num">{{ region_target | money: currency }}</td>
      <td class="num">{{ region_revenue | divided_by: region_target | percent: 1 }}</td>
      <td class="num">{{ region.items | sum: "new_customers" }}</td>
    </tr>
    {% endfor %}
  </tbody>
  <tfoot>
    <tr>
      <td>Total</td>
      <td class="num">{{ total_orders | number }}</td>
      <td class="num">{{ total_units | number }}</td>
      <td class="num">{{ total_revenue | money: currency }}</td>
      <td class="num">{{ total_target | money: currency }}</td>
      <td class="num">{{ attainment | percent: 1 }}</td>
      <td class="num">{{ total_new_customers }}</td>
    </tr>
  </tfoot>
</table>

<div class="summary">
  <div class="summary-block">
    <h2>Summary</h2>
    <table class="figures">
      <tbody>
        <tr><th>Total revenue</th><td>{{ total_revenue | money: currency }}</td></tr>
        <tr><th>Previous month</th><td>{{ report.previous_month_revenue | money: currency }}</td></tr>
        <tr><th>Month-over-month change</th><td>{{ change | percent: 1 }}</td></tr>
        <tr><th>Average revenue per representative</th><td>{{ avg_revenue_per_rep | money: currency }}</td></tr>
        <tr><th>Average orders per representative</th><td>{{ avg_orders_per_rep | number: 1 }}</td></tr>
        <tr><th>Average order value</th><td>{{ average_order_value | money: currency }}</td></tr>
        <tr><th>Largest single deal</th><td>{{ best_deal | money: currency }}</td></tr>
        <tr><th>Representatives at or above target</th><td>{{ reps_at_target }} of {{ reps | size }}</td></tr>
      </tbody>
    </table>
  </div>
  <div class="summary-block">
    <h2>Top performers</h2>
    <ol class="leaders">
      {% for rep in ranked limit: 3 %}
      <li><strong>{{ rep.name }}</strong>, {{ rep.region }}: {{ rep.revenue | money: currency }} ({{ rep.revenue | divided_by: rep.target | percent: 0 }} of target)</li>
      {% endfor %}
    </ol>
    <h2>Highlights</h2>
    <ul class="highlights">
      {% for note in report.highlights %}<li>{{ note }}</li>{% endfor %}
    </ul>
  </div>
</div>
`;

const css = `body {
  font-family: Helvetica, Arial, sans-serif;
  font-size: 9pt;
  line-height: 1.4;
  color: #1e293b;
}
p { margin: 0; }
h1 { font-size: 20pt; color: #0f172a; margin: 0 0 2px 0; }
h2 {
  font-size: 11pt;
  color: #1d4ed8;
  margin: 18px 0 8px 0;
  padding-bottom: 3px;
  border-bottom: 1px solid #cbd5e1;
}
.subtitle { color: #64748b; margin-bottom: 14px; }
.kpis { display: flex; gap: 10px; }
.kpi {
  flex: 1;
  background-color: #eff6ff;
  border-top: 3px solid #1d4ed8;
  padding: 8px 10px;
}
.kpi-label {
  font-size: 7.5pt;
  text-transform: uppercase;
  letter-spacing: 0.5px;
  color: #475569;
}
.kpi-value { font-size: 15pt; font-weight: bold; color: #0f172a; margin: 2px 0; }
.kpi-note { font-size: 7.5pt; color: #64748b; }
.up { color: #15803d; }
.down { color: #b91c1c; }
.sales { width: 100%; border-collapse: collapse; }
.sales th {
  background-color: #1e293b;
  color: #ffffff;
  font-size: 7.5pt;
  text-transform: uppercase;
  text-align: left;
  padding: 6px 5px;
}
.sales td { padding: 4px 5px; border-bottom: 1px solid #e2e8f0; }
.sales .num { text-align: right; }
.sales .region-row td {
  background-color: #f1f5f9;
  font-weight: bold;
  color: #1d4ed8;
  padding-top: 6px;
}
.sales .subtotal-row td { font-weight: bold; border-bottom: 1px solid #94a3b8; }
.sales .below { color: #b91c1c; }
.sales .above { color: #15803d; }
.sales tfoot td {
  font-weight: bold;
  background-color: #dbeafe;
  border-top: 2px solid #1e293b;
  padding: 6px 5px;
}
.summary { display: flex; gap: 24px; break-inside: avoid; }
.summary-block { flex: 1; }
.figures { width: 100%; border-collapse: collapse; }
.figures th { text-align: left; font-weight: normal; color: #475569; padding: 3px 0; border-bottom: 1px solid #f1f5f9; }
.figures td { text-align: right; font-weight: bold; padding: 3px 0; border-bottom: 1px solid #f1f5f9; }
.leaders { margin: 0; padding-left: 16px; }
.leaders li { margin-bottom: 3px; }
.highlights { margin: 0; padding-left: 14px; }
.highlights li { margin-bottom: 3px; color: #334155; }
.page-header {
  display: flex;
  font-size: 7.5pt;
  color: #64748b;
  border-bottom: 1px solid #e2e8f0;
  padding-bottom: 4px;
}
.page-header-left { flex: 1; font-weight: bold; color: #1e293b; }
.page-header-right { flex: 1; text-align: right; }
.page-footer { display: flex; font-size: 7.5pt; color: #64748b; }
.page-footer-left { flex: 1; }
.page-footer-right { flex: 1; text-align: right; }
`;

const header_html = `<div class="page-header">
  <div class="page-header-left">{{ report.company }}</div>
  <div class="page-header-right">{{ report.title }} · {{ report.month | date: "%B %Y" }}</div>
</div>`;

const footer_html = `<div class="page-footer">
  <div class="page-footer-left">Confidential · for internal use only</div>
  <div class="page-footer-right">Page {{ page_number }} of {{ page_count }}</div>
</div>`;

export const monthlySalesReport: StarterInput = {
  id: 'monthly-sales-report',
  name: 'Monthly Sales Report',
  description:
    'A monthly sales performance report with headline KPIs, a per-representative table grouped by region with subtotals, and a summary of totals and averages.',
  tags: ['sales', 'report', 'kpi'],
  kind: 'document',
  page: { size: 'A4', orientation: 'portrait', margins: { top: 20, right: 15, bottom: 18, left: 15 } },
  html,
  css,
  header_html,
  footer_html,
  sample_data: {
    report: {
      title: 'Monthly Sales Report',
      company: 'Northbeam Software Inc.',
      month: '2026-02-01',
      prepared_by: 'Rachel Kim, Sales Operations',
      prepared_on: '2026-03-03',
      currency: 'USD',
      previous_month_revenue: 1248600,
      highlights: [
        'North America West closed the month at 104.2% of target, led by two multi-year renewals with retail customers.',
        'EMEA finished 4.2% short of target; the Hamburg logistics deal slipped to March and is now in contract review.',
        'Average order value rose to $4,341 from $4,107 in January as annual prepay plans gained share.',
        '36 new customers were signed, the highest monthly figure since the Q3 pricing change.',
      ],
    },
    reps: [
      {
        name: 'Jordan Blake',
        region: 'North America East',
        orders: 42,
        units: 1260,
        revenue: 186400,
        target: 175000,
        new_customers: 6,
        largest_deal: 28500,
      },
      {
        name: 'Priya Raman',
        region: 'North America East',
        orders: 38,
        units: 1045,
        revenue: 164250,
        target: 170000,
        new_customers: 4,
        largest_deal: 21750,
      },
      {
        name: 'Marcus Lee',
        region: 'North America East',
        orders: 29,
        units: 812,
        revenue: 121900,
        target: 140000,
        new_customers: 3,
        largest_deal: 16400,
      },
      {
        name: 'Elena Torres',
        region: 'North America West',
        orders: 47,
        units: 1398,
        revenue: 212750,
        target: 190000,
        new_customers: 7,
        largest_deal: 34200,
      },
      {
        name: 'Sam Whitaker',
        region: 'North America West',
        orders: 33,
        units: 905,
        revenue: 139600,
        target: 150000,
        new_customers: 2,
        largest_deal: 18900,
      },
      {
        name: 'Hannah Cho',
        region: 'North America West',
        orders: 36,
        units: 1002,
        revenue: 158300,
        target: 150000,
        new_customers: 5,
        largest_deal: 22300,
      },
      {
        name: 'Lukas Becker',
        region: 'EMEA',
        orders: 31,
        units: 874,
        revenue: 133450,
        target: 130000,
        new_customers: 4,
        largest_deal: 19800,
      },
      {
        name: 'Amélie Laurent',
        region: 'EMEA',
        orders: 27,
        units: 760,
        revenue: 117800,
        target: 125000,
        new_customers: 3,
        largest_deal: 15600,
      },
      {
        name: 'Tom Gallagher',
        region: 'EMEA',
        orders: 24,
        units: 655,
        revenue: 98350,
        target: 110000,
        new_customers: 2,
        largest_deal: 12950,
      },
    ],
  },
};
