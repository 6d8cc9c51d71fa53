import type { StarterInput } from './starter.schema';

const html = `<div class="frame">
  <div class="inner">
    <div class="issuer">
      <svg width="46" height="46" viewBox="0 0 46 46" xmlns="http://www.w3.org/2000/svg">
        <rect x="1" y="1" width="44" height="44" fill="#14345c"/>
        <path d="M23 9 L37 16 L23 23 L9 16 Z" fill="#c9a227"/>
        <path d="M14 20 L14 29 L23 34 L32 29 L32 20 L23 25 Z" fill="#ffffff"/>
      </svg>
      <p class="issuer-name">{{ issuer.name }}</p>
      <p class="issuer-unit">{{ issuer.department }}</p>
    </div>

    <h1>{{ certificate.title }}</h1>
    <p class="presented">This certificate is proudly presented to</p>
    <p class="recipient">{{ recipient.name }}</p>
    <p class="statement">
      for successfully completing the {{ certificate.hours }}-hour professional course
    </p>
    <p class="course">{{ certificate.course }}</p>
    <p class="statement">
      {{ certificate.description }}
      {% if certificate.grade != blank %}Awarded with <strong>{{ certificate.grade }}</strong>.{% endif %}
    </p>
    <p class="date">Completed on {{ certificate.completed_on | date: "long" }}</p>

    <div class="signatures">
      <div class="signature">
        <p class="sig-script">{{ issuer.signatories[0].name }}</p>
        <p class="sig-name">{{ issuer.signatories[0].name }}</p>
        <p class="sig-title">{{ issuer.signatories[0].title }}</p>
      </div>
      <div class="seal">
        <svg width="96" height="96" viewBox="0 0 96 96" xmlns="http://www.w3.org/2000/svg">
          <circle cx="48" cy="48" r="46" fill="#c9a227"/>
          <circle cx="48" cy="48" r="39" fill="none" stroke="#ffffff" stroke-width="2"/>
          <circle cx="48" cy="48" r="33" fill="#b08d1e"/>
          <path d="M48 24 L53.6 40.3 L70.8 40.6 L57.1 51 L62.1 67.4 L48 57.6 L33.9 67.4 L38.9 51 L25.2 40.6 L42.4 40.3 Z" fill="#ffffff"/>
          <text x="48" y="86" text-anchor="middle" font-family="Helvetica" font-size="7" font-weight="bold" fill="#14345c">{{ certificate.completed_on | date: "%Y" }}</text>
        </svg>
      </div>
      <div class="signature">
        <p class="sig-script">{{ issuer.signatories[1].name }}</p>
        <p class="sig-name">{{ issuer.signatories[1].name }}</p>
        <p class="sig-title">{{ issuer.signatories[1].title }}</p>
      </div>
    </div>

    <div class="verification">
      <div class="verification-text">
        <p>Certificate ID <strong>{{ certificate.id }}</strong> · Issued {{ certificate.issued_on | date: "long" }}</p>
        <p>Verify at {{ certificate.verification_url }}</p>
      </div>
      <div class="verification-code">{{ certificate.verification_url | qr: 56 }}</div>
    </div>
  </div>
</div>
`;

const css = `body {
  font-family: Helvetica, Arial, sans-serif;
  color: #1c2b3a;
}
p { margin: 0; }
.frame { border: 6px solid #14345c; padding: 5px; }
.inner {
  border: 1.5px solid #c9a227;
  padding: 18px 40px 12px 40px;
  text-align: center;
}
.issuer { text-align: center; margin-bottom: 8px; }
.issuer-name {
  font-size: 11pt;
  font-weight: bold;
  letter-spacing: 2px;
  text-transform: uppercase;
  color: #14345c;
  margin-top: 4px;
}
.issuer-unit { font-size: 8.5pt; color: #5b6b7c; letter-spacing: 1px; }
h1 {
  font-size: 30pt;
  font-weight: bold;
  letter-spacing: 3px;
  text-transform: uppercase;
  color: #14345c;
  margin: 10px 0 6px 0;
}
.presented { font-size: 11pt; font-style: italic; color: #5b6b7c; }
.recipient {
  font-size: 32pt;
  font-weight: bold;
  color: #8a6d12;
  margin: 6px 0 8px 0;
}
.statement { font-size: 11pt; color: #34495e; line-height: 1.5; }
.course { font-size: 17pt; font-weight: bold; color: #14345c; margin: 4px 0 6px 0; }
.date { font-size: 10pt; color: #5b6b7c; margin-top: 8px; }
.signatures { display: flex; gap: 24px; margin-top: 10px; }
.signature { flex: 2; text-align: center; padding-top: 34px; }
.seal { flex: 1; text-align: center; }
.sig-script {
  font-size: 15pt;
  font-style: italic;
  color: #14345c;
  border-bottom: 1px solid #1c2b3a;
  padding-bottom: 2px;
}
.sig-name { font-size: 9.5pt; font-weight: bold; margin-top: 4px; }
.sig-title { font-size: 8.5pt; color: #5b6b7c; }
.verification {
  display: flex;
  gap: 12px;
  margin-top: 8px;
  border-top: 1px solid #e3e8ee;
  padding-top: 6px;
}
.verification-text { flex: 5; text-align: left; font-size: 7.5pt; color: #5b6b7c; line-height: 1.5; }
.verification-code { flex: 1; text-align: right; }
`;

export const certificate: StarterInput = {
  id: 'certificate',
  name: 'Certificate',
  description:
    'A landscape certificate of completion with a double border, seal, two signatories and a QR code for online verification.',
  tags: ['certificate', 'education', 'training'],
  kind: 'document',
  page: { size: 'A4', orientation: 'landscape', margins: { top: 12, right: 12, bottom: 12, left: 12 } },
  html,
  css,
  header_html: '',
  footer_html: '',
  sample_data: {
    issuer: {
      name: 'Lakeside Institute of Technology',
      department: 'School of Professional Education',
      signatories: [
        { name: 'Dr. Helen Marsh', title: 'Dean, School of Professional Education' },
        { name: 'Prof. Rafael Ortiz', title: 'Course Director' },
      ],
    },
    recipient: {
      name: 'Amara Nwosu',
      email: 'amara.nwosu@example.com',
    },
    certificate: {
      title: 'Certificate of Completion',
      id: 'LIT-PE-2026-04817',
      course: 'Advanced Data Analysis with Python',
      hours: 40,
      description:
        'The course covered statistical modelling, time-series forecasting and data visualisation, assessed through a capstone project.',
      grade: 'Distinction',
      completed_on: '2026-03-13',
      issued_on: '2026-03-16',
      verification_url: 'https://verify.lakeside-institute.edu/c/LIT-PE-2026-04817',
    },
  },
};
