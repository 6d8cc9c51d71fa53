import { createFileRoute, redirect } from '@tanstack/react-router';

// The root sends visitors to the landing page (seed section 2), keeping a section to scroll to.
export const Route = createFileRoute('/')({
  beforeLoad: ({ location }) => {
    throw redirect({ to: '/home', state: location.state, replace: true });
  },
});
