import { createFileRoute } from '@tanstack/react-router';
import { DashboardPlaceholder } from '../../features/account/DashboardPlaceholder';

export const Route = createFileRoute('/_authenticated/dashboard')({
  component: DashboardPlaceholder,
});
