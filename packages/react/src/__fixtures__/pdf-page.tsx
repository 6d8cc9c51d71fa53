/**
 * The page the PDF preview's browser test and benchmark drive: W1 in `<PdfPreview>`, its title in a text field
 * (each keystroke a new draft), and what happened exposed on `window.quire`.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { TemplateDraft } from '../builder/types';
import { PdfPreview } from '../pdf/PdfPreview';
import type { PdfPaint } from '../pdf/PdfViewer';
import { W1_DRAFT } from './w1-invoice';

export interface PageRecord {
  renders: { ms: number; pages: number | null; warnings: number }[];
  paints: PdfPaint[];
  /** The last PDF rendered, as base64. */
  pdf: string | null;
  /** `timeStamp` of each keydown in the title field. */
  keys: number[];
  errors: string[];
}

declare global {
  interface Window {
    quire: PageRecord;
  }
}

const record: PageRecord = { renders: [], paints: [], pdf: null, keys: [], errors: [] };
window.quire = record;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const withTitle = (title: string): TemplateDraft => ({
  ...W1_DRAFT,
  html: W1_DRAFT.html.replace('<h1>Invoice</h1>', `<h1>${escapeHtml(title)}</h1>`),
});

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function App() {
  const [draft, setDraft] = useState(() => withTitle('Invoice'));
  return (
    <div style={{ width: 800 }}>
      <input
        id="title"
        defaultValue="Invoice"
        onKeyDown={(event) => record.keys.push(event.timeStamp)}
        onChange={(event) => setDraft(withTitle(event.target.value))}
      />
      <PdfPreview
        value={draft}
        fonts={{ baseUrl: '/fonts' }}
        workerSrc="/pdf.worker.min.mjs"
        onRender={(info, pdf) => {
          record.renders.push({ ms: info.ms, pages: info.pages, warnings: info.warnings.length });
          record.pdf = toBase64(pdf);
        }}
        onPaint={(paint) => record.paints.push(paint)}
        onError={(error) => record.errors.push(`${error.code}: ${error.message}`)}
      />
    </div>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
