import '../account/account.css';
import { type FormEvent, useState } from 'react';
import { quire as siteQuire } from '../../api/client';
import { usePageTitle } from '../../layout/use-page-title';
import { Field, TextAreaField } from '../account/Field';
import { notify } from '../account/notify';
import { AltchaWidget } from './AltchaWidget';
import { type ContactValues, contactFailureMessage, sendContactMessage, validateContact } from './contact-form';
import { CONTACT_MESSAGES as M } from './messages';

const EMPTY: ContactValues = { name: '', email: '', message: '' };

/** /contact: name, email and message, and a proof of work (ALTCHA) before it can be sent. */
export function ContactPage({ quire = siteQuire }: { quire?: typeof siteQuire }) {
  usePageTitle('Contact');
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof ContactValues, string>>>({});
  const [altcha, setAltcha] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new widget (a new challenge) after each message: a solution works once.
  const [round, setRound] = useState(0);

  const change = (field: keyof ContactValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!altcha) {
      notify.error(M.failureTitle, M.captchaRequired);
      return;
    }
    setBusy(true);
    try {
      await sendContactMessage(quire, values, altcha);
      notify.success(M.sent);
      setValues(EMPTY);
    } catch (error) {
      notify.error(M.failureTitle, contactFailureMessage(error) || M.failureFallback);
    } finally {
      setAltcha(null);
      setRound((n) => n + 1);
      setBusy(false);
    }
  }

  return (
    <section className="account-page">
      <div className="account-card account-card-wide">
        <h1>Contact us</h1>
        <p className="account-lead">
          Questions about Quire, a plan, or running it yourself? Write to us and we will answer by email.
        </p>
        <form className="account-form" onSubmit={submit} noValidate>
          <Field
            label="Name"
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={change('name')}
            error={errors.name}
          />
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={values.email}
            onChange={change('email')}
            error={errors.email}
          />
          <TextAreaField
            label="Message"
            name="message"
            rows={6}
            value={values.message}
            onChange={change('message')}
            error={errors.message}
          />
          <AltchaWidget key={round} challenge="/v1/contact/challenge" onChange={setAltcha} />
          <button
            type="submit"
            className="site-button site-button-primary account-submit"
            disabled={busy || altcha === null}
          >
            {busy ? 'Sending…' : 'Send message'}
          </button>
        </form>
      </div>
    </section>
  );
}
