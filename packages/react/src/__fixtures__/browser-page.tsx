/**
 * The page the browser test loads: a host application that embeds the builder as a user would, through the
 * package's public entry, talking to the real service on the same origin. The query string says which template,
 * mode and theme to show, and `pdf=1` turns the PDF preview on (fonts and worker from this page's server).
 */
import '../styles/index.css';
import { createRoot } from 'react-dom/client';
import { installPdfPreview, QuireProvider, TemplateBuilder } from '../index';
import './page-globals';

const params = new URLSearchParams(location.search);
if (params.get('pdf') === '1') {
  installPdfPreview({ fonts: { baseUrl: '/fonts' }, workerSrc: '/pdf.worker.min.mjs' });
}
const token = params.get('token') ?? '';
const theme = (params.get('theme') ?? 'light') as 'light' | 'dark';
document.documentElement.style.colorScheme = theme;
document.body.style.background = theme === 'dark' ? '#0b0d10' : '#f6f7f9';

createRoot(document.getElementById('root') as HTMLElement).render(
  <main style={{ height: '100vh', padding: 16, boxSizing: 'border-box' }}>
    <h1 style={{ position: 'absolute', left: -10000 }}>Template builder test page</h1>
    <QuireProvider baseUrl={location.origin} getToken={() => token}>
      <TemplateBuilder
        templateId={params.get('template') ?? undefined}
        defaultMode={(params.get('mode') ?? 'easy') as 'easy' | 'boss'}
        theme={theme}
        onReady={(api) => {
          window.builder = api;
          window.ready = true;
          return undefined;
        }}
      />
    </QuireProvider>
  </main>,
);
