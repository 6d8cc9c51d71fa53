import { APIError } from '@quire/client';
import { Toaster, toast } from 'sonner';
import { useSiteTheme } from '../../theme/use-theme';

/**
 * The message of a failed call, as the seed words it: the service's own message when it answered with one (its
 * JSON error), else the screen's fallback ("Failed to log in"…) for anything else (no connection, a proxy's page).
 */
export function serviceMessage(error: unknown, fallback: string): string {
  return APIError.isInstance(error) && error.type !== undefined ? error.message : fallback;
}

/** The outcomes of the account and contact screens, as toasts (one toaster for the app: SiteToaster). */
export const notify = {
  success(message: string) {
    toast.success(message);
  },
  error(message: string, description?: string) {
    toast.error(message, description === undefined ? {} : { description });
  },
};

/** The app's toaster, in the site's theme; announced politely to screen readers (sonner's live region). */
export function SiteToaster() {
  const { resolved } = useSiteTheme();
  return <Toaster theme={resolved} position="top-center" closeButton />;
}
