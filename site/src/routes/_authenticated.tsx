import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../features/app-shell/AppLayout';

// The guard of every signed-in page: the router waits (showing "Loading...") until the session is known, then a
// visitor goes to /login?redirect=<this page> and comes back here after signing in.
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    if ((await context.session.ready()).status !== 'signed_in') {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  component: AppLayout,
});
