import type { StarterInput } from './starter.schema';

const html = `{% assign total_hours = entries | sum: "hours" %}
{% assign billable_hours = entries | where: "billable", true | sum: "hours" %}
{% assign non_billable_hours = total_hours | minus: billable_hours %}
{% assign utilization = billable_hours | divided_by: total_hours %}
{% assign overtime = total_hours | minus: timesheet.standard_hours %}
{% if overtime < 0 %}{% assign overtime = 0 %}{% endif %}
{% assign days = entries | group_by: "date" %}
{% assign projects = entries | group_by: "project" %}

<div class="top">
  <div class="title">
    <p class="company">{{ timesheet.company }}</p>
    <h1>Weekly Timesheet</h1>
    <p class="period">{{ timesheet.period_start | date: "%A, %B %-d" }} – {{ timesheet.period_end | date: "%A, %B %-d, %Y" }}</p>
  </div>
  <div class="status-box">
    <p class="label">Status</p>
    <p class="status">{{ timesheet.status }}</p>
    <p class="muted">Submitted {{ timesheet.submitted_on | date: "medium" }}</p>
  </div>
</div>

<table class="employee">
  <tbody>
    <tr>
      <th>Employee</th><td>{{ employee.name }}</td>
      <th>Employee ID</th><td>{{ employee.id }}</td>
    </tr>
    <tr>
      <th>Position</th><td>{{ employee.title }}</td>
      <th>Department</th><td>{{ employee.department }}</td>
    </tr>
    <tr>
      <th>Manager</th><td>{{ employee.manager }}</td>
      <th>Standard hours</th><td>{{ timesheet.standard_hours | number: 1 }} per week</td>
    </tr>
  </tbody>
</table>

<table class="entries">
  <thead>
    <tr>
      <th width="15%">Date</th>
      <th width="24%">Project</th>
      <th width="35%">Task</th>
      <th width="9%">Type</th>
      <th width="8%" class="num">Hours</th>
      <th width="9%" class="num">Day total</th>
    </tr>
  </thead>
  <tbody>
    {% for day in days %}
    {% assign day_total = day.items | sum: "hours" %}
    {% for entry in day.items %}
    <tr>
      {% if forloop.first %}<td rowspan="{{ day.size }}" class="date">{{ day.name | date: "%a %b %-d" }}</td>{% endif %}
      <td>{{ entry.project }}</td>
      <td>{{ entry.task }}</td>
      <td>{% if entry.billable %}<span class="billable">Billable</span>{% else %}<span class="internal">Internal</span>{% endif %}</td>
      <td class="num">{{ entry.hours | number: 2 }}</td>
      {% if forloop.first %}<td rowspan="{{ day.size }}" class="num day-total">{{ day_total | number: 2 }}</td>{% endif %}
    </tr>
    {% endfor %}
    {% endfor %}
  </tbody>
  <tfoot>
    <tr>
      <td colspan="4">Total hours for the week</td>
      <td colspan="2" class="num">{{ total_hours | number: 2 }}</td>
    </tr>
  </tfoot>
</table>

<div class="summary">
  <div class="summary-block">
    <h2>Hours by project</h2>
    <table class="by-project">
      <thead>
        <tr><th>Project</th><th class="num">Hours</th><th class="num">Share</th></tr>
      </thead>
      <tbody>
        {% for project in projects %}
        {% assign project_hours = project.items | sum: "hours" %}
        <tr>
          <td>{{ project.name }}</td>
          <td class="num">{{ project_hours | number: 2 }}</td>
          <td class="num">{{ project_hours | divided_by: total_hours | percent: 1 }}</td>
        </tr>
        {% endfor %}
      </tbody>
    </table>
  </div>
  <div class="summary-block">
    <h2>Summary</h2>
    <table class="totals">
      <tbody>
        <tr><th>Billable hours</th><td>{{ billable_hours | number: 2 }}</td></tr>
        <tr><th>Non-billable hours</th><td>{{ non_billable_hours | number: 2 }}</td></tr>
        <tr><th>Regular hours</th><td>{{ total_hours | minus: overtime | number: 2 }}</td></tr>
        <tr><th>Overtime (over {{ timesheet.standard_hours }} h)</th><td>{{ overtime | number: 2 }}</td></tr>
        <tr><th>Billable utilization</th><td>{{ utilization | percent: 1 }}</td></tr>
        <tr class="total"><th>Total hours</th><td>{{ total_hours | number: 2 }}</td></tr>
      </tbody>
    </table>
  </div>
</div>

{% if timesheet.notes != blank %}<p class="notes"><strong>Notes:</strong> {{ timesheet.notes }}</p>{% endif %}

<div class="approvals">
  <div class="approval">
    <p class="declaration">I certify that the hours above are a true and accurate record of the time I worked.</p>
    <p class="sig-line">{{ employee.name }}</p>
    <p class="sig-caption">Employee · {{ timesheet.submitted_on | date: "medium" }}</p>
  </div>
  <div class="approval">
    <p class="declaration">Approved for payroll and client billing.</p>
    <p class="sig-line">&nbsp;</p>
    <p class="sig-caption">{{ employee.manager }}, Manager · Date</p>
  </div>
</div>
`;

const css = `body {
  font-family: Helvetica, Arial, sans-serif;
  font-size: 9pt;
  line-height: 1.4;
  color: #1f2937;
}
p { margin: 0; }
h1 { font-size: 20pt; color: #111827; margin: 2px 0; }
h2 { font-size: 10.5pt; color: #4338ca; margin: 0 0 6px 0; }
.top { display: flex; gap: 24px; margin-bottom: 14px; }
.title { flex: 3; }
.company {
  font-size: 8pt;
  font-weight: bold;
  text-transform: uppercase;
  letter-spacing: 1.5px;
  color: #4338ca;
}
.period { color: #4b5563; font-size: 10pt; }
.status-box { flex: 1; background-color: #eef2ff; padding: 8px 10px; text-align: right; }
.label { font-size: 7pt; text-transform: uppercase; letter-spacing: 1px; color: #6b7280; }
.status { font-size: 12pt; font-weight: bold; color: #4338ca; }
.muted { font-size: 7.5pt; color: #6b7280; }
.employee { width: 100%; border-collapse: collapse; margin-bottom: 16px; }
.employee th {
  text-align: left;
  font-weight: normal;
  color: #6b7280;
  padding: 4px 6px;
  border-bottom: 1px solid #e5e7eb;
  width: 16%;
}
.employee td { padding: 4px 6px; font-weight: bold; border-bottom: 1px solid #e5e7eb; width: 34%; }
.entries { width: 100%; border-collapse: collapse; margin-bottom: 16px; }
.entries th {
  background-color: #312e81;
  color: #ffffff;
  font-size: 7.5pt;
  text-transform: uppercase;
  text-align: left;
  padding: 6px 5px;
}
.entries td { padding: 5px; border: 1px solid #e5e7eb; }
.entries .num { text-align: right; }
.entries .date { font-weight: bold; background-color: #f9fafb; }
.entries .day-total { font-weight: bold; background-color: #f9fafb; }
.billable { color: #047857; font-size: 8pt; }
.internal { color: #6b7280; font-size: 8pt; }
.entries tfoot td {
  font-weight: bold;
  font-size: 10pt;
  background-color: #eef2ff;
  border-top: 2px solid #312e81;
  padding: 6px 5px;
}
.summary { display: flex; gap: 24px; margin-bottom: 14px; break-inside: avoid; }
.summary-block { flex: 1; }
.by-project { width: 100%; border-collapse: collapse; }
.by-project th {
  text-align: left;
  font-size: 7.5pt;
  color: #6b7280;
  text-transform: uppercase;
  border-bottom: 1px solid #d1d5db;
  padding: 3px 4px;
}
.by-project td { padding: 3px 4px; border-bottom: 1px solid #f3f4f6; }
.by-project .num { text-align: right; }
.totals { width: 100%; border-collapse: collapse; }
.totals th { text-align: left; font-weight: normal; color: #4b5563; padding: 3px 4px; border-bottom: 1px solid #f3f4f6; }
.totals td { text-align: right; padding: 3px 4px; border-bottom: 1px solid #f3f4f6; }
.totals .total th { font-weight: bold; color: #111827; border-top: 2px solid #312e81; }
.totals .total td { font-weight: bold; color: #111827; border-top: 2px solid #312e81; }
.notes { background-color: #fffbeb; border-left: 3px solid #f59e0b; padding: 6px 8px; margin-bottom: 14px; }
.approvals { display: flex; gap: 32px; margin-top: 18px; break-inside: avoid; }
.approval { flex: 1; }
.declaration { font-size: 8pt; color: #4b5563; margin-bottom: 22px; }
.sig-line { border-bottom: 1px solid #1f2937; padding-bottom: 2px; }
.sig-caption { font-size: 7.5pt; color: #6b7280; margin-top: 2px; }
.page-footer { display: flex; font-size: 7.5pt; color: #6b7280; border-top: 1px solid #e5e7eb; padding-top: 4px; }
.page-footer-left { flex: 3; }
.page-footer-right { flex: 1; text-align: right; }
`;

const footer_html = `<div class="page-footer">
  <div class="page-footer-left">{{ timesheet.company }} · Timesheet {{ employee.name }} ({{ employee.id }}) · week of {{ timesheet.period_start | date: "%b %-d, %Y" }}</div>
  <div class="page-footer-right">Page {{ page_number }} of {{ page_count }}</div>
</div>`;

export const timesheet: StarterInput = {
  id: 'timesheet',
  name: 'Timesheet',
  description:
    'A weekly employee timesheet with entries grouped by day, billable and internal time, hours by project, overtime and approval signatures.',
  tags: ['hr', 'time-tracking', 'payroll'],
  kind: 'document',
  page: { size: 'Letter', orientation: 'portrait', margins: { top: 16, right: 16, bottom: 20, left: 16 } },
  html,
  css,
  header_html: '',
  footer_html,
  sample_data: {
    timesheet: {
      company: 'Keystone Consulting Group',
      period_start: '2026-03-02',
      period_end: '2026-03-08',
      standard_hours: 40,
      status: 'Submitted',
      submitted_on: '2026-03-09',
      notes: 'Saturday hours were pre-approved by Laura Chen for the Harbor Logistics production cutover.',
    },
    employee: {
      name: 'Daniel Okafor',
      id: 'E-2047',
      title: 'Senior Software Engineer',
      department: 'Professional Services',
      manager: 'Laura Chen',
    },
    entries: [
      {
        date: '2026-03-02',
        project: 'Harbor Logistics · ERP integration',
        task: 'API mapping workshop with client team',
        hours: 4.5,
        billable: true,
      },
      {
        date: '2026-03-02',
        project: 'Harbor Logistics · ERP integration',
        task: 'Order sync service implementation',
        hours: 3,
        billable: true,
      },
      { date: '2026-03-02', project: 'Internal', task: 'Team stand-up and sprint planning', hours: 1, billable: false },
      {
        date: '2026-03-03',
        project: 'Harbor Logistics · ERP integration',
        task: 'Order sync service implementation',
        hours: 7,
        billable: true,
      },
      {
        date: '2026-03-03',
        project: 'Internal',
        task: 'Code review for internal tooling',
        hours: 1.5,
        billable: false,
      },
      {
        date: '2026-03-04',
        project: 'Meridian Health · Data migration',
        task: 'Patient record schema mapping',
        hours: 6,
        billable: true,
      },
      {
        date: '2026-03-04',
        project: 'Harbor Logistics · ERP integration',
        task: 'Defect fixes from user acceptance testing',
        hours: 2,
        billable: true,
      },
      {
        date: '2026-03-05',
        project: 'Meridian Health · Data migration',
        task: 'Migration dry run and reconciliation',
        hours: 5.5,
        billable: true,
      },
      {
        date: '2026-03-05',
        project: 'Harbor Logistics · ERP integration',
        task: 'Weekly client status call',
        hours: 1,
        billable: true,
      },
      { date: '2026-03-05', project: 'Internal', task: 'Security awareness training', hours: 2, billable: false },
      {
        date: '2026-03-06',
        project: 'Harbor Logistics · ERP integration',
        task: 'Deployment to staging and smoke tests',
        hours: 6,
        billable: true,
      },
      { date: '2026-03-06', project: 'Internal', task: 'Knowledge base documentation', hours: 1.5, billable: false },
      {
        date: '2026-03-07',
        project: 'Harbor Logistics · ERP integration',
        task: 'Production cutover support',
        hours: 3,
        billable: true,
      },
    ],
  },
};
