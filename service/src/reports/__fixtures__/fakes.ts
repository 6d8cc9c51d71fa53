import { getStarter, QuireError, type Starter, TemplateContent, type TemplateContentInput } from '@quire/core';
import type { DataSourcesPort, ReportEvent, TemplatesPort, WebhooksPort } from '../deps';
import type { ResolvedTemplate } from '../rendering';

/**
 * Stand-ins for the templates, data sources and webhooks modules (built by others, next to this one) at the
 * boundary between modules: in memory, with real template content. Tests only.
 */

/** Templates per team, each a list of versions; the latest is the published one. */
export class FakeTemplates implements TemplatesPort {
  readonly #teams = new Map<string, Map<string, TemplateContent[]>>();

  /** Adds a version (the first makes the template); returns its number. */
  add(teamId: string, templateId: string, content: TemplateContentInput): number {
    const templates = this.#teams.get(teamId) ?? new Map<string, TemplateContent[]>();
    this.#teams.set(teamId, templates);
    const versions = templates.get(templateId) ?? [];
    templates.set(templateId, versions);
    versions.push(TemplateContent.parse(content));
    return versions.length;
  }

  async resolveForRender(teamId: string, templateId: string, version?: number): Promise<ResolvedTemplate> {
    const versions = this.#teams.get(teamId)?.get(templateId);
    if (!versions) throw new QuireError('template_not_found');
    const number = version ?? versions.length;
    const content = versions[number - 1];
    if (!content) throw new QuireError('version_not_found');
    return { templateId, version: number, name: content.name, content };
  }
}

const starter = (id: string): Starter => {
  const found = getStarter(id);
  if (!found) throw new Error(`no starter ${id}`);
  return found;
};
const { id: _invoiceId, ...invoice } = starter('invoice');
const { id: _emailId, ...email } = starter('order-confirmation');

export const INVOICE_DATA = {
  ...invoice.sample_data,
  customer: { ...(invoice.sample_data.customer as object), name: 'Zephyr Test Corp' },
};
export const EMAIL_DATA = email.sample_data;

/** A table that takes seconds to lay out: `rows` rows of two cells. */
export function slowTableData(rows: number): Record<string, unknown> {
  return { rows: Array.from({ length: rows }, (_, n) => ({ n, name: `Row ${n}` })) };
}

/** The templates every test team gets, by id. */
export const TEMPLATES = {
  invoice: 'tpl_invoice',
  email: 'tpl_email',
  slow: 'tpl_slow',
  /** Parses, then goes over the Liquid memory limit while rendering (in the render worker). */
  overLimit: 'tpl_over_limit',
  /** Parses, then a filter refuses its argument while rendering. */
  badFilter: 'tpl_bad_filter',
  /** Does not parse. */
  syntax: 'tpl_syntax',
} as const;

export function seedTemplates(templates: FakeTemplates, teamId: string): void {
  templates.add(teamId, TEMPLATES.invoice, invoice);
  templates.add(teamId, TEMPLATES.email, email);
  templates.add(teamId, TEMPLATES.slow, {
    name: 'Slow table',
    html: '<h1>Rows</h1><table>{% for r in rows %}<tr><td>{{ r.n }}</td><td>{{ r.name }}</td></tr>{% endfor %}</table>',
  });
  templates.add(teamId, TEMPLATES.overLimit, {
    name: 'Over the limit',
    html: '{% for i in (1..99999999) %}{{ i }}{% endfor %}',
  });
  templates.add(teamId, TEMPLATES.badFilter, { name: 'Bad filter', html: '<p>{{ 12 | money: "NOPE" }}</p>' });
  templates.add(teamId, TEMPLATES.syntax, { name: 'Broken', html: '<p>{% if %}</p>' });
}

/** Data sources by id, for every team: `ds_customer` echoes its params; `ds_broken` fails. */
export const fakeDataSources: DataSourcesPort = {
  async load(_teamId, id, params) {
    if (id === 'ds_customer') {
      return { ...INVOICE_DATA, customer: { ...(INVOICE_DATA.customer as object), name: String(params.name) } };
    }
    if (id === 'ds_broken') throw new QuireError('data_source_error', { message: 'The API answered 500.' });
    throw new QuireError('data_source_not_found');
  },
};

/** Records what would be delivered. */
export class RecordingWebhooks implements WebhooksPort {
  readonly events: ReportEvent[] = [];
  async emit(event: ReportEvent): Promise<void> {
    this.events.push(event);
  }
  of(reportId: string): ReportEvent[] {
    return this.events.filter((event) => event.reportId === reportId);
  }
}
