import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../../features/account/LoginPage';
import { safeRedirect } from '../../features/account/redirect';

interface LoginSearch {
  /** The page to go back to after signing in (a path of this site only: see safeRedirect). */
  redirect?: string;
}

export const Route = createFileRoute('/_public/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  // Someone already signed in goes where they were headed.
  beforeLoad: async ({ context, search }) => {
    if ((await context.session.ready()).status === 'signed_in') throw redirect({ href: safeRedirect(search.redirect) });
  },
  component: function Login() {
    const { redirect: to } = Route.useSearch();
    return <LoginPage redirect={to} />;
  },
});
