import { PermissionDeniedError, Quire } from '@quire/client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { confirmedAccount } from '../../__fixtures__/accounts';
import { renderInApp, service, testSession } from '../../__fixtures__/render';
import { SETTINGS_TEXT } from '../../content/settings';
import { SessionProvider } from '../../session/use-session';
import { ReauthCancelled, useReauth } from './reauth';

const T = SETTINGS_TEXT.reauth;
const MESSAGE = 'Please confirm your password or a two-factor code to continue: this action needs a recent sign-in.';

/** The service's refusal of an action that needs a recent sign-in. */
const refusal = () =>
  new PermissionDeniedError({
    status: 403,
    error: { type: 'authentication_error', code: 'reauthentication_required', message: MESSAGE },
  });

/** A button whose action the service refuses once, as it does when the sign-in is more than 10 minutes old. */
function Guarded({ client }: { client: Quire }) {
  const reauth = useReauth(client);
  const [outcome, setOutcome] = useState('');
  const [calls, setCalls] = useState(0);
  async function act() {
    let attempts = 0;
    try {
      const result = await reauth.run(async () => {
        attempts += 1;
        setCalls(attempts);
        if (attempts === 1) throw refusal();
        return 'done';
      });
      setOutcome(result);
    } catch (error) {
      setOutcome(error instanceof ReauthCancelled ? 'cancelled' : String(error));
    }
  }
  return (
    <>
      <button type="button" onClick={act}>
        Act
      </button>
      <output aria-label="outcome">{outcome}</output>
      <output aria-label="calls">{calls}</output>
      {reauth.dialog}
    </>
  );
}

async function signedIn() {
  const account = await confirmedAccount(service(), 'reauth');
  const { session } = testSession();
  await session.signIn(account.email, account.password);
  const token = await session.getAccessToken();
  const client = new Quire({ apiKey: token, baseUrl: service().url, maxRetries: 0 });
  return { account, session, client };
}

describe('confirming who it is, when the service asks', () => {
  it('asks for the password (the service checks it), then runs the action again', async () => {
    const { account, session, client } = await signedIn();
    const user = userEvent.setup();
    renderInApp(
      <SessionProvider manager={session}>
        <Guarded client={client} />
      </SessionProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Act' }));
    const dialog = await screen.findByRole('dialog', { name: T.title });
    expect(dialog).toHaveTextContent(MESSAGE);
    await user.click(screen.getByRole('button', { name: T.confirm }));
    expect(await screen.findByText(T.required)).toBeInTheDocument();

    await user.type(screen.getByLabelText(T.passwordLabel), 'not-the-password');
    await user.click(screen.getByRole('button', { name: T.confirm }));
    expect(await screen.findByText('Invalid login credentials')).toBeInTheDocument();
    expect(screen.getByLabelText('calls')).toHaveTextContent('1');

    await user.clear(screen.getByLabelText(T.passwordLabel));
    await user.type(screen.getByLabelText(T.passwordLabel), account.password);
    await user.click(screen.getByRole('button', { name: T.confirm }));
    await waitFor(() => expect(screen.getByLabelText('outcome')).toHaveTextContent('done'));
    expect(screen.getByLabelText('calls')).toHaveTextContent('2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    session.stop();
  });

  it('drops the action when the person closes the dialog', async () => {
    const { session, client } = await signedIn();
    const user = userEvent.setup();
    renderInApp(
      <SessionProvider manager={session}>
        <Guarded client={client} />
      </SessionProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Act' }));
    await screen.findByRole('dialog', { name: T.title });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByLabelText('outcome')).toHaveTextContent('cancelled'));
    expect(screen.getByLabelText('calls')).toHaveTextContent('1');
    session.stop();
  });
});
