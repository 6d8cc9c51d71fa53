import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { usePageTitle } from '../../layout/use-page-title';
import { AccountCard } from './AccountCard';
import type { AccountApi } from './account-api';
import { forgetAfterVerify, peekAfterVerify } from './after-verify';
import { accountApi } from './default-api';
import { ACCOUNT_MESSAGES as M } from './messages';
import { serviceMessage } from './notify';

/**
 * /verify-email?token=…: where the emailed confirmation link lands (the service sends a browser here). It
 * confirms the address with one API call: a query, so that it is sent once however often React renders.
 */
export function VerifyEmailPage({ token, api = accountApi }: { token: string | undefined; api?: AccountApi }) {
  usePageTitle('Confirm your email');
  const confirmation = useQuery({
    queryKey: ['confirm-email', token],
    queryFn: () => api.confirmEmail(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const failed = !token || confirmation.isError;
  // Signed up on the way to a page (an invitation): signing in goes on there.
  const [next] = useState(peekAfterVerify);
  return (
    <AccountCard
      title="Confirm your email"
      footer={
        <p>
          Need a new link? <Link to="/register">Sign up again</Link> with the same address.
        </p>
      }
    >
      {confirmation.isPending && token ? (
        <p role="status">Confirming your email address…</p>
      ) : failed ? (
        <div className="account-done account-done-failed" role="alert">
          <p>{token ? serviceMessage(confirmation.error, M.verifyFailed) : M.verifyFailed}</p>
        </div>
      ) : (
        <div className="account-done" role="status">
          <p>{M.verifySucceeded}</p>
          <p>
            <strong>{confirmation.data?.email}</strong> is confirmed. You can sign in now.
          </p>
          <Link
            to="/login"
            search={next ? { redirect: next } : {}}
            onClick={forgetAfterVerify}
            className="site-button site-button-primary"
          >
            Sign in
          </Link>
        </div>
      )}
    </AccountCard>
  );
}
