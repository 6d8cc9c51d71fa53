import type { StarterInput } from './starter.schema';

/*
 * Amounts are signed: income is positive, costs and expenses are negative. Each section shows its
 * total, and sections with a `result_label` are followed by the running result of every section so
 * far (gross profit, operating income, ...). Negative amounts print in parentheses, as accountants do.
 */
const html = `{% assign running_current = 0 %}
{% assign running_prior = 0 %}
{% assign revenue_current = sections[0].lines | sum: "current" %}
{% assign revenue_prior = sections[0].lines | sum: "prior" %}

<div class="title">
  <p class="company">{{ company.name }}</p>
  <h1>{{ statement.title }}</h1>
  <p class="period">{{ statement.period_label }}</p>
  <p class="units">{{ statement.units_label }}</p>
</div>

<table class="statement">
  <colgroup>
    <col width="52%">
    <col width="17%">
    <col width="17%">
    <col width="14%">
  </colgroup>
  <thead>
    <tr>
      <th></th>
      <th class="num">{{ statement.current_label }}</th>
      <th class="num">{{ statement.prior_label }}</th>
      <th class="num">Change</th>
    </tr>
  </thead>
  <tbody>
    {% for section in sections %}
    {% assign section_current = section.lines | sum: "current" %}
    {% assign section_prior = section.lines | sum: "prior" %}
    {% assign running_current = running_current | plus: section_current %}
    {% assign running_prior = running_prior | plus: section_prior %}
    <tr class="section-row">
      <td colspan="4">{{ section.label }}</td>
    </tr>
    {% for line in section.lines %}
    {% assign sign_check = line.current | times: line.prior %}
    <tr class="line-row">
      <td class="line-label">{{ line.label }}</td>
      <td class="num">{% if line.current < 0 %}({{ line.current | abs | number: 0 }}){% elsif line.current == 0 %}–{% else %}{{ line.current | number: 0 }}{% endif %}</td>
      <td class="num">{% if line.prior < 0 %}({{ line.prior | abs | number: 0 }}){% elsif line.prior == 0 %}–{% else %}{{ line.prior | number: 0 }}{% endif %}</td>
      <td class="num change">{% if sign_check > 0 %}{{ line.current | divided_by: line.prior | minus: 1 | percent: 1 }}{% else %}n/m{% endif %}</td>
    </tr>
    {% endfor %}
    {% if section.lines.size > 1 %}
    {% assign sign_check = section_current | times: section_prior %}
    <tr class="total-row">
      <td>{{ section.total_label }}</td>
      <td class="num">{% if section_current < 0 %}({{ section_current | abs | number: 0 }}){% else %}{{ section_current | number: 0 }}{% endif %}</td>
      <td class="num">{% if section_prior < 0 %}({{ section_prior | abs | number: 0 }}){% else %}{{ section_prior | number: 0 }}{% endif %}</td>
      <td class="num change">{% if sign_check > 0 %}{{ section_current | divided_by: section_prior | minus: 1 | percent: 1 }}{% else %}n/m{% endif %}</td>
    </tr>
    {% endif %}
    {% if section.result_label != blank %}
    {% assign sign_check = running_current | times: running_prior %}
    <tr class="result-row {% if forloop.last %}final{% endif %}">
      <td>{{ section.result_label }}</td>
      <td class="num">{% if running_current < 0 %}({{ running_current | abs | number: 0 }}){% else %}{{ running_current | number: 0 }}{% endif %}</td>
      <td class="num">{% if running_prior < 0 %}({{ running_prior | abs | number: 0 }}){% else %}{{ running_prior | number: 0 }}{% endif %}</td>
      <td class="num change">{% if sign_check > 0 %}{{ running_current | divided_by: running_prior | minus: 1 | percent: 1 }}{% else %}n/m{% endif %}</td>
    </tr>
    {% endif %}
    {% endfor %}
  </tbody>
  <tfoot>
    <tr>
      <td>Diluted earnings per share (US dollars)</td>
      <td class="num">{{ running_current | times: 1000 | divided_by: statement.diluted_shares_current | money: statement.currency }}</td>
      <td class="num">{{ running_prior | times: 1000 | divided_by: statement.diluted_shares_prior | money: statement.currency }}</td>
      <td></td>
    </tr>
  </tfoot>
</table>

<div class="ratios">
  <h2>Key ratios</h2>
  <table class="ratio-table">
    <thead>
      <tr>
        <th>Ratio</th>
        <th class="num">{{ statement.current_label }}</th>
        <th class="num">{{ statement.prior_label }}</th>
      </tr>
    </thead>
    <tbody>
      {% assign running_current = 0 %}
      {% assign running_prior = 0 %}
      {% for section in sections %}
      {% assign before_current = running_current %}
      {% assign before_prior = running_prior %}
      {% assign running_current = section.lines | sum: "current" | plus: running_current %}
      {% assign running_prior = section.lines | sum: "prior" | plus: running_prior %}
      {% if section.result_label != blank %}
      <tr>
        <td>{{ section.result_label }} as % of revenue</td>
        <td class="num">{{ running_current | divided_by: revenue_current | percent: 1 }}</td>
        <td class="num">{{ running_prior | divided_by: revenue_prior | percent: 1 }}</td>
      </tr>
      {% endif %}
      {% endfor %}
      {% comment %}The last section holds income taxes: its total over the result before it is the effective tax rate.{% endcomment %}
      {% assign tax_section = sections | last %}
      <tr>
        <td>Effective tax rate</td>
        <td class="num">{{ tax_section.lines | sum: "current" | abs | divided_by: before_current | percent: 1 }}</td>
        <td class="num">{{ tax_section.lines | sum: "prior" | abs | divided_by: before_prior | percent: 1 }}</td>
      </tr>
    </tbody>
  </table>
</div>

<div class="notes">
  <h2>Notes</h2>
  <ol>
    {% for note in statement.notes %}<li>{{ note }}</li>{% endfor %}
  </ol>
</div>

<div class="signoff">
  <div class="signoff-block">
    <p class="sig-line">{{ statement.prepared_by.name }}</p>
    <p class="sig-caption">Prepared by · {{ statement.prepared_by.title }}</p>
  </div>
  <div class="signoff-block">
    <p class="sig-line">{{ statement.approved_by.name }}</p>
    <p class="sig-caption">Approved by · {{ statement.approved_by.title }}</p>
  </div>
  <div class="signoff-block">
    <p class="sig-line">{{ statement.approved_on | date: "long" }}</p>
    <p class="sig-caption">Date</p>
  </div>
</div>
`;

const css = `body {
  font-family: Helvetica, Arial, sans-serif;
  font-size: 9pt;
  line-height: 1.35;
  color: #1a202c;
}
p { margin: 0; }
.title { text-align: center; margin-bottom: 16px; }
.company {
  font-size: 9pt;
  font-weight: bold;
  letter-spacing: 2px;
  text-transform: uppercase;
  color: #2c5282;
}
h1 { font-size: 17pt; color: #1a202c; margin: 4px 0 2px 0; }
h2 {
  font-size: 10pt;
  color: #2c5282;
  border-bottom: 1px solid #cbd5e0;
  padding-bottom: 2px;
  margin: 0 0 6px 0;
}
.period { font-size: 10pt; color: #4a5568; }
.units { font-size: 8pt; font-style: italic; color: #718096; margin-top: 2px; }
.statement { width: 100%; border-collapse: collapse; margin-bottom: 18px; }
.statement th {
  font-size: 8.5pt;
  font-weight: bold;
  color: #2c5282;
  border-bottom: 2px solid #2c5282;
  padding: 4px 6px;
}
.statement td { padding: 3px 6px; }
.statement .num { text-align: right; }
.statement .change { color: #718096; font-size: 8pt; }
.statement .section-row td {
  font-weight: bold;
  text-transform: uppercase;
  font-size: 8pt;
  letter-spacing: 0.5px;
  color: #2c5282;
  padding-top: 10px;
}
.statement .line-label { padding-left: 16px; }
.statement .total-row td { font-weight: bold; border-top: 1px solid #a0aec0; }
.statement .result-row td {
  font-weight: bold;
  background-color: #ebf4ff;
  border-top: 1px solid #2c5282;
  border-bottom: 1px solid #2c5282;
  padding-top: 5px;
  padding-bottom: 5px;
}
.statement .final td {
  font-size: 10.5pt;
  background-color: #2c5282;
  color: #ffffff;
  border-bottom: 2px solid #1a202c;
}
.statement tfoot td { font-size: 8.5pt; color: #4a5568; padding-top: 8px; }
.ratios { margin-bottom: 16px; break-inside: avoid; }
.ratio-table { width: 60%; border-collapse: collapse; }
.ratio-table th {
  text-align: left;
  font-size: 8pt;
  color: #718096;
  border-bottom: 1px solid #cbd5e0;
  padding: 3px 6px;
}
.ratio-table td { padding: 3px 6px; border-bottom: 1px solid #edf2f7; }
.ratio-table .num { text-align: right; }
.notes { break-inside: avoid; }
.notes ol { margin: 0; padding-left: 16px; }
.notes li { font-size: 8pt; color: #4a5568; margin-bottom: 3px; }
.signoff { display: flex; gap: 24px; margin-top: 28px; break-inside: avoid; }
.signoff-block { flex: 1; }
.sig-line { border-bottom: 1px solid #1a202c; padding-bottom: 2px; }
.sig-caption { font-size: 7.5pt; color: #718096; margin-top: 2px; }
.page-header {
  display: flex;
  font-size: 7.5pt;
  color: #718096;
  border-bottom: 1px solid #e2e8f0;
  padding-bottom: 4px;
}
.page-header-left { flex: 1; }
.page-header-right { flex: 1; text-align: right; }
.page-footer { display: flex; font-size: 7.5pt; color: #718096; }
.page-footer-left { flex: 3; }
.page-footer-right { flex: 1; text-align: right; }
`;

const header_html = `<div class="page-header">
  <div class="page-header-left">{{ company.name }}</div>
  <div class="page-header-right">{{ statement.title }} · {{ statement.current_label }}</div>
</div>`;

const footer_html = `<div class="page-footer">
  <div class="page-footer-left">{{ statement.status_note }}</div>
  <div class="page-footer-right">Page {{ page_number }} of {{ page_count }}</div>
</div>`;

export const financialStatement: StarterInput = {
  id: 'financial-statement',
  name: 'Financial Statement',
  description:
    'A comparative income statement with revenue, cost and expense sections, subtotals, running results, negative amounts in parentheses and key margins.',
  tags: ['finance', 'accounting', 'report'],
  kind: 'document',
  page: { size: 'A4', orientation: 'portrait', margins: { top: 22, right: 20, bottom: 20, left: 20 } },
  html,
  css,
  header_html,
  footer_html,
  sample_data: {
    company: {
      name: 'Alderbrook Manufacturing Inc.',
    },
    statement: {
      title: 'Consolidated Statement of Income',
      period_label: 'For the fiscal years ended December 31, 2025 and 2024',
      units_label: 'In thousands of US dollars, except per-share amounts',
      currency: 'USD',
      current_label: 'FY 2025',
      prior_label: 'FY 2024',
      diluted_shares_current: 8140000,
      diluted_shares_prior: 8100000,
      status_note: 'Unaudited management accounts · to be read with the accompanying notes',
      notes: [
        'Restructuring charges relate to the consolidation of the Dayton assembly line into the Fort Wayne plant, completed in Q3 2025.',
        'Licensing revenue declined after the expiry of the Kestrel Tools agreement in March 2025.',
        'The foreign exchange loss arose mainly on euro-denominated receivables following the weaker euro in Q4 2025.',
        'Diluted earnings per share are based on 8.14 million (2024: 8.10 million) weighted average diluted shares.',
      ],
      prepared_by: { name: 'Nora Lindqvist', title: 'Financial Controller' },
      approved_by: { name: 'Michael Adeyemi', title: 'Chief Financial Officer' },
      approved_on: '2026-02-20',
    },
    sections: [
      {
        label: 'Revenue',
        total_label: 'Total revenue',
        result_label: '',
        lines: [
          { label: 'Product sales', current: 48320, prior: 44150 },
          { label: 'Service and maintenance', current: 9870, prior: 8940 },
          { label: 'Licensing', current: 1210, prior: 1380 },
        ],
      },
      {
        label: 'Cost of revenue',
        total_label: 'Total cost of revenue',
        result_label: 'Gross profit',
        lines: [
          { label: 'Cost of products sold', current: -29480, prior: -27640 },
          { label: 'Cost of services', current: -5120, prior: -4760 },
        ],
      },
      {
        label: 'Operating expenses',
        total_label: 'Total operating expenses',
        result_label: 'Operating income',
        lines: [
          { label: 'Research and development', current: -4950, prior: -4410 },
          { label: 'Sales and marketing', current: -6380, prior: -5920 },
          { label: 'General and administrative', current: -4270, prior: -4050 },
          { label: 'Depreciation and amortization', current: -2140, prior: -1980 },
          { label: 'Restructuring charges', current: -860, prior: 0 },
        ],
      },
      {
        label: 'Other income (expense)',
        total_label: 'Total other income (expense), net',
        result_label: 'Income before income taxes',
        lines: [
          { label: 'Interest income', current: 310, prior: 180 },
          { label: 'Interest expense', current: -1240, prior: -1390 },
          { label: 'Foreign exchange gain (loss)', current: -185, prior: 95 },
          { label: 'Other, net', current: 65, prior: -25 },
        ],
      },
      {
        label: 'Income taxes',
        total_label: 'Total income tax expense',
        result_label: 'Net income',
        lines: [
          { label: 'Current income tax expense', current: -1180, prior: -1020 },
          { label: 'Deferred income tax benefit (expense)', current: 98, prior: -45 },
        ],
      },
    ],
  },
};
