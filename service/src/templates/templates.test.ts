import { getStarter } from '@quire/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, startTemplatesApp, type TemplatesApp } from './__fixtures__/templates-app';

describe('templates: create, read, save, delete', () => {
  let app: TemplatesApp;
  let owner: Person;
  beforeAll(async () => {
    app = await startTemplatesApp();
    owner = await app.signUp('tplowner');
    // Room for many templates: the Free plan's limit has its own tests.
    await app.setPlan(owner.teamId, 'enterprise');
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (path: string, options: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    app.call(owner.token, path, options);
  const create = async (body: unknown) => {
    const answer = await call('/v1/templates', { method: 'POST', body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  };

  it('creates a blank template whose version 1 is published, with the content defaults', async () => {
    const answer = await call('/v1/templates', { method: 'POST', body: { name: 'Blank' } });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('location')).toBe(`/v1/templates/${answer.body.id}`);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^tpl_/),
      team_id: owner.teamId,
      name: 'Blank',
      description: '',
      kind: 'document',
      html: '',
      css: '',
      header_html: '',
      footer_html: '',
      page: { size: 'A4', orientation: 'portrait', margins: { top: 20, right: 18, bottom: 20, left: 18 } },
      sample_data: {},
      data_schema: null,
      validate_data: false,
      tags: [],
      published_version: 1,
      latest_version: 1,
      created_at: expect.any(String),
      updated_at: answer.body.created_at,
    });
    const read = await call(`/v1/templates/${answer.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(answer.body);
    const versions = await call(`/v1/templates/${answer.body.id}/versions`);
    expect(versions.body).toEqual({
      object: 'list',
      data: [
        {
          template_id: answer.body.id,
          version: 1,
          message: 'Created',
          created_by: owner.id,
          created_at: answer.body.created_at,
        },
      ],
      has_more: false,
      next_cursor: null,
    });
  });

  it('creates from HTML and keeps free-form JSON whose keys have dots and dollars', async () => {
    const sample = { 'a.b': { $c: [1, { 'd.e': null }] }, customer: { name: 'Ada' } };
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { 'x.y': { type: 'string' } },
    };
    const body = await create({
      name: 'From HTML',
      html: '<p>{{ customer.name }}</p>',
      css: 'p { color: red; }',
      tags: ['billing', 'customers'],
      sample_data: sample,
      data_schema: schema,
      page: { size: 'Letter', orientation: 'landscape' },
    });
    expect(body).toMatchObject({
      html: '<p>{{ customer.name }}</p>',
      css: 'p { color: red; }',
      tags: ['billing', 'customers'],
      sample_data: sample,
      data_schema: schema,
      page: { size: 'Letter', orientation: 'landscape', margins: { top: 20, right: 18, bottom: 20, left: 18 } },
    });
    expect((await call(`/v1/templates/${body.id}`)).body.sample_data).toEqual(sample);
  });

  it("creates from a starter with the starter's content; given fields replace the starter's", async () => {
    const starter = getStarter('invoice');
    const { id: _id, ...content } = starter as NonNullable<typeof starter>;
    const body = await create({ starter_id: 'invoice' });
    expect(body).toMatchObject(JSON.parse(JSON.stringify(content)));
    const renamed = await create({ starter_id: 'invoice', name: 'ACME invoice', tags: ['acme'] });
    expect(renamed).toMatchObject({ name: 'ACME invoice', tags: ['acme'], html: content.html, css: content.css });
    const versions = await call(`/v1/templates/${renamed.id}/versions`);
    expect(versions.body.data[0].message).toBe('Created from the Invoice starter');

    const missing = await call('/v1/templates', { method: 'POST', body: { starter_id: 'nope' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'starter_not_found', param: 'starter_id' });
  });

  it('refuses bad input with 400 validation_failed naming the field', async () => {
    const cases: [unknown, string | undefined][] = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x', kind: 'letter' }, 'kind'],
      [{ name: 'x', html: 42 }, 'html'],
      [{ name: 'x', page: { size: 'custom' } }, 'page.width_mm'],
      [{ name: 'x', tags: [''] }, 'tags.0'],
      [{ name: 'x', sample_data: [1] }, 'sample_data'],
      [{ name: 'x', surprise: true }, undefined],
    ];
    for (const [body, param] of cases) {
      const answer = await call('/v1/templates', { method: 'POST', body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      expect(answer.body.error.param).toBe(param);
    }
  });

  it('refuses, when it is saved, a page whose margins leave no room for content', async () => {
    const crowded = { size: 'A4', margins: { top: 20, right: 110, bottom: 20, left: 100 } };
    const made = await call('/v1/templates', { method: 'POST', body: { name: 'Crowded', page: crowded } });
    expect(made.status).toBe(400);
    expect(made.body.error).toMatchObject({
      code: 'validation_failed',
      param: 'page.margins',
      message:
        "page.margins: The page's margins leave no room for content: the page is 210mm wide and its left and right margins take 210mm.",
    });
    // The same margins across a landscape page leave room; a save that narrows the page again is refused.
    const wide = await create({ name: 'Wide', page: { ...crowded, orientation: 'landscape' } });
    const narrowed = await call(`/v1/templates/${wide.id}`, { method: 'PATCH', body: { page: crowded } });
    expect(narrowed.status).toBe(400);
    expect(narrowed.body.error).toMatchObject({ code: 'validation_failed', param: 'page.margins' });
    const kept = await call(`/v1/templates/${wide.id}`);
    expect(kept.body.page).toMatchObject({ orientation: 'landscape', margins: crowded.margins });
  });

  it('refuses a template whose Liquid does not parse, naming the part, line and column', async () => {
    const answer = await call('/v1/templates', {
      method: 'POST',
      body: { name: 'Broken', html: '<p>ok</p>\n{% if x %}<p>never closed</p>' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({ code: 'template_syntax_error', param: 'html', line: 2 });
  });

  it('lists newest first, a page at a time, by name (any case) and by tag', async () => {
    const made = [];
    for (const [name, tags] of [
      ['Paging Alpha', ['paging']],
      ['Paging beta', ['paging', 'special']],
      ['Paging GAMMA', ['paging']],
    ] as const) {
      made.push(await create({ name, tags }));
    }
    const first = await call('/v1/templates?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.map((t: { id: string }) => t.id)).toEqual([made[2].id, made[1].id]);
    expect(first.body).toMatchObject({ object: 'list', has_more: true, next_cursor: made[1].id });
    expect(Object.keys(first.body.data[0]).sort()).toEqual(
      [
        'created_at',
        'description',
        'id',
        'kind',
        'latest_version',
        'name',
        'published_version',
        'tags',
        'team_id',
        'updated_at',
      ].sort(),
    );
    const second = await call(`/v1/templates?limit=2&starting_after=${first.body.next_cursor}`);
    expect(second.body.data[0].id).toBe(made[0].id);

    const byName = await call('/v1/templates?q=paging%20a');
    expect(byName.body.data.map((t: { name: string }) => t.name)).toEqual(['Paging Alpha']);
    const byCase = await call('/v1/templates?q=PAGING&limit=2');
    expect(byCase.body).toMatchObject({ has_more: true, next_cursor: made[1].id });
    const rest = await call(`/v1/templates?q=PAGING&limit=2&starting_after=${made[1].id}`);
    expect(rest.body).toMatchObject({ data: [{ id: made[0].id }], has_more: false, next_cursor: null });
    const byTag = await call('/v1/templates?tag=special');
    expect(byTag.body.data.map((t: { id: string }) => t.id)).toEqual([made[1].id]);
    const both = await call('/v1/templates?tag=special&q=alpha');
    expect(both.body.data).toEqual([]);

    for (const query of ['starting_after=tpl_nothere', 'q=paging&starting_after=tpl_nothere']) {
      const answer = await call(`/v1/templates?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'invalid_cursor', param: 'starting_after' });
    }
    const bad = await call('/v1/templates?limit=1000');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', param: 'limit' });
  });

  it('saves every change as a new immutable version; old versions never change', async () => {
    const made = await create({ name: 'Versioned', html: '<p>{{ a }}</p>', tags: ['v'] });
    const saved = await call(`/v1/templates/${made.id}`, {
      method: 'PATCH',
      body: { html: '<p>{{ b }}</p>', message: 'Use b' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name: 'Versioned',
      html: '<p>{{ b }}</p>',
      tags: ['v'],
      published_version: 2,
      latest_version: 2,
    });
    expect(saved.body.updated_at >= made.updated_at).toBe(true);

    const one = await call(`/v1/templates/${made.id}/versions/1`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ template_id: made.id, version: 1, message: 'Created', created_by: owner.id });
    expect(one.body.content.html).toBe('<p>{{ a }}</p>');
    const two = await call(`/v1/templates/${made.id}/versions/2`);
    expect(two.body).toMatchObject({ version: 2, message: 'Use b', content: { html: '<p>{{ b }}</p>' } });

    // Whole fields only: `page` is replaced, with its own defaults.
    const paged = await call(`/v1/templates/${made.id}`, { method: 'PATCH', body: { page: { size: 'Legal' } } });
    expect(paged.body.page).toEqual({
      size: 'Legal',
      orientation: 'portrait',
      margins: { top: 20, right: 18, bottom: 20, left: 18 },
    });
    expect((await call(`/v1/templates/${made.id}/versions/1`)).body).toEqual(one.body);

    const bad = await call(`/v1/templates/${made.id}`, { method: 'PATCH', body: { name: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', param: 'name' });
    expect((await call(`/v1/templates/${made.id}`)).body.latest_version).toBe(3);
  });

  it('keeps a save with publish: false as a draft: shown and edited, but reports render the published one', async () => {
    const made = await create({ name: 'Drafty', html: '<p>live</p>' });
    const draft = await call(`/v1/templates/${made.id}`, {
      method: 'PATCH',
      body: { html: '<p>draft</p>', publish: false },
    });
    expect(draft.body).toMatchObject({ html: '<p>draft</p>', published_version: 1, latest_version: 2 });
    // The next partial save builds on the draft, not on the published version.
    const more = await call(`/v1/templates/${made.id}`, {
      method: 'PATCH',
      body: { css: 'p{}', publish: false },
    });
    expect(more.body).toMatchObject({ html: '<p>draft</p>', css: 'p{}', published_version: 1, latest_version: 3 });
    expect((await call(`/v1/templates/${made.id}`)).body.html).toBe('<p>draft</p>');
    const resolved = await app.templates.resolveForRender(owner.teamId, made.id);
    expect(resolved).toMatchObject({ templateId: made.id, version: 1, name: 'Drafty' });
    expect(resolved.content.html).toBe('<p>live</p>');
    const pinned = await app.templates.resolveForRender(owner.teamId, made.id, 3);
    expect(pinned.content).toMatchObject({ html: '<p>draft</p>', css: 'p{}' });

    // A draft may be broken; publishing it may not.
    const broken = await call(`/v1/templates/${made.id}`, {
      method: 'PATCH',
      body: { html: '{% for x in %}', publish: false },
    });
    expect(broken.status).toBe(200);
    const refused = await call(`/v1/templates/${made.id}/publish`, { method: 'POST', body: { version: 4 } });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'template_syntax_error', param: 'html' });
    const refusedSave = await call(`/v1/templates/${made.id}`, { method: 'PATCH', body: { css: 'x' } });
    expect(refusedSave.status).toBe(422);
  });

  it('publishes a chosen version, and refuses versions that do not exist', async () => {
    const made = await create({ name: 'Publisher', html: 'one' });
    await call(`/v1/templates/${made.id}`, { method: 'PATCH', body: { html: 'two' } });
    const back = await call(`/v1/templates/${made.id}/publish`, { method: 'POST', body: { version: 1 } });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ html: 'two', published_version: 1, latest_version: 2 });
    expect((await app.templates.resolveForRender(owner.teamId, made.id)).content.html).toBe('one');

    const none = await call(`/v1/templates/${made.id}/publish`, { method: 'POST', body: { version: 9 } });
    expect(none.status).toBe(404);
    expect(none.body.error).toMatchObject({ code: 'version_not_found', param: 'version' });
    const bad = await call(`/v1/templates/${made.id}/publish`, { method: 'POST', body: { version: 'one' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', param: 'version' });
    await expect(app.templates.resolveForRender(owner.teamId, made.id, 9)).rejects.toMatchObject({
      code: 'version_not_found',
    });
  });

  it('restores an old version as a new published version, leaving the history as it was', async () => {
    const made = await create({ name: 'Restorable', html: 'first', css: 'a{}' });
    await call(`/v1/templates/${made.id}`, { method: 'PATCH', body: { html: 'second', css: '' } });
    const restored = await call(`/v1/templates/${made.id}/versions/1/restore`, { method: 'POST' });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ html: 'first', css: 'a{}', published_version: 3, latest_version: 3 });
    const history = await call(`/v1/templates/${made.id}/versions`);
    expect(history.body.data.map((v: { version: number; message: string }) => [v.version, v.message])).toEqual([
      [3, 'Restored version 1'],
      [2, ''],
      [1, 'Created'],
    ]);
    const noted = await call(`/v1/templates/${made.id}/versions/2/restore`, {
      method: 'POST',
      body: { message: 'Back to second' },
    });
    expect(noted.body).toMatchObject({ html: 'second', latest_version: 4 });
    for (const version of ['9', 'abc', '0', '1.5']) {
      const answer = await call(`/v1/templates/${made.id}/versions/${version}/restore`, { method: 'POST' });
      expect(answer.status, version).toBe(404);
      expect(answer.body.error.code).toBe('version_not_found');
      expect((await call(`/v1/templates/${made.id}/versions/${version}`)).status).toBe(404);
    }
  });

  it('pages through versions newest first, by version number', async () => {
    const made = await create({ name: 'Long history' });
    for (let i = 2; i <= 5; i++) await call(`/v1/templates/${made.id}`, { method: 'PATCH', body: { html: `v${i}` } });
    const first = await call(`/v1/templates/${made.id}/versions?limit=2`);
    expect(first.body.data.map((v: { version: number }) => v.version)).toEqual([5, 4]);
    expect(first.body).toMatchObject({ has_more: true, next_cursor: '4' });
    const second = await call(`/v1/templates/${made.id}/versions?limit=2&starting_after=4`);
    expect(second.body.data.map((v: { version: number }) => v.version)).toEqual([3, 2]);
    const last = await call(`/v1/templates/${made.id}/versions?limit=2&starting_after=2`);
    expect(last.body).toMatchObject({ data: [{ version: 1 }], has_more: false, next_cursor: null });
    const bad = await call(`/v1/templates/${made.id}/versions?starting_after=77`);
    expect(bad.body.error).toMatchObject({ code: 'invalid_cursor', param: 'starting_after' });
  });

  it('never loses a change when saves of one template race: each builds on the one before', async () => {
    const made = await create({ name: 'Raced' });
    const changes = [
      { description: 'described' },
      { css: 'p { margin: 0 }' },
      { header_html: '<p>head</p>' },
      { footer_html: '<p>foot</p>' },
      { tags: ['raced'] },
      { html: '<p>body</p>' },
    ];
    const answers = await Promise.all(
      changes.map((body) => call(`/v1/templates/${made.id}`, { method: 'PATCH', body })),
    );
    expect(answers.map((a) => a.status)).toEqual(changes.map(() => 200));
    const final = await call(`/v1/templates/${made.id}`);
    expect(final.body).toMatchObject({ latest_version: 7, published_version: 7, ...Object.assign({}, ...changes) });
    const history = await call(`/v1/templates/${made.id}/versions`);
    expect(history.body.data.map((v: { version: number }) => v.version)).toEqual([7, 6, 5, 4, 3, 2, 1]);
  });

  it('duplicates the published content (not a draft) under a new name, as a new template', async () => {
    const made = await create({ name: 'Original', html: 'published', tags: ['dup'] });
    await call(`/v1/templates/${made.id}`, { method: 'PATCH', body: { html: 'draft', publish: false } });
    const copy = await call(`/v1/templates/${made.id}/duplicate`, { method: 'POST' });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      name: 'Original (copy)',
      html: 'published',
      tags: ['dup'],
      published_version: 1,
      latest_version: 1,
    });
    expect(copy.body.id).not.toBe(made.id);
    const named = await call(`/v1/templates/${made.id}/duplicate`, { method: 'POST', body: { name: 'Second' } });
    expect(named.body.name).toBe('Second');
    const long = await create({ name: 'x'.repeat(200) });
    const longCopy = await call(`/v1/templates/${long.id}/duplicate`, { method: 'POST' });
    expect(longCopy.body.name).toHaveLength(200);
    expect(longCopy.body.name.endsWith(' (copy)')).toBe(true);
  });

  it('deletes a template and all its versions, for good', async () => {
    const made = await create({ name: 'Doomed' });
    await call(`/v1/templates/${made.id}`, { method: 'PATCH', body: { html: 'again' } });
    const before = (await app.usage.summary(owner.teamId)).usage.templates.used;
    const deleted = await call(`/v1/templates/${made.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: made.id, deleted: true });
    expect((await app.usage.summary(owner.teamId)).usage.templates.used).toBe(before - 1);
    const versions = await app.store.collection<{ id: string; templateId: string }>({ name: 'template_versions' });
    expect(await versions.count({ templateId: made.id })).toBe(0);
    for (const path of [`/v1/templates/${made.id}`, `/v1/templates/${made.id}/versions/1`]) {
      const answer = await call(path);
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('template_not_found');
    }
    expect((await call(`/v1/templates/${made.id}`, { method: 'DELETE' })).status).toBe(404);
    await expect(app.templates.resolveForRender(owner.teamId, made.id)).rejects.toMatchObject({
      code: 'template_not_found',
    });
  });
});
