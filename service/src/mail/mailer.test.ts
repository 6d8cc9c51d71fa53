import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeSmtp } from './__fixtures__/fake-smtp';
import { createMailer, renderEmail } from './index';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** A logger whose JSON lines are kept for assertions. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

/** The message with its quoted-printable parts decoded (soft breaks joined, =XX bytes restored). */
function decodeQp(raw: string): string {
  return Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'quire-mail-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('the development outbox', () => {
  it('writes the raw message and a summary, and logs where it is, never its links', async () => {
    const dataDir = await tempDir();
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ dataDir, from: 'Quire <no-reply@quire.test>', logger });
    cleanups.push(() => mailer.close());
    expect(mailer.describe()).toBe(`outbox at ${join(dataDir, 'outbox')}`);

    const link = 'https://quire.test/verify?token=abc&x=1';
    const email = await renderEmail('verify_email', { name: 'Ada', link });
    await mailer.send({ to: 'ada@example.com', ...email, kind: 'verify_email', links: { verify: link } });

    const files = (await readdir(join(dataDir, 'outbox'))).sort();
    expect(files).toHaveLength(2);
    const [eml, json] = files as [string, string];
    expect(eml).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-verify_email-[0-9a-f]{8}\.eml$/);
    expect(json).toBe(eml.replace(/\.eml$/, '.json'));

    const raw = await readFile(join(dataDir, 'outbox', eml), 'utf8');
    expect(raw).toMatch(/^Subject: Confirm your email\r$/m);
    expect(raw).toMatch(/^To: ada@example\.com\r$/m);
    expect(raw).toMatch(/^From: Quire <no-reply@quire\.test>\r$/m);
    expect(raw).toContain('multipart/alternative');
    expect(decodeQp(raw)).toContain(link);

    const summary = JSON.parse(await readFile(join(dataDir, 'outbox', json), 'utf8'));
    expect(summary).toMatchObject({
      to: 'ada@example.com',
      subject: 'Confirm your email',
      kind: 'verify_email',
      links: { verify: link },
      eml,
    });

    const logged = lines.find((line) => line.msg === 'mail in the outbox');
    expect(logged).toMatchObject({ to: 'ada@example.com', kind: 'verify_email', file: join(dataDir, 'outbox', json) });
    // A link in a mail is a credential (it confirms, resets, joins): logs are read by more people than mailboxes.
    expect(JSON.stringify(lines)).not.toContain('token=abc');
  });

  it('keeps each mail in its own files', async () => {
    const dataDir = await tempDir();
    const mailer = createMailer({ dataDir, from: 'no-reply@quire.test', logger: pino({ level: 'silent' }) });
    const mail = { to: 'a@example.com', subject: 's', html: '<p>x</p>', text: 'x', kind: 'contact/../x' };
    await Promise.all([mailer.send(mail), mailer.send(mail)]);
    const files = await readdir(join(dataDir, 'outbox'));
    expect(files).toHaveLength(4);
    // A kind never becomes a path.
    expect(files.every((file) => file.includes('-contact____x-'))).toBe(true);
  });
});

describe('the SMTP transport', () => {
  it('delivers to an SMTP server', async () => {
    const smtp = await startFakeSmtp();
    cleanups.push(() => smtp.close());
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      dataDir: '/nonexistent',
      from: 'Quire <no-reply@quire.test>',
      logger: pino({ level: 'silent' }),
    });
    cleanups.push(() => mailer.close());
    expect(mailer.describe()).toBe(`SMTP 127.0.0.1:${smtp.port}`);

    const link = 'https://quire.test/reset?token=r3s3t';
    const email = await renderEmail('reset_password', { link });
    const arrived = smtp.next();
    await mailer.send({
      to: 'bob@example.com',
      ...email,
      kind: 'reset_password',
      links: { reset: link },
      replyTo: 'help@quire.test',
    });
    const mail = await arrived;
    expect(mail.from).toBe('no-reply@quire.test');
    expect(mail.to).toEqual(['bob@example.com']);
    expect(mail.data).toMatch(/^Subject: Reset your password\r$/m);
    expect(mail.data).toMatch(/^Reply-To: help@quire\.test\r$/m);
    expect(decodeQp(mail.data)).toContain(link);
  });

  it('describes the server without its credentials', () => {
    const mailer = createMailer({
      smtpUrl: 'smtps://user:secret@mail.example.com',
      dataDir: '/nonexistent',
      from: 'no-reply@quire.test',
      logger: pino({ level: 'silent' }),
    });
    expect(mailer.describe()).toBe('SMTP mail.example.com:465');
  });
});
