import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AiApp, newUser, startAiApp, type TestUser } from './__fixtures__/ai-app';
import { GOOD_CSS, GOOD_HTML, QR, REPAIRED, SAMPLE, WITH_QR } from './__fixtures__/answers';

/** An answer with this body and the fixtures' CSS. */
const answer = (reply: string, html: string, json?: unknown) =>
  `${reply}\n\n\`\`\`html\n${html}\n\`\`\`\n\`\`\`css\n${GOOD_CSS}\n\`\`\`${json ? `\n\`\`\`json\n${JSON.stringify(json)}\n\`\`\`` : ''}`;

const REPORT_SAMPLE = {
  student: { name: 'Maya Okafor' },
  subjects: [
    { name: 'Mathematics', grade: 'A', comment: 'Confident with fractions' },
    { name: 'History', grade: 'B+', comment: 'Thoughtful essays' },
  ],
};
const reportCard = (headers: string[], cells: string[]) =>
  `<h1>Report card</h1>\n<p>{{ student.name }}</p>\n<table class="items">\n<thead><tr>${headers.map((h) => `<th>${h}</th>`).join('')}</tr></thead>\n<tbody>{% for s in subjects %}<tr>${cells.map((c) => `<td>{{ s.${c} }}</td>`).join('')}</tr>{% endfor %}</tbody>\n</table>`;
const NO_GRADE = answer(
  'Here is the report card with the subjects, grades and comments.',
  reportCard(['Subject', 'Teacher comment'], ['name', 'comment']),
);
const WITH_GRADE = answer(
  'I added the Grade column.',
  reportCard(['Subject', 'Grade', 'Teacher comment'], ['name', 'grade', 'comment']),
);

describe('the intent check in the AI routes', () => {
  let app: AiApp;
  let owner: TestUser;
  beforeAll(async () => {
    app = await startAiApp();
    owner = newUser('intent');
    await app.setPlan(await app.teamOf(owner), 'enterprise');
  });
  afterAll(async () => {
    await app.close();
  });

  const generate = (body: unknown) => app.as(owner, '/v1/ai/templates', { method: 'POST', body });
  const say = (id: string, content: string) =>
    app.as(owner, `/v1/templates/${id}/messages`, { method: 'POST', body: { content } });
  /** The last repair message the model was sent. */
  const repairAsked = () =>
    app.provider.requests
      .filter((r) => r.task.kind === 'repair')
      .map((r) => r.messages.at(-1)?.content ?? '')
      .at(-1) ?? '';

  it('sends back an answer that left out the QR code asked for, and keeps the repaired one', async () => {
    app.provider.script(REPAIRED, WITH_QR);
    const { status, body } = await generate({ prompt: 'An invoice with a QR code', data_sample: SAMPLE });
    expect(status).toBe(201);
    expect(body.report.rounds).toEqual([
      {
        round: 1,
        task: 'generate',
        problems: [
          'The request asked for a QR code; the page has none. Use a <qr-code value="..."> element. [intent_missing_mark]',
        ],
      },
      { round: 2, task: 'repair', problems: [] },
    ]);
    expect(repairAsked()).toContain('- The request asked for a QR code; the page has none.');
    expect(repairAsked()).toContain('The problems marked [intent_...] mean');
    expect(body.report.kept_round).toBe(2);
    expect(body.template.html).toContain('<qr-code');
    expect(body.report.checked.find((c: { check: string }) => c.check === 'intent')).toEqual({
      check: 'intent',
      description: 'The template, rendered with its sample, holds what the request asked for',
      ok: true,
      findings: [],
      asked: ['a document titled "Invoice"', 'a QR code'],
      found: ['a document titled "Invoice"', 'a QR code'],
    });
    expect(body.reply).toBe('I added a QR code to pay online.');
  });

  it('sends back a table that lacks a column asked for, naming what the table has', async () => {
    app.provider.script(NO_GRADE, WITH_GRADE);
    const { body } = await generate({
      prompt: 'A report card with columns subject, grade and teacher comment',
      data_sample: REPORT_SAMPLE,
    });
    expect(body.report.rounds[0].problems).toEqual([
      'The request asked for a column "Grade"; the table has Subject and Teacher comment. [intent_missing_column]',
    ]);
    expect(repairAsked()).toContain(
      '- The request asked for a column "Grade"; the table has Subject and Teacher comment.',
    );
    expect(body.report.kept_round).toBe(2);
    expect(body.template.html).toContain('<th>Grade</th>');
    expect(body.report.remaining.filter((f: { serious: boolean }) => f.serious)).toEqual([]);
  });

  it('names what is not done when the model never adds it, and a reply never claims it', async () => {
    app.provider.script(NO_GRADE);
    const { status, body } = await generate({
      prompt: 'A report card with columns subject, grade and teacher comment',
      data_sample: REPORT_SAMPLE,
    });
    expect(status).toBe(201);
    // The repair answered the same template: checking it again would find the same, so the loop stopped there.
    expect(body.report.rounds).toHaveLength(2);
    expect(body.report.notes).toContain(
      'The repair asked for in round 2 changed nothing, so no further repair was asked for.',
    );
    expect(body.reply).toBe(
      'Here is the report card with the subjects, grades and comments.\n\nNot done:\n' +
        '- The request asked for a column "Grade"; the table has Subject and Teacher comment.',
    );
    expect(body.report.remaining).toContainEqual(
      expect.objectContaining({ code: 'intent_missing_column', serious: true, data_sets: ['sample'] }),
    );
    const intent = body.report.checked.find((c: { check: string }) => c.check === 'intent');
    expect(intent).toMatchObject({ ok: false, found: ['column "Subject"', 'column "Teacher comment"'] });
    // The reply is the thread's too.
    const thread = await app.as(owner, `/v1/templates/${body.template.id}/messages`);
    expect(thread.body.data[1].content).toContain('Not done:');
  });

  it('checks what a refinement asked for on the new version, and repairs it', async () => {
    app.provider.script(REPAIRED);
    const made = await generate({ prompt: 'An invoice', data_sample: SAMPLE });
    const id = made.body.template.id as string;
    // The model says it added the code but answers the same template with a new colour, then really adds it.
    const claims = answer('I added a QR code.', GOOD_HTML.replace('<h1>', '<h1 style="color: teal">'));
    app.provider.script(claims, WITH_QR);
    const turn = await say(id, 'Add a QR code to pay online');
    expect(turn.status).toBe(201);
    expect(turn.body.report.rounds.map((r: { problems: string[] }) => r.problems.length)).toEqual([1, 0]);
    expect(turn.body.report.rounds[0].problems[0]).toContain('[intent_missing_mark]');
    expect(turn.body).toMatchObject({ changed: true, version: 2, published: true });
    expect(turn.body.template.html).toContain('<qr-code');

    // A model that never does it: the version is a draft, and the reply says what is not done.
    app.provider.script(
      answer('I removed the QR code.', `${GOOD_HTML.replace('<h1>', '<h1 style="color: teal">')}\n${QR}`),
    );
    const removal = await say(id, 'Remove the QR code');
    expect(removal.body).toMatchObject({ changed: true, version: 3, published: false });
    expect(removal.body.report.rounds).toHaveLength(2);
    expect(removal.body.message.content).toBe(
      'I removed the QR code.\n\nNot done:\n- The request asked to remove a QR code; the page still has one.',
    );
    app.provider.script(answer('I added a Discount column.', GOOD_HTML));
    const left = await say(id, 'Add a column Discount');
    expect(left.body.message.content).toContain(
      'Not done:\n- The request asked for a column "Discount"; the table has Item, Qty and Amount.',
    );
  });

  it('saves no version for a refinement whose answer changes nothing, and says so', async () => {
    app.provider.script(REPAIRED);
    const made = await generate({ prompt: 'An invoice', data_sample: SAMPLE });
    const id = made.body.template.id as string;
    app.provider.script(answer('I made the header navy.', GOOD_HTML));
    const turn = await say(id, 'Make the header navy');
    expect(turn.status).toBe(200);
    expect(turn.body).toMatchObject({
      object: 'ai_turn',
      changed: false,
      version: 1,
      published: true,
      template: { latest_version: 1, published_version: 1 },
      message: { role: 'assistant', version: null },
    });
    expect(turn.body.message.content).toBe(
      'I made the header navy.\n\nNothing changed: the answer is the same as version 1, so no version was saved.',
    );
    const versions = await app.as(owner, `/v1/templates/${id}/versions`);
    expect(versions.body.data).toHaveLength(1);
    const thread = await app.as(owner, `/v1/templates/${id}/messages`);
    expect(thread.body.data.map((m: { role: string; version: number | null }) => `${m.role} ${m.version}`)).toEqual([
      'user null',
      'assistant 1',
      'user null',
      'assistant null',
    ]);
  });
});
