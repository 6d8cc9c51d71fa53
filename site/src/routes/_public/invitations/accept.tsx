import { createFileRoute } from '@tanstack/react-router';
import { AcceptInvitationPage } from '../../../features/team/AcceptInvitationPage';

// Where the invitation mail links (the service's `${publicUrl}/invitations/accept?token=…`).
export const Route = createFileRoute('/_public/invitations/accept')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  component: function AcceptInvitation() {
    return <AcceptInvitationPage token={Route.useSearch().token} />;
  },
});
