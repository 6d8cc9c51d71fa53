import type { Starter } from '@quire/core';
import { getStarter } from '@quire/core';
import type { FakeTemplateSeed } from '../fake-quire/index';

/** The templates the stories' fake Quire holds, and drafts for the components that work without one. */

const invoice = getStarter('invoice') as Starter;

export const INVOICE_ID = 'tpl_H3kq9ZxT2mVb7NcW';
export const BLANK_ID = 'tpl_Bl4nkTmp8Xq2WzRv';
export const MISSING_ID = 'tpl_doesNotExist000';
export const LETTER_ID = 'tpl_L3ttEr5mPq8XwZ4c';

/** The invoice starter with a history: version 2 is published, version 3 is a draft ahead of it. */
export const invoiceTemplate: FakeTemplateSeed = {
  id: INVOICE_ID,
  starter: 'invoice',
  versions: [
    { message: 'Company name in the title', changes: { name: 'Invoice (Brightline)' } },
    { message: 'Navy title', changes: { css: `${invoice.css}\nh1 { color: #1f4e79; }\n` } },
  ],
  publishedVersion: 2,
  // What the service's render step finds on it: the long project name runs past the right margin.
  renderFindings: [
    {
      code: 'content_overflow',
      severity: 'warning',
      message: 'Content is wider than the page on page 1: the text overflows by 4 mm',
      line: 55,
      column: 5,
    },
  ],
  pages: 1,
};

/** A template saved with nothing in it yet. */
export const blankTemplate: FakeTemplateSeed = { id: BLANK_ID, content: { name: 'Untitled template', html: '' } };

/** The invoice starter's content, for components given a draft rather than a template. */
export const { id: _invoiceId, ...invoiceDraft } = invoice;

/** A small template whose Liquid is easy to read in a story. */
export const letterDraft = {
  name: 'Welcome letter',
  html: '<h1>Welcome, {{ customer.name }}</h1>\n<p>Your plan: {{ plan.name }} ({{ plan.price | money: "EUR" }} a month).</p>\n<ul>\n{% for feature in plan.features %}  <li>{{ feature }}</li>\n{% endfor %}</ul>\n',
  css: 'h1 { color: #0b5cad; }\n',
  sample_data: {
    customer: { name: 'Ada Lovelace' },
    plan: { name: 'Professional', price: 49, features: ['20 templates', '6,000 API calls a month', '3 members'] },
  },
};

/** A ledger long enough for several pages: a PDF viewer shows each page. */
export const ledgerDraft = {
  name: 'Ledger',
  html: '<h1>Ledger</h1>\n<table>\n<thead><tr><th>Item</th><th>Amount</th></tr></thead>\n<tbody>\n{% for row in rows %}<tr><td>{{ row.item }}</td><td>{{ row.amount | money: "EUR" }}</td></tr>\n{% endfor %}</tbody>\n</table>\n',
  css: 'table { width: 100%; border-collapse: collapse; }\ntd, th { border-bottom: 1px solid #ccc; padding: 4px; text-align: left; }\n',
  sample_data: {
    rows: Array.from({ length: 90 }, (_, i) => ({ item: `Row ${i + 1}`, amount: Math.round(i * 750) / 100 })),
  },
};

/** The welcome letter as a saved template (one page): reports are made of it. */
export const letterTemplate: FakeTemplateSeed = { id: LETTER_ID, content: letterDraft, pages: 1 };
