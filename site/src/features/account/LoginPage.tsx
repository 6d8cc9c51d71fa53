import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { usePageTitle } from '../../layout/use-page-title';
import { useSessionManager } from '../../session/use-session';
import { AccountCard } from './AccountCard';
import { LoginForm } from './LoginForm';
import { safeRedirect } from './redirect';
import { TotpDialog } from './TotpDialog';

/** /login: the form, then the two-factor dialog when the account has one; then the page asked for, or /dashboard. */
export function LoginPage({ redirect }: { redirect?: string | undefined }) {
  usePageTitle('Sign in');
  const session = useSessionManager();
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<{ factorId: string; challengeId: string } | null>(null);
  const goOn = () => void navigate({ href: safeRedirect(redirect), replace: true });

  return (
    <AccountCard
      title="Sign in"
      lead="Welcome back. Sign in to your Quire account."
      footer={
        <>
          <Link to="/forgot-password">Forgot your password?</Link>
          <p>
            Don’t have an account? <Link to="/register">Sign up</Link>
          </p>
        </>
      }
    >
      <LoginForm session={session} onSignedIn={goOn} onMfaRequired={setChallenge} />
      <TotpDialog
        session={session}
        challenge={challenge}
        onClose={() => setChallenge(null)}
        onVerified={() => {
          setChallenge(null);
          goOn();
        }}
      />
    </AccountCard>
  );
}
