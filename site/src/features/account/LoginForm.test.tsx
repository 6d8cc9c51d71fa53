import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Secret, TOTP } from 'otpauth';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmedAccount } from '../../__fixtures__/accounts';
import { renderInApp, service, testSession } from '../../__fixtures__/render';
import type { SessionManager } from '../../session/session-manager';
import { LoginForm } from './LoginForm';
import { TotpDialog } from './TotpDialog';

const sessions: SessionManager[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
});
function newSession() {
  const made = testSession();
  sessions.push(made.session);
  return made;
}

async function signInWith(email: string, password: string) {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('<LoginForm>', () => {
  it('wants an email and a password before asking the service', async () => {
    const { session, browser } = newSession();
    renderInApp(<LoginForm session={session} onSignedIn={() => {}} onMfaRequired={() => {}} />);
    await signInWith('', '');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(browser.sent).toEqual([]);
  });

  it('signs in: "Logged in successfully", and the page goes on', async () => {
    const account = await confirmedAccount(service(), 'login');
    const { session } = newSession();
    const signedIn = vi.fn();
    renderInApp(<LoginForm session={session} onSignedIn={signedIn} onMfaRequired={() => {}} />);
    await signInWith(account.email, account.password);
    await screen.findByText('Logged in successfully');
    expect(signedIn).toHaveBeenCalledOnce();
    expect(session.getState()).toMatchObject({ status: 'signed_in', user: { email: account.email } });
  });

  it('shows the service’s message for a wrong password, and "Failed to log in" without an answer', async () => {
    const account = await confirmedAccount(service(), 'wrong');
    const { session, browser } = newSession();
    renderInApp(<LoginForm session={session} onSignedIn={() => {}} onMfaRequired={() => {}} />);
    await signInWith(account.email, 'not-the-password');
    await screen.findByText('Invalid login credentials');
    browser.failNext(1);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Failed to log in');
    expect(session.getState().status).not.toBe('signed_in');
  });
});

/** The login page's flow: the form, then the dialog with the challenge it got. */
function SignInFlow({ session, onVerified }: { session: SessionManager; onVerified(): void }) {
  const [challenge, setChallenge] = useState<{ factorId: string; challengeId: string } | null>(null);
  return (
    <>
      <LoginForm session={session} onSignedIn={() => {}} onMfaRequired={setChallenge} />
      <TotpDialog session={session} challenge={challenge} onClose={() => setChallenge(null)} onVerified={onVerified} />
    </>
  );
}

describe('<TotpDialog>', () => {
  it('asks for the code of an account with two-factor: digits only, six, and signs in with the right one', async () => {
    const account = await confirmedAccount(service(), 'totp-dialog');
    // Enrol a factor as the account's owner would, with a session of their own.
    const owner = newSession().session;
    await owner.signIn(account.email, account.password);
    const token = await owner.getAccessToken();
    const post = async (path: string, body: unknown) =>
      (await (
        await fetch(`${service().url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as Record<string, string> & { totp: { secret: string } };
    const factor = await post('/v1/auth/factors', {});
    const secret = Secret.fromBase32(factor.totp.secret);
    const enrolment = await post(`/v1/auth/factors/${factor.id}/challenge`, {});
    await post(`/v1/auth/factors/${factor.id}/verify`, { challenge_id: enrolment.id, code: TOTP.generate({ secret }) });

    const { session } = newSession();
    const verified = vi.fn();
    renderInApp(<SignInFlow session={session} onVerified={verified} />);
    await signInWith(account.email, account.password);
    const dialog = await screen.findByRole('dialog', { name: 'Two-factor authentication' });
    expect(dialog).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app.');
    const code = screen.getByLabelText('Verification code');
    expect(code).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription('Please enter the verification code');
    await userEvent.type(code, '12ab3');
    expect(code).toHaveValue('123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription('The verification code has 6 digits');
    await userEvent.clear(code);
    await userEvent.type(code, TOTP.generate({ secret, timestamp: Date.now() + 30_000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('Two-factor authentication verified successfully');
    expect(verified).toHaveBeenCalledOnce();
    expect(session.getState()).toMatchObject({ status: 'signed_in', user: { email: account.email } });
  });
});
