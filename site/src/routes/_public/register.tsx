import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { rememberAfterVerify } from '../../features/account/after-verify';
import { RegisterPage } from '../../features/account/RegisterPage';

interface RegisterSearch {
  /** Where to go after confirming the address and signing in (an invitation's page). */
  redirect?: string;
}

export const Route = createFileRoute('/_public/register')({
  validateSearch: (search: Record<string, unknown>): RegisterSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: function Register() {
    const { redirect } = Route.useSearch();
    useEffect(() => rememberAfterVerify(redirect), [redirect]);
    return <RegisterPage />;
  },
});
