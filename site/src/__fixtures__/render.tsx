import { Quire } from '@quire/client';
import { QuireRoot } from '@quire/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { inject } from 'vitest';
import { createAuthApi } from '../session/auth-api';
import { createSessionManager, type SessionManager } from '../session/session-manager';
import { type BrowserFetch, browserFetch } from './browser-fetch';

/** The service of the test run. */
export const service = () => ({ url: inject('quireUrl'), dataDir: inject('quireDataDir') });

/** A Quire client on the test run's service, as the site's own is on the service that serves it. */
export function testQuire(): Quire {
  return new Quire({ apiKey: null, baseUrl: service().url, maxRetries: 0 });
}

/** A session on the test run's service, through a browser-like fetch (cookie jar, Origin). */
export function testSession(): { session: SessionManager; browser: BrowserFetch } {
  const browser = browserFetch(service().url);
  const hint = { value: false, get: () => false, set: () => {} };
  const session = createSessionManager({ api: createAuthApi({ baseUrl: service().url, fetch: browser.fetch }), hint });
  return { session, browser };
}

/** Renders inside the app's Quire root (dialogs need it) with the app's toaster. */
export function renderInApp(ui: ReactNode) {
  return render(
    <QuireRoot theme="light">
      {ui}
      <Toaster />
    </QuireRoot>,
  );
}
