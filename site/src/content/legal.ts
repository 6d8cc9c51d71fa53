import type { TextPageContent } from './page-model';

/** Both legal pages were last updated on the same day (seed sections 2 and 9). */
export const LEGAL_UPDATED = 'Last updated: April 18, 2025';

export const PRIVACY: TextPageContent = {
  title: 'Privacy Policy',
  lead: 'What Quire collects when you use the hosted service, why, and what you can do about it. If you host Quire yourself, your data stays on your machines and this policy is yours to write.',
  updated: LEGAL_UPDATED,
  sections: [
    {
      heading: 'Information we collect',
      blocks: [
        {
          kind: 'list',
          items: [
            'Account information: your name, email address and a hash of your password (never the password itself).',
            'Content you create: templates, sample data, data source settings, reports and the conversations you have with the AI about your templates.',
            'Usage information: the number of reports, API calls and AI requests your team makes, to apply your plan’s limits.',
            'Technical information: request logs with the time, path, status and a request id, kept to run and secure the service.',
            'Messages you send us through the contact form.',
          ],
        },
      ],
    },
    {
      heading: 'How we use your information',
      blocks: [
        {
          kind: 'p',
          text: 'We use your information to provide the service: to sign you in, render your reports, send the emails you ask for (verification, password reset, invitations), apply your plan and answer your messages. We do not sell your information and we do not use your templates or data to train AI models.',
        },
      ],
    },
    {
      heading: 'AI providers',
      blocks: [
        {
          kind: 'p',
          text: 'When you ask the AI to write or change a template, your instruction, the template and its sample data are sent to the AI provider the service is configured with, only to answer that request. A self-hosted Quire can use its built-in offline writer, which sends nothing anywhere.',
        },
      ],
    },
    {
      heading: 'Cookies and browser storage',
      blocks: [
        {
          kind: 'p',
          text: 'We use one cookie to keep you signed in (an httpOnly cookie holding your refresh token) and your browser’s storage to remember your theme. There are no advertising or tracking cookies.',
        },
      ],
    },
    {
      heading: 'Retention and deletion',
      blocks: [
        {
          kind: 'p',
          text: 'Your content is kept while your account exists. Generated report files are kept for the retention period of your plan. You can delete templates and reports at any time, and ask us to delete your account and everything in it through the [contact form](/contact).',
        },
      ],
    },
    {
      heading: 'Your rights',
      blocks: [
        {
          kind: 'p',
          text: 'You can access, correct, export and delete your personal information, and object to its processing. Write to us through the [contact form](/contact) and we will answer within 30 days.',
        },
      ],
    },
    {
      heading: 'Changes to this policy',
      blocks: [
        {
          kind: 'p',
          text: 'When we change this policy we update the date above, and for significant changes we tell account holders by email before the change applies.',
        },
      ],
    },
  ],
};

export const TERMS: TextPageContent = {
  title: 'Terms of Service',
  lead: 'The agreement between you and Quire when you use the hosted service. The open source code itself is licensed under the MIT license.',
  updated: LEGAL_UPDATED,
  sections: [
    {
      heading: 'Acceptance of terms',
      blocks: [
        {
          kind: 'p',
          text: 'By creating an account or using the service you agree to these terms. If you use Quire on behalf of an organisation, you agree to them for that organisation.',
        },
      ],
    },
    {
      heading: 'Eligibility',
      blocks: [
        {
          kind: 'p',
          text: 'You must be 18 years or older to use the service.',
        },
      ],
    },
    {
      heading: 'Your account',
      blocks: [
        {
          kind: 'p',
          text: 'Keep your password and API keys secret; you are responsible for what is done with them. Tell us at once through the [contact form](/contact) if you believe your account has been compromised.',
        },
      ],
    },
    {
      heading: 'Acceptable use',
      blocks: [
        {
          kind: 'list',
          items: [
            'Do not use the service for anything unlawful, or to generate content that infringes the rights of others.',
            'Do not try to break, overload or get around the limits and security of the service.',
            'Do not use the service to send unsolicited email.',
          ],
        },
      ],
    },
    {
      heading: 'Your content',
      blocks: [
        {
          kind: 'p',
          text: 'Your templates, data and reports remain yours. You give us permission to store and process them only to provide the service to you.',
        },
      ],
    },
    {
      heading: 'Plans and payment',
      blocks: [
        {
          kind: 'p',
          text: 'Paid plans are billed monthly in advance. You can change or cancel your plan at any time; a cancellation takes effect at the end of the paid month. Usage limits reset on the first day of each month (UTC).',
        },
      ],
    },
    {
      heading: 'Limitation of liability',
      blocks: [
        {
          kind: 'p',
          text: 'The service is provided as is. To the extent the law allows, our total liability for any claim arising from the service is limited to the amount you paid us in the last 12 months before the claim.',
        },
      ],
    },
    {
      heading: 'Termination',
      blocks: [
        {
          kind: 'p',
          text: 'You may stop using the service and delete your account at any time. We may suspend or close accounts that break these terms, and will tell you why.',
        },
      ],
    },
    {
      heading: 'Changes to these terms',
      blocks: [
        {
          kind: 'p',
          text: 'When we change these terms we update the date above and tell account holders by email before a significant change applies.',
        },
      ],
    },
  ],
};
