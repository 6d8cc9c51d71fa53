// Type tests (tsc checks them; nothing runs). The fixture is what `quire-client types pull` writes for a team with
// the invoice starter (integration.test.ts keeps it so): it augments @quire/client's TemplateDataMap, as it does in a
// user's project.
import type {
  AiStream,
  Batch,
  Job,
  KnownTemplateId,
  Page,
  PagePromise,
  Quire,
  Report,
  ReportFile,
  TemplateData,
  TemplateMessageResult,
  TemplatePreview,
} from '@quire/client';
import { describe, expectTypeOf, it } from 'vitest';
import type { InvoiceData, InvoiceTemplateId } from './__fixtures__/quire-templates';

declare const quire: Quire;
declare const invoice: InvoiceData;
const id = 'tpl_fixtureInvoice01' as InvoiceTemplateId;

describe('TemplateDataMap', () => {
  it('maps a pulled template id to its data type, and any other id to any object', () => {
    expectTypeOf<KnownTemplateId>().toEqualTypeOf<InvoiceTemplateId>();
    expectTypeOf<TemplateData<InvoiceTemplateId>>().toEqualTypeOf<InvoiceData>();
    expectTypeOf<TemplateData<'tpl_somethingElse'>>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<TemplateData<string>>().toEqualTypeOf<Record<string, unknown>>();
  });
});

describe('rendering the invoice template', () => {
  it('accepts its data, by the id type or by the id itself', () => {
    expectTypeOf(quire.reports.create({ template_id: id, data: invoice })).toEqualTypeOf<Promise<Report>>();
    expectTypeOf(quire.reports.create({ template_id: 'tpl_fixtureInvoice01', data: invoice })).toEqualTypeOf<
      Promise<Report>
    >();
    expectTypeOf(quire.reports.create({ template_id: id, data: invoice, async: true })).toEqualTypeOf<Promise<Job>>();
    expectTypeOf(quire.reports.createFile({ template_id: id, data: invoice })).toEqualTypeOf<Promise<ReportFile>>();
    expectTypeOf(quire.templates.preview(id, { data: invoice })).toEqualTypeOf<Promise<TemplatePreview>>();
    expectTypeOf(quire.reports.create({ template_id: id, data_source: { id: 'ds_1' } })).toEqualTypeOf<
      Promise<Report>
    >();
  });

  it('refuses wrong data at compile time', () => {
    // @ts-expect-error customer lacks address_lines and email
    void quire.reports.create({ template_id: id, data: { ...invoice, customer: { name: 'Ada' } } });
    // @ts-expect-error company is missing
    void quire.reports.create({ template_id: id, data: { customer: invoice.customer, invoice: invoice.invoice } });
    // @ts-expect-error the invoice has no colour
    void quire.reports.create({ template_id: 'tpl_fixtureInvoice01', data: { ...invoice, colour: 'red' } });
    const taxRate = { ...invoice.invoice, tax_rate: '20%' };
    // @ts-expect-error tax_rate is a number
    void quire.reports.create({ template_id: id, data: { ...invoice, invoice: taxRate } });
    // @ts-expect-error async or not, the data is checked
    void quire.reports.create({ template_id: id, data: {}, async: true });
    // @ts-expect-error files too
    void quire.reports.createFile({ template_id: id, data: { number: 1 } });
    // @ts-expect-error previews and checks too
    void quire.templates.preview(id, { data: { number: 1 } });
    // @ts-expect-error previews and checks too
    void quire.templates.check(id, { data: { number: 1 } });
  });

  it('takes data or a data source, not both, and needs one of them', () => {
    // @ts-expect-error both
    void quire.reports.create({ template_id: id, data: invoice, data_source: { id: 'ds_1' } });
    // @ts-expect-error neither
    void quire.reports.create({ template_id: id });
  });

  it('types each item of a batch by its own template', () => {
    expectTypeOf(
      quire.reports.batches.create({
        items: [
          { template_id: id, data: invoice },
          { template_id: 'tpl_other', data: { anything: true } },
        ],
      }),
    ).toEqualTypeOf<Promise<Batch>>();
    void quire.reports.batches.create({
      // @ts-expect-error the invoice item's data is wrong
      items: [{ template_id: id, data: { anything: true } }],
    });
  });

  it('leaves templates it does not know untyped', () => {
    void quire.reports.create({ template_id: 'tpl_other', data: { anything: [1, 2, 3] } });
    const someId: string = 'tpl_fromSomewhere';
    void quire.reports.create({ template_id: someId, data: { anything: true } });
  });
});

describe('the rest of the surface', () => {
  it('answers pages, streams and typed events', () => {
    expectTypeOf(quire.reports.list()).toEqualTypeOf<PagePromise<Report>>();
    expectTypeOf<Awaited<PagePromise<Report>>>().toEqualTypeOf<Page<Report>>();
    const stream = quire.templates.messages.stream('tpl_1', { content: 'Blue title' });
    expectTypeOf(stream).toEqualTypeOf<AiStream<TemplateMessageResult>>();
    expectTypeOf(stream.finalResult()).toEqualTypeOf<Promise<TemplateMessageResult>>();
    void quire.ai.generate({ prompt: 'An invoice', data_source_id: 'ds_1', params: { month: 3 } });
    // A sentence alone: the writer proposes the data, as the service's AI route accepts.
    void quire.ai.generate({ prompt: 'An invoice' });
    // @ts-expect-error a data sample or a data source, not both
    void quire.ai.generate({ prompt: 'x', kind: 'document', data_sample: {}, data_source_id: 'ds_1' });
    // @ts-expect-error params go with a data source
    void quire.ai.generate({ prompt: 'x', schema: { type: 'object' }, params: {} });
  });
});
