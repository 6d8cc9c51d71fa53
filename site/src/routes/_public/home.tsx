import { createFileRoute } from '@tanstack/react-router';
import { plansQuery } from '../../api/catalogue';
import { LandingPage } from '../../features/landing/LandingPage';

export const Route = createFileRoute('/_public/home')({
  // The pricing section's plans load with the page (and a failure shows in the section, not as an error page).
  loader: ({ context }) => context.queryClient.prefetchQuery(plansQuery),
  component: LandingPage,
});
