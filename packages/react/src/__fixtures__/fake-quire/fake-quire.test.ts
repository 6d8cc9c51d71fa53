// @vitest-environment node
import { type AiGenerateParams, APIError, Quire } from '@quire/client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createFakeQuire } from './index';

/**
 * The stories talk to a fake Quire; these tests hold the fake to the real one. The same calls go to the real
 * service (started for the test run) and to the fake, and every answer of the fake must have the shape of the
 * real one (the same fields, of the same types, all the way down), the same version numbers and the same errors.
 */

type Answers = Record<string, unknown>;

async function failure(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (!APIError.isInstance(error)) throw error;
    // Ids differ from one store to the other: the message is compared with the id left out.
    const message = error.message.replace(/tpl_[\w-]{16}/g, 'tpl_…');
    return {
      status: error.status,
      code: error.code,
      type: error.type,
      message,
      requestId: error.requestId,
      param: error.param,
    };
  }
  throw new Error('expected the call to fail');
}

/** One session of a builder's calls, from creating a template to an AI turn and the errors it can meet. */
async function session(quire: Quire): Promise<Answers> {
  const out: Answers = {};
  const created = await quire.templates.create({ starter_id: 'invoice' });
  out.create = created;
  out.get = await quire.templates.get(created.id);
  out.saveDraft = await quire.templates.update(created.id, { name: 'Invoice, second draft', publish: false });
  const versions = await quire.templates.versions.list(created.id, { limit: 1 });
  out.versionsPage = {
    object: 'list',
    data: versions.data,
    has_more: versions.has_more,
    next_cursor: versions.next_cursor,
  };
  out.version = await quire.templates.versions.get(created.id, 1);
  out.publish = await quire.templates.publish(created.id, 2);
  out.check = await quire.templates.check(created.id);
  out.checkWithoutData = await quire.templates.check(created.id, { data: {} });
  out.restore = await quire.templates.versions.restore(created.id, 1);
  out.preview = await quire.templates.preview(created.id, { format: 'html' });
  const events: unknown[] = [];
  for await (const event of quire.templates.messages.stream(created.id, { content: 'Make the title blue' })) {
    events.push(event);
  }
  out.events = events;
  out.thread = (await quire.templates.messages.list(created.id)).data;
  out.afterTurn = await quire.templates.get(created.id);
  const generation: { type: string; result?: { template: { id: string } } }[] = [];
  // No data at all: the service takes it (the model proposes the data), though the client's type asks for a hint.
  const fromSentence: AiGenerateParams = { prompt: 'A receipt for a coffee shop' };
  for await (const event of quire.ai.generateStream(fromSentence)) generation.push(event);
  out.generateEvents = generation;
  const generated = generation.find((event) => event.type === 'done')?.result;
  out.generated = generated;
  out.generatedThread = generated ? (await quire.templates.messages.list(generated.template.id)).data : null;
  out.generatedFromSample = await quire.ai.generate({
    prompt: 'An invoice for one line of work',
    data_sample: { number: 'A-1', client: 'Ada Lovelace', total: 120.5 },
  });
  const report = await quire.reports.create({ template_id: created.id, format: 'html', data: created.sample_data });
  out.report = report;
  out.reportRead = await quire.reports.get(report.id);
  const file = await quire.reports.download(report.id);
  out.reportFile = {
    filename: file.filename,
    contentType: file.contentType,
    reportId: file.reportId === report.id,
    text: (await file.text()).slice(0, 15),
  };
  const direct = await quire.reports.createFile({
    template_id: created.id,
    format: 'html',
    filename: 'Facture',
    data: created.sample_data,
  });
  out.reportDirect = { filename: direct.filename, contentType: direct.contentType, reportId: typeof direct.reportId };
  out.noReport = await failure(quire.reports.get('rep_doesNotExist00'));
  out.starters = (await quire.starters.list()).data;
  out.starter = await quire.starters.get('invoice');
  out.notFound = await failure(quire.templates.get('tpl_doesNotExist1'));
  out.noVersion = await failure(quire.templates.versions.get(created.id, 99));
  out.syntaxError = await failure(quire.templates.update(created.id, { html: '<p>{% if %}</p>' }));
  out.noStarter = await failure(quire.starters.get('no-such-starter'));
  return out;
}

/** Fields whose content is the template's own data, not the API's shape: only their type is compared. */
const FREE_FORM = new Set(['sample_data', 'data_schema']);

/** Where `fake` has a field `real` lacks, lacks one it has, or has another type: the path and what differs. */
function differences(fake: unknown, real: unknown, path = '$'): string[] {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (kind(fake) !== kind(real)) return [`${path}: ${kind(fake)} in the fake, ${kind(real)} in the service`];
  if (FREE_FORM.has(path.slice(path.lastIndexOf('.') + 1))) return [];
  if (Array.isArray(fake) && Array.isArray(real)) {
    if (real.length === 0) return [];
    // Each item must have the shape of some item of the real list (lists mix shapes: findings with or without a path).
    return fake.flatMap((item, i) => {
      const candidates = real.map((r) => differences(item, r, `${path}[${i}]`));
      return candidates.some((c) => c.length === 0) ? [] : (candidates.sort((a, b) => a.length - b.length)[0] ?? []);
    });
  }
  if (kind(fake) === 'object') {
    const f = fake as Record<string, unknown>;
    const r = real as Record<string, unknown>;
    const keys = new Set([...Object.keys(f), ...Object.keys(r)]);
    return [...keys].flatMap((key) => {
      if (!(key in r)) return [`${path}.${key}: only in the fake`];
      if (!(key in f)) return [`${path}.${key}: missing from the fake`];
      return differences(f[key], r[key], `${path}.${key}`);
    });
  }
  return [];
}

const DATA_FINDINGS = new Set(['missing_variable', 'unused_variable', 'type_mismatch', 'template_syntax_error']);
const dataFindings = (check: unknown) =>
  (check as { findings: { code: string; path?: string }[] }).findings
    .filter((f) => DATA_FINDINGS.has(f.code))
    .map((f) => `${f.code} ${f.path ?? ''}`)
    .sort();

describe('the fake Quire of the stories', () => {
  let real: Answers;
  let fake: Answers;
  beforeAll(async () => {
    real = await session(new Quire({ baseUrl: inject('quireUrl'), apiKey: inject('quireApiKey'), maxRetries: 0 }));
    fake = await session(createFakeQuire().client);
  }, 60_000);

  it.each([
    'create',
    'get',
    'saveDraft',
    'versionsPage',
    'version',
    'publish',
    'check',
    'checkWithoutData',
    'restore',
    'preview',
    'thread',
    'afterTurn',
    'generated',
    'generatedThread',
    'generatedFromSample',
    'report',
    'reportRead',
    'starters',
    'starter',
    'notFound',
    'noVersion',
    'syntaxError',
    'noStarter',
  ])('answers %s with the shape the service answers it', (name) => {
    expect(differences(fake[name], real[name])).toEqual([]);
  });

  it('streams an AI turn with the events and the result the service streams', () => {
    const byType = (events: unknown) => {
      const map: Record<string, unknown[]> = {};
      for (const event of events as { type: string }[]) map[event.type] = [...(map[event.type] ?? []), event];
      return map;
    };
    const f = byType(fake.events);
    const r = byType(real.events);
    expect(Object.keys(f).sort()).toEqual(Object.keys(r).sort());
    for (const type of Object.keys(r)) expect(differences(f[type], r[type], type)).toEqual([]);
    const stages = (events: unknown) =>
      (events as { type: string; stage?: string }[]).filter((e) => e.type === 'progress').map((e) => e.stage);
    expect(stages(fake.events)).toEqual(stages(real.events));
  });

  it('reports what an AI turn checked in the words the service uses', () => {
    type Checked = { check: string; data_set?: string; description: string; ok: boolean };
    const checks = (answers: Answers) => {
      const done = (answers.events as { type: string; result?: { report: { checked: Checked[] } } }[]).find(
        (event) => event.type === 'done',
      );
      // The fake renders with the sample only; the service also with generated edge cases.
      return done?.result?.report.checked
        .filter((item) => item.check !== 'render' || item.data_set === 'sample')
        .map(({ check, description, ok }) => ({ check, description, ok }));
    };
    expect(checks(real)?.map((item) => item.check)).toEqual(['answer', 'sanitise', 'liquid_syntax', 'render']);
    expect(checks(fake)).toEqual(checks(real));
  });

  it('streams a template written from a sentence with the events and the result the service streams', () => {
    const types = (events: unknown) => [...new Set((events as { type: string }[]).map((e) => e.type))].sort();
    expect(types(fake.generateEvents)).toEqual(types(real.generateEvents));
    const facts = (answers: Answers, name: string) => {
      const { template } = answers[name] as { template: Record<string, unknown> };
      const { description, tags, latest_version, published_version } = template;
      return { description, tags, latest_version, published_version };
    };
    expect(facts(fake, 'generated')).toEqual(facts(real, 'generated'));
    expect(facts(fake, 'generatedFromSample')).toEqual(facts(real, 'generatedFromSample'));
    const sample = (answers: Answers) =>
      (answers.generatedFromSample as { template: { sample_data: unknown } }).template.sample_data;
    expect(sample(fake)).toEqual(sample(real));
  });

  it('numbers versions and moves the published one as the service does', () => {
    const pointers = (answers: Answers) =>
      ['create', 'saveDraft', 'publish', 'restore', 'afterTurn'].map((name) => {
        const t = answers[name] as { latest_version: number; published_version: number };
        return [name, t.latest_version, t.published_version];
      });
    expect(pointers(fake)).toEqual(pointers(real));
    const versions = (answers: Answers) =>
      (answers.versionsPage as { data: { version: number; message: string }[] }).data;
    expect(versions(fake)).toEqual(
      versions(real).map((v) => expect.objectContaining({ version: v.version, message: v.message })),
    );
  });

  it('finds the data problems the service finds', () => {
    expect(dataFindings(fake.checkWithoutData)).toEqual(dataFindings(real.checkWithoutData));
    expect(dataFindings(fake.check)).toEqual(dataFindings(real.check));
  });

  it('fails with the status, code, type and message the service fails with', () => {
    for (const name of ['notFound', 'noVersion', 'syntaxError', 'noStarter', 'noReport']) {
      const { requestId: fakeId, ...f } = fake[name] as { requestId?: string };
      const { requestId: realId, ...r } = real[name] as { requestId?: string };
      expect(f, name).toEqual(r);
      expect(fakeId).toMatch(/^req_/);
      expect(realId).toMatch(/^req_/);
    }
  });

  it('names, types and downloads report files as the service does', () => {
    expect(fake.reportFile).toEqual(real.reportFile);
    expect(fake.reportDirect).toEqual(real.reportDirect);
    const facts = (answers: Answers) => {
      const { status, format, filename, content_type, template_version } = answers.report as Record<string, unknown>;
      return { status, format, filename, content_type, template_version };
    };
    expect(facts(fake)).toEqual(facts(real));
  });

  it('serves the starters of @quire/core, as the service does', () => {
    expect(fake.starters).toEqual(real.starters);
    expect(fake.starter).toEqual(real.starter);
  });
});
