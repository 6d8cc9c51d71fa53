import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The summary the development mailer writes beside each .eml in <dataDir>/outbox. */
export interface OutboxMail {
  to: string;
  subject: string;
  kind: string;
  links: Record<string, string>;
}

/** The newest mail of a kind to an address in the development outbox, waiting up to `timeoutMs` for it. */
export async function latestMail(dataDir: string, kind: string, to: string, timeoutMs = 10_000): Promise<OutboxMail> {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.json')).sort();
    const mails = await Promise.all(
      files.map(async (file) => JSON.parse(await readFile(join(outbox, file), 'utf8')) as OutboxMail),
    );
    const found = mails.filter((mail) => mail.kind === kind && mail.to === to).pop();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${kind} mail to ${to} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
