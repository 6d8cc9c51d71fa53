import { createFileRoute } from '@tanstack/react-router';
import { AppLayout } from '../../features/app-shell/AppLayout';
import { VisitorBuilder } from '../../features/builder/VisitorBuilder';
import { NewTemplatePage } from '../../features/templates/NewTemplatePage';
import { PublicLayout } from '../../layout/PublicLayout';
import { useSession } from '../../session/use-session';

// One address, two screens, decided by the session: a visitor ("Try Template Builder" on the landing page) gets the
// builder on a local draft inside the public pages' frame; a signed-in person gets the app's "New template" screen
// inside the app's frame. The route waits for the session, so neither flashes before the other.
export const Route = createFileRoute('/templates/new')({
  beforeLoad: async ({ context }) => {
    await context.session.ready();
  },
  component: NewTemplateRoute,
});

function NewTemplateRoute() {
  const state = useSession();
  if (state.status === 'signed_in') {
    return (
      <AppLayout>
        <NewTemplatePage />
      </AppLayout>
    );
  }
  return (
    <PublicLayout>
      <VisitorBuilder />
    </PublicLayout>
  );
}
