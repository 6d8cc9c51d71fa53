/** An email Quire sends. `links` are the actions it carries, kept in the development outbox's summaries (never logged). */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What the mail is for, for logs and tests: verify_email, reset_password, invitation, contact_copy, ... */
  kind: string;
  links?: Record<string, string>;
  replyTo?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Where mail goes, for the start-up log: an SMTP host or the outbox folder. */
  describe(): string;
  close(): Promise<void>;
}
