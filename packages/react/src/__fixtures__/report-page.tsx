/** The page the report viewer's browser test drives: `window.showReport(base64, contentType)` shows a file. */
import { createRoot } from 'react-dom/client';
import { ReportViewer } from '../report-viewer/ReportViewer';

declare global {
  interface Window {
    showReport(base64: string, contentType: string, filename: string): void;
  }
}

const root = createRoot(document.getElementById('root') as HTMLElement);
window.showReport = (base64, contentType, filename) => {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  root.render(
    <div style={{ width: 800 }}>
      <ReportViewer file={{ bytes, contentType, filename }} workerSrc="/pdf.worker.min.mjs" />
    </div>,
  );
};
