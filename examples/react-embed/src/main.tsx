import '@quire/react/styles.css';
import './host.css';
import { installPdfPreview } from '@quire/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HostApp } from './HostApp';

// The exact PDF preview draws with the fonts the build copies to public/quire-fonts (`quire-react-fonts`).
installPdfPreview({ fonts: { baseUrl: '/quire-fonts' } });

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <HostApp />
  </StrictMode>,
);
