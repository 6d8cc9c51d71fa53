import '@quire/react/styles.css';
import './styles/site.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './api/query-client';
import { SiteToaster } from './features/account/notify';
import { router } from './router';
import { SessionProvider, session } from './session';

const container = document.getElementById('app');
if (!container) throw new Error('index.html has no #app element');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider manager={session}>
        <RouterProvider router={router} />
        <SiteToaster />
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
