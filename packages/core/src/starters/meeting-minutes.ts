import type { StarterInput } from './starter.schema';

const html = `{% assign present = attendees | where: "attendance", "present" %}
{% assign remote = attendees | where: "attendance", "remote" %}
{% assign apologies = attendees | where: "attendance", "apologies" %}
{% assign actions = action_items | sort_by: "due_on" %}

<div class="title">
  <p class="organization">{{ meeting.organization }}</p>
  <h1>{{ meeting.title }}</h1>
  <p class="subtitle">Minutes of the meeting held on {{ meeting.date | date: "full" }}</p>
</div>

<table class="facts">
  <tbody>
    <tr>
      <th>Time</th><td>{{ meeting.start_time }}–{{ meeting.end_time }} ({{ meeting.time_zone_label }})</td>
      <th>Chair</th><td>{{ meeting.chair }}</td>
    </tr>
    <tr>
      <th>Location</th><td>{{ meeting.location }}</td>
      <th>Minutes by</th><td>{{ meeting.minute_taker }}</td>
    </tr>
    <tr>
      <th>Called to order</th><td>{{ meeting.called_to_order }}</td>
      <th>Adjourned</th><td>{{ meeting.adjourned }}</td>
    </tr>
  </tbody>
</table>

<h2>Attendance</h2>
<div class="attendance">
  <div class="attendance-col">
    <p class="label">Present ({{ present | size }})</p>
    <ul>{% for person in present %}<li><strong>{{ person.name }}</strong>, {{ person.role }}</li>{% endfor %}</ul>
  </div>
  <div class="attendance-col">
    <p class="label">Joined remotely ({{ remote | size }})</p>
    <ul>{% for person in remote %}<li><strong>{{ person.name }}</strong>, {{ person.role }}</li>{% endfor %}</ul>
    <p class="label">Apologies ({{ apologies | size }})</p>
    <ul>{% for person in apologies %}<li><strong>{{ person.name }}</strong>, {{ person.role }}</li>{% endfor %}</ul>
  </div>
</div>
<p class="quorum">{{ present | size | plus: remote.size }} of {{ attendees | size }} members attended; {{ meeting.quorum_note }}</p>

<h2>Agenda and discussion</h2>
{% for item in agenda %}
<div class="agenda-item">
  <table class="agenda-head">
    <tbody>
      <tr>
        <td class="agenda-number" width="6%">{{ forloop.index }}.</td>
        <td class="agenda-title">{{ item.title }}</td>
        <td class="agenda-presenter" width="34%">{{ item.presenter }} · {{ item.minutes }} min</td>
      </tr>
    </tbody>
  </table>
  <p class="discussion">{{ item.discussion }}</p>
  {% if item.points.size > 0 %}
  <ul class="points">{% for point in item.points %}<li>{{ point }}</li>{% endfor %}</ul>
  {% endif %}
</div>
{% endfor %}

<h2>Decisions</h2>
<table class="decisions">
  <thead>
    <tr>
      <th width="12%">Ref.</th>
      <th width="9%">Item</th>
      <th width="57%">Decision</th>
      <th width="22%">Outcome</th>
    </tr>
  </thead>
  <tbody>
    {% for decision in decisions %}
    <tr>
      <td class="ref">{{ decision.ref }}</td>
      <td>{{ decision.agenda_item }}</td>
      <td>{{ decision.text }}</td>
      <td class="outcome">{{ decision.outcome }}</td>
    </tr>
    {% endfor %}
  </tbody>
</table>

<h2>Action items</h2>
<table class="actions">
  <thead>
    <tr>
      <th width="5%">#</th>
      <th width="47%">Action</th>
      <th width="20%">Owner</th>
      <th width="14%">Due</th>
      <th width="14%">Status</th>
    </tr>
  </thead>
  <tbody>
    {% for action in actions %}
    <tr>
      <td>{{ forloop.index }}</td>
      <td>{{ action.task }}</td>
      <td><strong>{{ action.owner }}</strong></td>
      <td>{{ action.due_on | date: "%b %-d, %Y" }}</td>
      <td class="status-{{ action.status | downcase | replace: " ", "-" }}">{{ action.status }}</td>
    </tr>
    {% endfor %}
  </tbody>
</table>

<div class="next-meeting">
  <p class="label">Next meeting</p>
  <p><strong>{{ meeting.next_meeting.date | date: "full" }}</strong>, {{ meeting.next_meeting.time }} · {{ meeting.next_meeting.location }}</p>
</div>

<div class="approval">
  <div class="approval-block">
    <p class="sig-line">&nbsp;</p>
    <p class="sig-caption">{{ meeting.chair }}, Chair · Date</p>
  </div>
  <div class="approval-block">
    <p class="sig-line">&nbsp;</p>
    <p class="sig-caption">{{ meeting.minute_taker }}, Secretary · Date</p>
  </div>
</div>
`;

const css = `body {
  font-family: Helvetica, Arial, sans-serif;
  font-size: 9.5pt;
  line-height: 1.45;
  color: #222b36;
}
p { margin: 0 0 4px 0; }
.title { border-bottom: 3px solid #7c3aed; padding-bottom: 8px; margin-bottom: 12px; }
.organization {
  font-size: 8pt;
  font-weight: bold;
  text-transform: uppercase;
  letter-spacing: 1.5px;
  color: #7c3aed;
}
h1 { font-size: 18pt; color: #1e1b4b; margin: 2px 0; }
h2 {
  font-size: 11pt;
  color: #5b21b6;
  border-bottom: 1px solid #ddd6fe;
  padding-bottom: 2px;
  margin: 16px 0 8px 0;
}
.subtitle { color: #5b6472; }
.label {
  font-size: 7.5pt;
  font-weight: bold;
  text-transform: uppercase;
  letter-spacing: 1px;
  color: #6b7280;
  margin: 0 0 2px 0;
}
.facts { width: 100%; border-collapse: collapse; background-color: #f5f3ff; }
.facts th { text-align: left; font-weight: normal; color: #6b7280; padding: 4px 8px; width: 15%; }
.facts td { padding: 4px 8px; width: 35%; }
.attendance { display: flex; gap: 24px; }
.attendance-col { flex: 1; }
.attendance ul { margin: 0 0 8px 0; padding-left: 14px; }
.attendance li { margin-bottom: 1px; }
.quorum { font-size: 8.5pt; font-style: italic; color: #5b6472; }
.agenda-item { margin-bottom: 10px; break-inside: avoid; }
.agenda-head { width: 100%; border-collapse: collapse; }
.agenda-head td { padding: 4px 6px; background-color: #ede9fe; }
.agenda-number { font-weight: bold; color: #5b21b6; }
.agenda-title { font-weight: bold; color: #1e1b4b; }
.agenda-presenter { text-align: right; font-size: 8.5pt; color: #5b6472; }
.discussion { margin: 5px 6px 3px 6px; }
.points { margin: 0 6px 0 6px; padding-left: 16px; }
.points li { margin-bottom: 2px; color: #374151; }
.decisions { width: 100%; border-collapse: collapse; }
.decisions th {
  text-align: left;
  font-size: 7.5pt;
  text-transform: uppercase;
  color: #ffffff;
  background-color: #5b21b6;
  padding: 5px 6px;
}
.decisions td { padding: 5px 6px; border-bottom: 1px solid #e5e7eb; }
.decisions .ref { font-weight: bold; color: #5b21b6; }
.decisions .outcome { font-weight: bold; }
.actions { width: 100%; border-collapse: collapse; }
.actions th {
  text-align: left;
  font-size: 7.5pt;
  text-transform: uppercase;
  color: #ffffff;
  background-color: #1e1b4b;
  padding: 5px 6px;
}
.actions td { padding: 5px 6px; border-bottom: 1px solid #e5e7eb; }
.actions tbody tr:nth-child(even) td { background-color: #faf9ff; }
.status-open { color: #b45309; font-weight: bold; }
.status-in-progress { color: #1d4ed8; font-weight: bold; }
.status-done { color: #15803d; font-weight: bold; }
.next-meeting {
  margin-top: 16px;
  padding: 8px 10px;
  border-left: 3px solid #7c3aed;
  background-color: #f5f3ff;
  break-inside: avoid;
}
.approval { display: flex; gap: 32px; margin-top: 30px; break-inside: avoid; }
.approval-block { flex: 1; }
.sig-line { border-bottom: 1px solid #222b36; margin: 0; }
.sig-caption { font-size: 8pt; color: #6b7280; margin-top: 2px; }
.page-footer { display: flex; font-size: 7.5pt; color: #6b7280; border-top: 1px solid #e5e7eb; padding-top: 4px; }
.page-footer-left { flex: 3; }
.page-footer-right { flex: 1; text-align: right; }
`;

const footer_html = `<div class="page-footer">
  <div class="page-footer-left">{{ meeting.title }} · {{ meeting.date | date: "medium" }} · {{ meeting.status }}</div>
  <div class="page-footer-right">Page {{ page_number }} of {{ page_count }}</div>
</div>`;

export const meetingMinutes: StarterInput = {
  id: 'meeting-minutes',
  name: 'Meeting Minutes',
  description:
    'Formal meeting minutes with attendance, agenda items and discussion, recorded decisions, and action items with owners and due dates.',
  tags: ['meetings', 'governance', 'minutes'],
  kind: 'document',
  page: { size: 'A4', orientation: 'portrait', margins: { top: 18, right: 18, bottom: 20, left: 18 } },
  html,
  css,
  header_html: '',
  footer_html,
  sample_data: {
    meeting: {
      organization: 'Riverside Community Health',
      title: 'Operations Committee',
      date: '2026-03-12',
      start_time: '14:00',
      end_time: '15:30',
      time_zone_label: 'CDT',
      location: 'Board Room 3B, 200 Elm Street, and Microsoft Teams',
      chair: 'Grace Okonkwo',
      minute_taker: 'Peter Lindholm',
      called_to_order: '14:03',
      adjourned: '15:27',
      quorum_note: 'the quorum of five voting members was met.',
      status: 'Draft, subject to approval at the next meeting',
      next_meeting: {
        date: '2026-04-09',
        time: '14:00 CDT',
        location: 'Board Room 3B and Microsoft Teams',
      },
    },
    attendees: [
      { name: 'Grace Okonkwo', role: 'Chief Operating Officer (Chair)', attendance: 'present' },
      { name: 'Peter Lindholm', role: 'Operations Coordinator (Secretary)', attendance: 'present' },
      { name: 'Dr. Samuel Reyes', role: 'Medical Director', attendance: 'present' },
      { name: 'Aisha Rahman', role: 'Director of Nursing', attendance: 'present' },
      { name: 'Linda Hoffmann', role: 'Finance Director', attendance: 'present' },
      { name: 'Janet Moore', role: 'Patient Experience Manager', attendance: 'present' },
      { name: 'Tom Becker', role: 'IT Manager', attendance: 'remote' },
      { name: 'Dr. Yuki Tanaka', role: 'Eastside Clinic Lead', attendance: 'remote' },
      { name: 'Carlos Mendes', role: 'Head of People', attendance: 'apologies' },
    ],
    agenda: [
      {
        title: 'Approval of the minutes of February 12, 2026',
        presenter: 'Grace Okonkwo',
        minutes: 5,
        discussion: 'The minutes of the previous meeting were reviewed. No amendments were proposed.',
        points: [],
      },
      {
        title: 'Walk-in clinic wait times, Q1 to date',
        presenter: 'Janet Moore',
        minutes: 25,
        discussion:
          'Median wait at the Main Street walk-in clinic rose from 38 to 52 minutes between December and February, driven by Saturday demand and two vacant triage shifts.',
        points: [
          'Patient satisfaction with wait times fell from 81% to 72% over the same period.',
          'Weekday waits are back within the 45-minute target since the February rota change.',
          'Committee asked for weekend data to be shown separately in future reports.',
        ],
      },
      {
        title: 'Electronic health record upgrade',
        presenter: 'Tom Becker',
        minutes: 30,
        discussion:
          'The current EHR version reaches end of support in June 2027. One vendor quote ($412,000 over three years) has been received; procurement policy requires three.',
        points: [
          'Dr. Reyes stressed the need for clinician input on the e-prescribing workflow before selection.',
          'Finance noted the upgrade is not in the FY2026 capital plan and would need reprioritisation.',
        ],
      },
      {
        title: 'Eastside clinic opening readiness',
        presenter: 'Dr. Yuki Tanaka',
        minutes: 25,
        discussion:
          'Building works are complete and the certificate of occupancy was issued on March 6. Equipment delivery is scheduled for April 14.',
        points: [
          'Four registered nurse and two medical assistant positions are still open.',
          'A soft opening with reduced hours in the first week was recommended.',
        ],
      },
      {
        title: 'Any other business',
        presenter: 'Grace Okonkwo',
        minutes: 5,
        discussion:
          'Aisha Rahman reported that the revised triage protocol is ready for sign-off by the Medical Director.',
        points: [],
      },
    ],
    decisions: [
      {
        ref: 'OC-26-03-1',
        agenda_item: 1,
        text: 'The minutes of February 12, 2026 were approved as a true record.',
        outcome: 'Approved unanimously',
      },
      {
        ref: 'OC-26-03-2',
        agenda_item: 2,
        text: 'Extend triage nurse cover at the Main Street walk-in clinic to Saturdays from April 4 as a three-month pilot, within the existing staffing budget.',
        outcome: 'Approved 7–0',
      },
      {
        ref: 'OC-26-03-3',
        agenda_item: 3,
        text: 'Defer the EHR vendor selection to the April meeting, pending two further quotes and clinician review.',
        outcome: 'Deferred',
      },
      {
        ref: 'OC-26-03-4',
        agenda_item: 4,
        text: 'Confirm May 4, 2026 as the Eastside clinic opening date, with reduced hours in the first week.',
        outcome: 'Approved 7–0',
      },
    ],
    action_items: [
      {
        task: 'Circulate the wait-time dashboard with weekend and weekday figures shown separately',
        owner: 'Janet Moore',
        due_on: '2026-03-19',
        status: 'Open',
      },
      {
        task: 'Obtain two additional EHR vendor quotes and share a comparison',
        owner: 'Tom Becker',
        due_on: '2026-03-31',
        status: 'Open',
      },
      {
        task: 'Post job listings for four RN and two MA positions at Eastside',
        owner: 'Carlos Mendes',
        due_on: '2026-03-20',
        status: 'In progress',
      },
      {
        task: 'Present the EHR upgrade budget impact to the Finance Committee',
        owner: 'Linda Hoffmann',
        due_on: '2026-04-02',
        status: 'Open',
      },
      {
        task: 'Draft the Eastside opening-week rota and patient communications',
        owner: 'Dr. Yuki Tanaka',
        due_on: '2026-04-06',
        status: 'Open',
      },
      {
        task: 'Sign off the revised walk-in triage protocol',
        owner: 'Dr. Samuel Reyes',
        due_on: '2026-03-26',
        status: 'Open',
      },
      {
        task: 'Roster Saturday triage cover for the April–June pilot',
        owner: 'Aisha Rahman',
        due_on: '2026-03-27',
        status: 'In progress',
      },
    ],
  },
};
