import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '../../features/account/VerifyEmailPage';

// Where the emailed confirmation link lands (the service redirects a browser from /v1/auth/verify to here).
export const Route = createFileRoute('/_public/verify-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  component: function VerifyEmail() {
    return <VerifyEmailPage token={Route.useSearch().token} />;
  },
});
