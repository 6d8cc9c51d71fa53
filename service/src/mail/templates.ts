import mjml2html from 'mjml';

/** The emails Quire sends, with the variables each one needs. */
export interface EmailVars {
  verify_email: { name?: string; link: string };
  reset_password: { name?: string; link: string };
  invitation: { inviter: string; team: string; role: string; link: string };
  contact_copy: { name: string; message: string };
  /** The operator's copy of a contact-form message. */
  contact: { name: string; email: string; message: string };
}
export type EmailKind = keyof EmailVars;

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

interface Template<K extends EmailKind> {
  subject(vars: EmailVars[K]): string;
  /** MJML body content; `{{name}}` placeholders are filled, escaped, after compilation. */
  body: string;
  text(vars: EmailVars[K]): string;
  /** Variables that must be http(s) URLs: they end up in href attributes. */
  links: (keyof EmailVars[K])[];
}

const greeting = (name?: string) => (name ? `Hello ${name},` : 'Hello,');

const button = (label: string) =>
  `<mj-button href="{{link}}" background-color="#4f46e5" border-radius="6px" font-weight="600">${label}</mj-button>
   <mj-text font-size="12px" color="#6b7280">If the button does not work, open this link: <a href="{{link}}">{{link}}</a></mj-text>`;

const TEMPLATES: { [K in EmailKind]: Template<K> } = {
  verify_email: {
    subject: () => 'Confirm your email',
    body: `<mj-text>{{greeting}}</mj-text>
      <mj-text>Please confirm your email address to finish setting up your Quire account.</mj-text>
      ${button('Confirm your email')}`,
    text: (v) =>
      `${greeting(v.name)}\n\nPlease confirm your email address to finish setting up your Quire account:\n\n${v.link}\n`,
    links: ['link'],
  },
  reset_password: {
    subject: () => 'Reset your password',
    body: `<mj-text>{{greeting}}</mj-text>
      <mj-text>Someone asked to reset the password of your Quire account. The link expires in 1 hour.</mj-text>
      ${button('Reset your password')}
      <mj-text font-size="12px" color="#6b7280">If you did not ask for this, ignore this email: your password stays as it is.</mj-text>`,
    text: (v) =>
      `${greeting(v.name)}\n\nSomeone asked to reset the password of your Quire account. The link expires in 1 hour:\n\n${v.link}\n\nIf you did not ask for this, ignore this email: your password stays as it is.\n`,
    links: ['link'],
  },
  invitation: {
    subject: (v) => `${v.inviter} invited you to ${v.team} on Quire`,
    body: `<mj-text>{{inviter}} invited you to join <strong>{{team}}</strong> on Quire as {{role}}.</mj-text>
      ${button('Accept the invitation')}`,
    text: (v) =>
      `${v.inviter} invited you to join ${v.team} on Quire as ${v.role}.\n\nAccept the invitation:\n\n${v.link}\n`,
    links: ['link'],
  },
  contact_copy: {
    subject: () => 'We received your message',
    body: `<mj-text>{{greeting}}</mj-text>
      <mj-text>Thank you for writing to Quire. We received your message and will answer soon. Here is a copy:</mj-text>
      <mj-text background-color="#f3f4f6" padding="16px">{{message}}</mj-text>`,
    text: (v) =>
      `${greeting(v.name)}\n\nThank you for writing to Quire. We received your message and will answer soon. Here is a copy:\n\n${v.message}\n`,
    links: [],
  },
  contact: {
    subject: (v) => `Contact form: message from ${v.name}`,
    body: `<mj-text>{{name}} &lt;{{email}}&gt; wrote through the contact form:</mj-text>
      <mj-text padding="16px">{{message}}</mj-text>
      <mj-text font-size="12px" color="#6b7280">Reply to this email to answer them.</mj-text>`,
    text: (v) => `${v.name} <${v.email}> wrote through the contact form:\n\n${v.message}\n`,
    links: [],
  },
};

const layout = (body: string) => `<mjml>
  <mj-head>
    <mj-title>{{subject}}</mj-title>
    <mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text font-size="15px" line-height="1.5" color="#111827" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f9fafb">
    <mj-section><mj-column><mj-text font-size="20px" font-weight="700">Quire</mj-text></mj-column></mj-section>
    <mj-section background-color="#ffffff" border-radius="8px"><mj-column>${body}</mj-column></mj-section>
    <mj-section><mj-column><mj-text font-size="12px" color="#9ca3af">You receive this email because of an action on Quire.</mj-text></mj-column></mj-section>
  </mj-body>
</mjml>`;

// MJML compilation takes tens of milliseconds, so each template is compiled once; variables are filled in after.
const compiled = new Map<EmailKind, Promise<string>>();

function compile(kind: EmailKind): Promise<string> {
  let html = compiled.get(kind);
  if (!html) {
    html = mjml2html(layout(TEMPLATES[kind].body), { validationLevel: 'strict' }).then((result) => result.html);
    // A failed compilation is a bug in a template; do not keep the rejection cached.
    html.catch(() => compiled.delete(kind));
    compiled.set(kind, html);
  }
  return html;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Renders one email: subject, HTML (every variable escaped) and a plain-text version. */
export async function renderEmail<K extends EmailKind>(kind: K, vars: EmailVars[K]): Promise<RenderedEmail> {
  const template = TEMPLATES[kind] as Template<K>;
  for (const key of template.links) {
    const link = String(vars[key]);
    // A javascript: or data: URL in an href would be a script in the reader's mail client.
    if (!/^https?:\/\//i.test(link)) throw new Error(`${kind}: ${String(key)} must be an http(s) URL`);
  }
  const subject = template.subject(vars);
  const values: Record<string, string | undefined> = { ...(vars as Record<string, string | undefined>), subject };
  values.greeting = greeting(values.name);
  const html = (await compile(kind)).replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${kind}: missing variable ${name}`);
    // One pass: a value that contains "{{…}}" is never expanded again.
    return escapeHtml(value).replace(/\r?\n/g, '<br />');
  });
  return { subject, html, text: template.text(vars) };
}
