import { createFileRoute } from '@tanstack/react-router';
import { plansQuery } from '../../api/catalogue';
import { LandingPage } from '../../features/landing/LandingPage';

// The landing page for vibe coders: the same sections; the header's register button reads "Vibe Coders".
export const Route = createFileRoute('/_public/developer')({
  loader: ({ context }) => context.queryClient.prefetchQuery(plansQuery),
  component: LandingPage,
});
