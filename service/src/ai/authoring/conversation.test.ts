import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AiApp, newUser, readEvents, startAiApp, type TestUser } from './__fixtures__/ai-app';
import { GOOD_CSS, GOOD_HTML, NAVY, SAMPLE, TOO_WIDE, WITH_PHONE } from './__fixtures__/answers';

describe('a template’s conversation', () => {
  let app: AiApp;
  let owner: TestUser;
  let teamId: string;
  beforeAll(async () => {
    app = await startAiApp();
    owner = newUser('talker');
    teamId = await app.teamOf(owner);
    await app.setPlan(teamId, 'enterprise');
  });
  afterAll(async () => {
    await app.close();
  });

  /** A template made by hand, through the templates API. */
  async function handmade(): Promise<string> {
    const made = await app.as(owner, '/v1/templates', {
      method: 'POST',
      body: { name: 'Invoice', html: GOOD_HTML, css: GOOD_CSS, sample_data: SAMPLE, tags: ['billing'] },
    });
    expect(made.status).toBe(201);
    return made.body.id as string;
  }
  const say = (id: string, content: string, headers?: Record<string, string>) =>
    app.as(owner, `/v1/templates/${id}/messages`, {
      method: 'POST',
      body: { content },
      ...(headers ? { headers } : {}),
    });

  it('makes a version of every turn, keeps the thread, and undoes a turn by restoring the version before it', async () => {
    const id = await handmade();
    app.provider.script(NAVY);
    const first = await say(id, 'Make the header navy');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      object: 'ai_turn',
      version: 2,
      published: true,
      message: { object: 'ai_message', role: 'assistant', content: 'I made the header navy.', version: 2 },
      template: { id, published_version: 2, latest_version: 2, tags: ['billing'] },
    });
    expect(first.body.template.css).toContain('color: navy');
    const refine = app.provider.requests[0];
    expect(refine?.task).toMatchObject({
      kind: 'refine',
      instruction: 'Make the header navy',
      current: { html: GOOD_HTML },
    });

    app.provider.script(WITH_PHONE);
    const second = await say(id, "Add the customer's phone");
    expect(second.body).toMatchObject({ version: 3, published: true });
    // The new field came with its sample value; the CSS the answer left out stayed.
    expect(second.body.template.sample_data.customer.phone).toBe('+44 20 7946 0000');
    expect(second.body.template.css).toContain('color: navy');
    // The model saw the thread so far.
    const history = app.provider.requests[0]?.messages.slice(1, -1);
    expect(history).toEqual([
      { role: 'user', content: 'Make the header navy' },
      { role: 'assistant', content: 'I made the header navy.\n(Saved as version 2.)' },
    ]);

    const thread = await app.as(owner, `/v1/templates/${id}/messages`);
    expect(thread.status).toBe(200);
    expect(thread.body.data.map((m: { role: string; version: number | null }) => `${m.role} ${m.version}`)).toEqual([
      'user null',
      'assistant 2',
      'user null',
      'assistant 3',
    ]);
    expect(thread.body.data[0]).toMatchObject({ content: 'Make the header navy', created_by: owner.id, report: null });
    expect(thread.body.data[1].report.rounds).toEqual([{ round: 1, task: 'refine', problems: [] }]);

    const undo = await app.as(owner, `/v1/templates/${id}/versions/2/restore`, { method: 'POST', body: {} });
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ published_version: 4, latest_version: 4 });
    expect(undo.body.sample_data.customer.phone).toBeUndefined();
    expect(undo.body.css).toContain('color: navy');
  });

  it('deletes the thread with its template', async () => {
    const id = await handmade();
    app.provider.script(NAVY);
    await say(id, 'one');
    const messages = await app.store.collection<{ id: string; templateId: string }>({ name: 'ai_messages' });
    expect(await messages.count({ templateId: id })).toBe(2);
    expect((await app.as(owner, `/v1/templates/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await messages.count({ templateId: id })).toBe(0);
  });

  it('pages through the thread, oldest or newest first', async () => {
    const id = await handmade();
    app.provider.script(NAVY);
    await say(id, 'one');
    app.provider.script(NAVY.replace('navy', 'teal').replace('navy', 'teal'));
    await say(id, 'two');
    const first = await app.as(owner, `/v1/templates/${id}/messages?limit=3`);
    expect(first.body).toMatchObject({ has_more: true, next_cursor: first.body.data[2].id });
    const rest = await app.as(owner, `/v1/templates/${id}/messages?limit=3&starting_after=${first.body.next_cursor}`);
    expect(rest.body).toMatchObject({ has_more: false, next_cursor: null });
    const all = [...first.body.data, ...rest.body.data].map((m: { content: string }) => m.content);
    expect(all).toEqual(['one', 'I made the header navy.', 'two', 'I made the header teal.']);
    const newest = await app.as(owner, `/v1/templates/${id}/messages?order=desc&limit=1`);
    expect(newest.body.data[0]).toMatchObject({ role: 'assistant', version: 3 });
    const bad = await app.as(owner, `/v1/templates/${id}/messages?starting_after=msg_nope`);
    expect(bad.body.error.code).toBe('invalid_cursor');
  });

  it('saves a turn that leaves serious findings as a draft, so reports keep the published version', async () => {
    const id = await handmade();
    app.provider.script(TOO_WIDE);
    const { status, body } = await say(id, 'Use two wide columns');
    expect(status).toBe(201);
    expect(body).toMatchObject({ version: 2, published: false, template: { published_version: 1, latest_version: 2 } });
    expect(body.report.notes.join(' ')).toContain('saved as a draft');
  });

  it('streams a turn', async () => {
    const id = await handmade();
    app.provider.script(NAVY);
    const response = await app.fetchAs(owner, `/v1/templates/${id}/messages`, {
      method: 'POST',
      body: { content: 'Navy, please' },
      headers: { Accept: 'text/event-stream' },
    });
    const events = await readEvents(response);
    expect(events.filter((e) => e.event === 'progress').map((e) => e.data.stage)).toEqual([
      'writing',
      'checking',
      'done',
    ]);
    expect(
      events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe(NAVY);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { object: 'ai_turn', version: 2 } });
  });

  it('refuses an empty or overlong message, and a template that is not there', async () => {
    const id = await handmade();
    expect((await say(id, '')).body.error).toMatchObject({ code: 'validation_failed', param: 'content' });
    expect((await say(id, 'x'.repeat(4001))).body.error).toMatchObject({ code: 'validation_failed', param: 'content' });
    expect((await say('tpl_nope', 'Hello')).body.error.code).toBe('template_not_found');
    expect((await app.as(owner, '/v1/templates/tpl_nope/messages')).status).toBe(404);
  });
});
