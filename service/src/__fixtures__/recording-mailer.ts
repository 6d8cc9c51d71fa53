import type { Mailer, OutgoingMail } from '../mail/mailer';

/** A Mailer that keeps what it is given: the test double of our own mail port. */
export class RecordingMailer implements Mailer {
  readonly sent: OutgoingMail[] = [];
  async send(mail: OutgoingMail): Promise<void> {
    this.sent.push(mail);
  }
  describe(): string {
    return 'memory';
  }
  async close(): Promise<void> {}
  /** The latest mail of a kind to an address, waiting briefly for mail sent after the response. */
  async latest(kind: string, to: string): Promise<OutgoingMail> {
    for (let i = 0; i < 100; i++) {
      const mail = this.sent.findLast((m) => m.kind === kind && m.to === to);
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`No ${kind} mail to ${to}`);
  }
}
