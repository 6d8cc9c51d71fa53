import type { TextPageContent } from './page-model';

/** /security: how Quire protects accounts, templates and data. */
export const SECURITY: TextPageContent = {
  eyebrow: 'Security',
  title: 'Security at Quire',
  lead: 'Quire renders templates and data that other people write. It is built on the assumption that some of them will try something.',
  sections: [
    {
      heading: 'Sandboxed templates',
      blocks: [
        {
          kind: 'p',
          text: 'Templates are rendered by a Liquid engine that reads only the data it is given, with limits on parsing, rendering time, memory and nesting. PDFs are drawn by Quire’s own layout engine, which runs no scripts and fetches nothing from the network: images and fonts come from the template itself or from the fonts bundled with Quire. Previews show in a sandboxed frame that allows no scripts, and what the AI writes is sanitised before it is saved.',
        },
      ],
    },
    {
      heading: 'Accounts and sessions',
      blocks: [
        {
          kind: 'list',
          items: [
            'Passwords are hashed with scrypt; we never store or log them.',
            'Sign-in sessions use short-lived access tokens and rotating refresh tokens; a refresh token used twice ends the session.',
            'Two-factor authentication with any authenticator app (TOTP).',
            'Email verification and password reset links are single use and expire.',
          ],
        },
      ],
    },
    {
      heading: 'API keys and embedded builders',
      blocks: [
        {
          kind: 'p',
          text: 'API keys carry a role (admin, editor, member or viewer) and are stored only as hashes. A builder embedded in your own app uses a short-lived embed token minted by your backend, scoped to a team, to chosen templates and permissions, and usable only from the origins your key names.',
        },
      ],
    },
    {
      heading: 'Outbound requests',
      blocks: [
        {
          kind: 'p',
          text: 'Data sources and webhooks cannot reach loopback, private or link-local addresses unless the operator allows them, so a template or a data source cannot be used to probe the network the service runs in. Webhook deliveries are signed so that you can verify they came from Quire.',
        },
      ],
    },
    {
      heading: 'Limits and abuse',
      blocks: [
        {
          kind: 'p',
          text: 'Every credential and address is rate limited, public forms are protected by a proof-of-work captcha that needs no third party, and every sensitive action (keys, members, plans, data sources) is written to the team’s audit log.',
        },
      ],
    },
    {
      heading: 'Reporting a vulnerability',
      blocks: [
        {
          kind: 'p',
          text: 'If you find a security problem, please tell us privately through the [contact form](/contact) before disclosing it. We will acknowledge your report within three working days and keep you informed until it is fixed.',
        },
      ],
    },
  ],
};
