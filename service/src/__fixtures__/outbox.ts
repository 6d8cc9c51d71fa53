import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The summary the development mailer writes beside each .eml in <dataDir>/outbox. */
export interface OutboxMail {
  to: string;
  subject: string;
  kind: string;
  links: Record<string, string>;
  replyTo?: string;
  eml: string;
}

/** Every mail in the development outbox of a data directory, oldest first (none when nothing was sent yet). */
export async function outboxMails(dataDir: string): Promise<OutboxMail[]> {
  const outbox = join(dataDir, 'outbox');
  const files = await readdir(outbox).catch(() => [] as string[]);
  return Promise.all(
    files
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map(async (file) => JSON.parse(await readFile(join(outbox, file), 'utf8')) as OutboxMail),
  );
}
