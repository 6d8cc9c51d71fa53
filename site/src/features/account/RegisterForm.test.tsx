import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { newEmail } from '../../__fixtures__/accounts';
import { latestMail } from '../../__fixtures__/outbox';
import { renderInApp, service, testQuire } from '../../__fixtures__/render';
import { createAccountApi } from './account-api';
import { RegisterForm } from './RegisterForm';

describe('<RegisterForm>', () => {
  it('says what is missing under each field, and sends nothing', async () => {
    const api = createAccountApi(testQuire());
    const signUp = vi.spyOn(api, 'signUp');
    renderInApp(<RegisterForm api={api} onRegistered={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Full name is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Password is required/);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(screen.getByLabelText('Full name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example');
    await userEvent.type(screen.getByLabelText('Password'), '1234567');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(signUp).not.toHaveBeenCalled();
  });

  it('signs up with the service, which mails the confirmation link, and says so in the seed’s words', async () => {
    const email = newEmail('component');
    const registered = vi.fn();
    renderInApp(<RegisterForm api={createAccountApi(testQuire())} onRegistered={registered} />);
    await userEvent.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Email'), email);
    await userEvent.type(screen.getByLabelText('Password'), 'Quire-Reports-2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('Registration successful! Please check your email to verify your account.');
    expect(registered).toHaveBeenCalledWith(email);
    expect((await latestMail(service().dataDir, 'verify_email', email)).links.verify).toContain('/v1/auth/verify');
  });

  it('shows the service’s message when it refuses the password', async () => {
    renderInApp(<RegisterForm api={createAccountApi(testQuire())} onRegistered={() => {}} />);
    await userEvent.type(screen.getByLabelText('Full name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), newEmail('weak'));
    await userEvent.type(screen.getByLabelText('Password'), 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('Password is too weak');
    expect(screen.queryByText('Failed to register')).not.toBeInTheDocument();
  });

  it('says "Failed to register" when the service cannot be reached', async () => {
    const api = createAccountApi(
      new (await import('@quire/client')).Quire({ apiKey: null, baseUrl: 'http://127.0.0.1:9', maxRetries: 0 }),
    );
    renderInApp(<RegisterForm api={api} onRegistered={() => {}} />);
    await userEvent.type(screen.getByLabelText('Full name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Quire-Reports-2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('Failed to register');
  });
});
