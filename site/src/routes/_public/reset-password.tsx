import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../../features/account/ResetPasswordPage';

// The target of the emailed reset link: /reset-password?token=…
export const Route = createFileRoute('/_public/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  component: function ResetPassword() {
    return <ResetPasswordPage token={Route.useSearch().token} />;
  },
});
