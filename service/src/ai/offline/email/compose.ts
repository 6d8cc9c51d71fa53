import { FONT_FAMILIES, luminance, mixWhite } from '../blocks/theme';
import { escapeHtml } from '../text';
import { EMAIL_PRESETS, type EmailPreset, type Slot } from './kinds';
import { type EmailSpec, emailSpecComment } from './spec';

/**
 * An email spec as MJML with Liquid: a coloured band with the sender's name, the heading and text, a button, the
 * details and the items with their totals when the kind has them, and a footer saying who sent it and why. 600 px
 * wide, every colour and size in mj-attributes or inline styles, so that mail clients show it as MJML renders it.
 */

const TEXT = '#1f2933';
const MUTED = '#616e7c';
const LINE = '#dde3ea';
const BACKGROUND = '#f4f6f8';

/** A Liquid string literal. */
const literal = (text: string) => `"${text.replace(/["\\]/g, '')}"`;

interface Context {
  spec: EmailSpec;
  preset: EmailPreset;
}

function slotOf(ctx: Context, name: string): (Slot & { at: string; optional: boolean }) | undefined {
  const slot = ctx.preset.slots[name];
  const at = ctx.spec.paths[name];
  if (!slot || !at) return undefined;
  return { ...slot, at, optional: slot.fallback !== undefined || ctx.spec.optional.includes(name) };
}

/** The Liquid that prints a slot, with its type's filter and its fallback. */
function print(ctx: Context, name: string): string {
  const slot = slotOf(ctx, name);
  if (!slot) return '';
  switch (slot.type) {
    case 'date':
      return `{{ ${slot.at} | date: "long" }}`;
    case 'money':
      return `{{ ${slot.at} | money: currency }}`;
    default:
      return slot.optional ? `{{ ${slot.at} | default: ${literal(slot.fallback ?? '')} }}` : `{{ ${slot.at} }}`;
  }
}

/** A text of the preset with its `{slot}`s printed. */
function fill(ctx: Context, text: string): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (ctx.preset.slots[name] ? print(ctx, name) : whole));
}

/** A paragraph shown only when the data has what it names that the data may lack (no fallback would read well). */
function guarded(ctx: Context, text: string, body: string): string {
  const lacking = [...text.matchAll(/\{(\w+)\}/g)]
    .map(([, name]) => name as string)
    .filter((name) => ctx.spec.optional.includes(name) && ctx.spec.paths[name]);
  if (lacking.length === 0) return body;
  return `{% if ${lacking.map((name) => `${ctx.spec.paths[name]} != blank`).join(' and ')} %}${body}{% endif %}`;
}

/** `{% if x != blank %}…{% endif %}` around what shows a slot the data may lack. */
function when(ctx: Context, name: string, body: string): string {
  const slot = slotOf(ctx, name);
  if (!slot) return '';
  return slot.optional ? `{% if ${slot.at} != blank %}${body}{% endif %}` : body;
}

function colours(accent: string) {
  const light = luminance(accent) > 0.45;
  return {
    band: accent,
    onBand: light ? TEXT : '#ffffff',
    heading: light ? TEXT : accent,
    tint: mixWhite(accent, 0.93),
  };
}

function detailsBlock(ctx: Context): string {
  const rows = ctx.preset.details
    .filter((d) => slotOf(ctx, d.slot))
    .map((d) =>
      when(
        ctx,
        d.slot,
        `\n          <tr><td style="padding:4px 0;color:${MUTED};width:42%;">${escapeHtml(d.label)}</td><td style="padding:4px 0;word-break:break-word;">${print(ctx, d.slot)}</td></tr>`,
      ),
    );
  if (rows.length === 0) return '';
  const { tint } = colours(ctx.spec.accent);
  return `
    <mj-section background-color="#ffffff" padding="0px 0px 8px 0px">
      <mj-column background-color="${tint}" padding="8px 0px">
        <mj-table>${rows.join('')}
        </mj-table>
      </mj-column>
    </mj-section>`;
}

function itemsBlock(ctx: Context): string {
  const items = ctx.spec.items;
  const preset = ctx.preset.items;
  if (!items || !preset) return '';
  const head = (label: string, align: string) =>
    `<th style="padding:6px 0;color:${MUTED};font-size:12px;text-align:${align};">${label}</th>`;
  const columns = [
    { head: head('Item', 'left'), cell: `{{ item.${items.name} }}`, align: 'left' },
    ...(items.quantity ? [{ head: head('Qty', 'center'), cell: `{{ item.${items.quantity} }}`, align: 'center' }] : []),
    ...(items.price
      ? [{ head: head('Price', 'right'), cell: `{{ item.${items.price} | money: currency }}`, align: 'right' }]
      : []),
  ];
  const totals = preset.totals
    .filter((t) => slotOf(ctx, t.slot))
    .map((t) => {
      const strong = t.strong
        ? `font-weight:bold;font-size:16px;border-top:2px solid ${ctx.spec.accent};`
        : `color:${MUTED};`;
      const row = `\n          <tr><td colspan="${columns.length - 1}" style="padding:6px 0;${strong}">${escapeHtml(t.label)}</td><td style="padding:6px 0;text-align:right;${t.strong ? strong : ''}">${print(ctx, t.slot)}</td></tr>`;
      return when(ctx, t.slot, row);
    });
  return `
    <mj-section background-color="#ffffff" padding="0px 0px 8px 0px">
      <mj-column>
        <mj-divider />
        <mj-table>
          <tr style="border-bottom:1px solid ${LINE};">${columns.map((c) => c.head).join('')}</tr>
          {% for item in ${items.path} %}
          <tr style="border-bottom:1px solid #eef1f4;">${columns.map((c) => `<td style="padding:8px 0;text-align:${c.align};word-break:break-word;">${c.cell}</td>`).join('')}</tr>
          {% else %}
          <tr><td colspan="${columns.length}" style="padding:8px 0;color:${MUTED};">No items</td></tr>
          {% endfor %}${totals.join('')}
        </mj-table>
      </mj-column>
    </mj-section>`;
}

function buttonBlock(ctx: Context): string {
  const button = ctx.preset.button;
  if (!button || !slotOf(ctx, button.slot)) return '';
  const url = `{{ ${ctx.spec.paths[button.slot]} }}`;
  const hint = ctx.preset.linkHint
    ? `\n        <mj-text font-size="12px" line-height="18px" color="${MUTED}">Button not working? Paste this link into your browser:<br><a href="${url}" style="color:${ctx.spec.accent};word-break:break-all;">${url}</a></mj-text>`
    : '';
  return when(
    ctx,
    button.slot,
    `\n        <mj-button href="${url}">${fill(ctx, escapeHtml(button.label))}</mj-button>${hint}`,
  );
}

/** The template's MJML (spec comment first) and its name. */
export function composeEmail(spec: EmailSpec): { name: string; html: string } {
  const preset = EMAIL_PRESETS[spec.kind];
  const ctx: Context = { spec, preset };
  const { band, onBand, heading } = colours(spec.accent);
  const size = Math.round(spec.size);
  const line = Math.round(size * 1.55);
  const currency = slotOf(ctx, 'currency');
  const assign = currency
    ? `{% assign currency = ${currency.at} | default: "USD" %}\n`
    : '{% assign currency = "USD" %}\n';
  const title = spec.heading ? escapeHtml(spec.heading) : fill(ctx, preset.heading);
  const paragraphs = (texts: string[]) =>
    texts.map((text) => `\n        ${guarded(ctx, text, `<mj-text>${fill(ctx, text)}</mj-text>`)}`).join('');
  const outro = preset.outro.length
    ? `
    <mj-section background-color="#ffffff" padding="4px 0px 24px 0px">
      <mj-column>${paragraphs(preset.outro)}
      </mj-column>
    </mj-section>`
    : '';
  const address = slotOf(ctx, 'address') ? when(ctx, 'address', ` · ${print(ctx, 'address')}`) : '';
  const mjml = `${assign}<mjml>
  <mj-head>
    <mj-title>${spec.heading ? escapeHtml(spec.heading) : fill(ctx, preset.subject)}</mj-title>
    <mj-preview>${fill(ctx, preset.preview)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${FONT_FAMILIES[spec.font].replace(/"/g, "'")}" />
      <mj-text font-size="${size}px" line-height="${line}px" color="${TEXT}" padding="6px 28px" />
      <mj-table font-size="${size - 1}px" line-height="${line - 2}px" color="${TEXT}" padding="6px 28px" />
      <mj-button background-color="${band}" color="${onBand}" font-size="${size}px" font-weight="bold" border-radius="4px" inner-padding="12px 28px" padding="18px 28px" align="left" />
      <mj-divider border-color="${LINE}" border-width="1px" padding="10px 28px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${BACKGROUND}" width="600px">
    <mj-section background-color="${band}" padding="20px 0px">
      <mj-column>
        <mj-text color="${onBand}" font-size="20px" line-height="26px" font-weight="bold">${print(ctx, 'company')}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="28px 0px 8px 0px">
      <mj-column>
        <mj-text font-size="${size + 9}px" line-height="${size + 17}px" font-weight="bold" color="${heading}">${title}</mj-text>${paragraphs(preset.intro)}${buttonBlock(ctx)}
      </mj-column>
    </mj-section>${detailsBlock(ctx)}${itemsBlock(ctx)}${outro}
    <mj-section padding="18px 0px">
      <mj-column>
        <mj-text align="center" font-size="11px" line-height="17px" color="${MUTED}">${print(ctx, 'company')}${address}<br>${fill(ctx, preset.reason)}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`;
  return { name: preset.name, html: `${emailSpecComment(spec, mjml)}${mjml}` };
}
