import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { usePageTitle } from '../../layout/use-page-title';
import { AccountCard } from './AccountCard';
import type { AccountApi } from './account-api';
import { accountApi } from './default-api';
import { ACCOUNT_MESSAGES as M } from './messages';
import { RegisterForm } from './RegisterForm';

/** /register: the form; once sent, where the confirmation link went. */
export function RegisterPage({ api = accountApi }: { api?: AccountApi }) {
  usePageTitle('Create your account');
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <AccountCard
      title={sentTo ? 'Check your email' : 'Create your account'}
      lead={sentTo ? undefined : 'Start free: two templates and 50 reports a month, no card needed.'}
      footer={
        <p>
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      }
    >
      {sentTo ? (
        <div className="account-done" role="status">
          <p>{M.registerSucceeded}</p>
          <p>
            The link went to <strong>{sentTo}</strong>. It works for 24 hours.
          </p>
        </div>
      ) : (
        <RegisterForm api={api} onRegistered={setSentTo} />
      )}
    </AccountCard>
  );
}
