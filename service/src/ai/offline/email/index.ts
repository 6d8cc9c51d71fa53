import type { JsonSchemaDocument, TemplateContent } from '@quire/core';
import { sampleFromSchema } from '@quire/core';
import type { OfflineAnswer } from '../answer';
import { dataShape } from '../bind';
import { parseInstruction } from '../instruction';
import { JA_EMAIL_KIND_WORDS } from '../ja/words';
import { LANGUAGE_NAMES } from '../labels';
import { fold, listText } from '../text';
import { readRequest } from '../understand';
import { bindEmail } from './bind';
import { composeEmail } from './compose';
import { EMAIL_KIND_WORDS, EMAIL_PRESETS, type EmailKind, usedSlots } from './kinds';
import { type EmailSpec, readEmailSpec } from './spec';

/**
 * Emails, written by the offline provider: a request is read for the kind of email (password reset, email
 * verification, welcome, order confirmation, shipping notification, receipt, invoice, reminder, else a general
 * notification), its colour and font; the kind's preset is bound to the user's data when there is some, and
 * composed as MJML with Liquid. Refinements change the colour, the font, the text size, the heading and the items
 * table of an email it wrote; anything else it says it cannot do.
 */

/** A page the answer format needs; emails have none, and the authoring loop ignores it for them. */
const NO_PAGE = {
  size: 'A4' as const,
  orientation: 'portrait' as const,
  margins: { top: 10, right: 10, bottom: 10, left: 10 },
};

const KIND_NAMES: Record<EmailKind, string> = {
  password_reset: 'password reset email',
  verify_email: 'email address confirmation',
  welcome: 'welcome email',
  order_confirmation: 'order confirmation email',
  shipping: 'shipping notification',
  receipt: 'payment receipt email',
  invoice: 'invoice email',
  reminder: 'appointment reminder',
  notification: 'notification email',
};

export function emailKindOf(prompt: string): { kind: EmailKind; found: boolean } {
  const text = fold(prompt);
  for (const [kind, words] of EMAIL_KIND_WORDS) if (words.test(text)) return { kind, found: true };
  for (const [kind, words] of JA_EMAIL_KIND_WORDS) if (words.test(text)) return { kind, found: true };
  return { kind: 'notification', found: false };
}

export interface EmailInput {
  prompt: string;
  schema?: JsonSchemaDocument;
  sample?: Record<string, unknown>;
}

function answerOf(reply: string, spec: EmailSpec, sample: Record<string, unknown>, name?: string): OfflineAnswer {
  const composed = composeEmail(spec);
  return {
    reply,
    content: {
      name: name ?? composed.name,
      html: composed.html,
      css: '',
      page: NO_PAGE,
      sample_data: sample,
      footer_html: '',
    },
  };
}

/** What the email has, for the reply: "with a Reset password button and the order's items with totals". */
function contents(spec: EmailSpec): string {
  const preset = EMAIL_PRESETS[spec.kind];
  const bits: string[] = [];
  if (preset.button) bits.push(preset.button.label.includes('{') ? 'a button' : `a “${preset.button.label}” button`);
  if (spec.items) bits.push(`the items${preset.items?.totals.length ? ' with totals' : ''}`);
  if (preset.details.length) bits.push('a box of details');
  return bits.length ? ` with ${listText(bits)}` : '';
}

const label = (path: string) => `\`${path}\``;

export function generateEmail(input: EmailInput): OfflineAnswer {
  const request = readRequest(input.prompt);
  const { kind, found } = emailKindOf(input.prompt);
  const preset = EMAIL_PRESETS[kind];
  const spec: EmailSpec = {
    v: 1,
    kind,
    found,
    accent: request.accent ?? preset.accent,
    font: request.font ?? 'sans',
    size: request.size ? Math.round((request.size * 4) / 3) : 15,
    ...(request.title ? { heading: request.title } : {}),
    paths: Object.fromEntries([...usedSlots(preset)].map((name) => [name, preset.slots[name]?.path as string])),
    optional: [],
    ...(preset.items ? { items: { path: preset.items.path, name: 'name', quantity: 'quantity', price: 'price' } } : {}),
  };
  const notes: string[] = [];
  let sample: Record<string, unknown> = structuredClone(preset.sample);
  const shape = dataShape(input.schema, input.sample);
  if (shape) {
    const bound = bindEmail(preset, shape);
    spec.paths = bound.paths;
    const wanted = bound.missing.filter((name) => preset.slots[name]?.fallback === undefined);
    spec.optional = wanted;
    if (bound.items) spec.items = bound.items;
    else delete spec.items;
    sample = input.sample
      ? structuredClone(input.sample)
      : (sampleFromSchema(input.schema as never) as Record<string, unknown>);
    if (wanted.length > 0) {
      notes.push(
        `Your data has no ${listText(wanted.map((name) => `${preset.slots[name]?.phrase} (${label(spec.paths[name] as string)})`))}: the email leaves ${wanted.length === 1 ? 'it' : 'them'} out until your data has ${wanted.length === 1 ? 'it' : 'them'} under ${wanted.length === 1 ? 'that name' : 'those names'}.`,
      );
    }
    if (preset.items && !spec.items) notes.push('Your data has no list of items, so the email shows none.');
    if (bound.unused.length > 0) {
      notes.push(
        `Not shown from your data: ${listText(bound.unused.slice(0, 12).map(label))}${bound.unused.length > 12 ? ` and ${bound.unused.length - 12} more` : ''}.`,
      );
    }
  }
  const look = [
    request.accentName ? `in ${request.accentName.startsWith('#') ? spec.accent : request.accentName}` : '',
    request.font ? `with a ${{ sans: 'sans-serif', serif: 'serif', mono: 'monospace' }[request.font]} font` : '',
  ].filter(Boolean);
  const parts = [
    `Here is ${/^[aeiou]/.test(KIND_NAMES[kind]) ? 'an' : 'a'} ${KIND_NAMES[kind]} in MJML, 600 px wide${contents(spec)}${look.length ? `, ${look.join(' ')}` : ''}.`,
  ];
  if (!found) {
    parts.push(
      'I did not recognise a kind of email in your request, so I wrote a general notification; name it (a password reset, a welcome, an order confirmation, a shipping notification, a receipt, an invoice, a reminder...) for a better start.',
    );
  }
  if (request.language !== 'en') {
    parts.push(
      `The email's text is in English, not ${LANGUAGE_NAMES[request.language]}: the offline writer writes emails in English only. Edit the text, or use a model provider for other languages.`,
    );
  }
  parts.push(...notes);
  if (request.unsupported.length > 0) {
    parts.push(
      `I can't add ${listText(request.unsupported)} to an email offline; a model provider (Gemini or an OpenAI-compatible one) can.`,
    );
  }
  return answerOf(parts.join(' '), spec, sample);
}

function unchanged(current: TemplateContent, reply: string): OfflineAnswer {
  return {
    reply,
    content: {
      name: current.name,
      html: current.html,
      css: current.css,
      page: NO_PAGE,
      sample_data: current.sample_data,
      footer_html: current.footer_html,
    },
  };
}

const TABLE_WORDS = /\b(table|items|lines|products|totals)\b/i;

/** A refinement of an email: done on the spec of an email the offline writer wrote and nobody edited since. */
export function refineEmail(instruction: string, current: TemplateContent): OfflineAnswer {
  const recovered = readEmailSpec(current.html);
  if (!recovered) {
    return unchanged(
      current,
      "I can't edit this email offline: I did not write it, and the offline writer only changes emails it wrote. Edit the MJML yourself, or use a model provider. The template is unchanged.",
    );
  }
  if (!recovered.pristine) {
    return unchanged(
      current,
      'This email was edited since I wrote it, and I only change emails as I wrote them, so that no edit is lost. Edit the MJML yourself, or use a model provider. The template is unchanged.',
    );
  }
  const spec = structuredClone(recovered.spec);
  const done: string[] = [];
  const failed: string[] = [];
  for (const op of parseInstruction(instruction)) {
    switch (op.op) {
      case 'colour':
        spec.accent = op.hex;
        done.push(`made the accent ${op.name}`);
        break;
      case 'font':
        spec.font = op.font;
        done.push(`set a ${{ sans: 'sans-serif', serif: 'serif', mono: 'monospace' }[op.font]} font`);
        break;
      case 'size': {
        const px = op.pt ? (op.pt * 4) / 3 : spec.size * (op.factor ?? 1);
        spec.size = Math.min(22, Math.max(11, Math.round(px)));
        done.push(`set the text to ${spec.size} px`);
        break;
      }
      case 'title':
        spec.heading = op.text;
        done.push(`changed the heading to "${op.text}"`);
        break;
      case 'add':
      case 'remove':
      case 'feature':
      case 'section': {
        // "remove the items table", "add the table back", "no totals": the table is the one part an email has or not.
        const on = op.op === 'add' || ((op.op === 'feature' || op.op === 'section') && op.on);
        const table =
          ((op.op === 'add' || op.op === 'remove') && TABLE_WORDS.test(op.name)) ||
          (op.op === 'section' && op.section === 'table') ||
          (op.op === 'feature' && op.feature === 'totals');
        const preset = EMAIL_PRESETS[spec.kind].items;
        if (!table || !preset) {
          failed.push(
            op.op === 'section'
              ? `add or remove ${op.section}`
              : op.op === 'feature'
                ? `change ${op.feature}`
                : `${op.op} ${op.name}`,
          );
        } else if (!on) {
          delete spec.items;
          done.push('removed the items table');
        } else if (!spec.items) {
          spec.items = { path: preset.path, name: 'name', quantity: 'quantity', price: 'price' };
          done.push('added the items table');
        }
        break;
      }
      case 'language':
        failed.push(`write the email in ${LANGUAGE_NAMES[op.lang]} (the offline writer writes emails in English only)`);
        break;
      case 'unknown':
        failed.push(`"${op.text}"`);
        break;
      default:
        failed.push(op.op === 'unsupported' ? op.what : (LAYOUT_OPS[op.op] ?? `do "${op.op}" in an email`));
    }
  }
  if (done.length === 0) {
    return unchanged(
      current,
      `I can't ${failed.length ? listText(failed) : 'do that'} in an email offline: I can change its colour, font, text size, heading and items table. The template is unchanged.`,
    );
  }
  const reply = `I ${listText(done)}.${failed.length ? ` I could not ${listText(failed)}.` : ''}`;
  const name = current.name && current.name !== EMAIL_PRESETS[recovered.spec.kind].name ? current.name : undefined;
  return answerOf(reply, spec, current.sample_data ?? {}, name);
}

/** Document refinements an email has no part for, as the reply names them. */
const LAYOUT_OPS: Partial<Record<string, string>> = {
  placeLogo: 'move the logo',
  placeTotals: 'move the totals',
  numbered: 'make a numbered list',
  currency: 'change the currency',
  decimals: 'change the decimals',
  customSize: 'change the page size',
  margins: 'change the margins',
  effect: 'subtract or add a column',
  cannot: 'do that',
};

/** A repair of an email: composed again from its spec when nobody edited it, else left as it is. */
export function repairEmail(current: TemplateContent, problems: string[]): OfflineAnswer {
  const recovered = readEmailSpec(current.html);
  if (!recovered?.pristine) {
    return unchanged(
      current,
      `I can't repair this email offline: I only change emails as I wrote them. ${problems.length} problem${problems.length === 1 ? ' was' : 's were'} reported.`,
    );
  }
  return answerOf(
    `I composed the email again from the spec it was written from. ${problems.length} problem${problems.length === 1 ? ' was' : 's were'} reported.`,
    recovered.spec,
    current.sample_data ?? {},
    current.name,
  );
}
