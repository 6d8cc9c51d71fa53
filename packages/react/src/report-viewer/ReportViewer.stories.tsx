import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import type { FakeReportSeed } from '../__fixtures__/fake-quire/index';
import { inkOf, PDF_WORKER, pageCanvases, pdfPageTexts, renderStoryPdf } from '../__fixtures__/stories/pdf';
import type { QuireParameters } from '../__fixtures__/stories/quire';
import { INVOICE_ID, invoiceTemplate, LETTER_ID, letterTemplate } from '../__fixtures__/stories/templates';
import { ReportViewer } from './ReportViewer';

const PDF_REPORT = 'rep_Pdf4LtrQz8Xw2Nb5';
const HTML_REPORT = 'rep_Htm1InvK7pVs3Rd9';
const QUEUED_REPORT = 'rep_Que6LtrM2cXn8Fb4';
const FAILED_REPORT = 'rep_Fai1LtrT5hWq9Zk3';
const EXPIRED_REPORT = 'rep_Exp2InvR8mZt4Lc6';

/** A Quire holding the letter and the invoice and these reports of them; its PDFs made by the in-browser engine. */
const withReports = (...reports: FakeReportSeed[]) => ({
  quire: {
    templates: [letterTemplate, invoiceTemplate],
    reports,
    renderPdf: async (content, data) => (await renderStoryPdf(content, data)).bytes,
  } satisfies QuireParameters,
});

const meta = {
  title: 'Parts/ReportViewer',
  component: ReportViewer,
  parameters: withReports({ id: PDF_REPORT, template: LETTER_ID, format: 'pdf', statuses: ['succeeded'] }),
  args: { reportId: PDF_REPORT, workerSrc: PDF_WORKER, onReady: fn(), onError: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 720, height: 640, display: 'flex', flexDirection: 'column' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ReportViewer>;

export default meta;
type Story = StoryObj<typeof meta>;

// A PDF report is rendered on first download, by the engine that loads with it, then painted.
const READY = { timeout: 60_000 };

/** A PDF report of the service: fetched, downloaded, painted with pdf.js, and offered for download. */
export const PdfReport: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await waitFor(() => expect(pageCanvases(canvasElement)).toHaveLength(1), READY);
    await expect(inkOf(pageCanvases(canvasElement)[0] as HTMLCanvasElement)).toBeGreaterThan(0.002);
    await expect(canvas.getByRole('region', { name: 'Report: welcome-letter.pdf' })).toBeVisible();
    await expect(canvas.getByText(/^PDF, 1 page, \d+ KB$/)).toBeVisible();
    await expect(args.onReady).toHaveBeenCalledWith(
      expect.objectContaining({ id: PDF_REPORT, status: 'succeeded', format: 'pdf', pages: 1 }),
    );
    // The download is the report's own file.
    const download = canvas.getByRole('link', { name: 'Download' });
    await expect(download).toHaveAttribute('download', 'welcome-letter.pdf');
    const bytes = new Uint8Array(await (await fetch(download.getAttribute('href') as string)).arrayBuffer());
    await expect(await pdfPageTexts(bytes)).toEqual([expect.stringContaining('Welcome, Ada Lovelace')]);
    await expect(args.onError).not.toHaveBeenCalled();
  },
};

/** An HTML report, in a frame that runs nothing and loads nothing. */
export const HtmlReport: Story = {
  parameters: withReports({ id: HTML_REPORT, template: INVOICE_ID, format: 'html', statuses: ['succeeded'] }),
  args: { reportId: HTML_REPORT },
  play: async ({ canvas, args }) => {
    const frame = await canvas.findByTitle('Report invoice-brightline.html', {}, READY);
    await expect(frame).toHaveAttribute('sandbox', '');
    const html = frame.getAttribute('srcdoc') ?? '';
    await expect(html).toContain('Brightline Analytics LLC');
    await expect(html).toContain('<meta http-equiv="Content-Security-Policy" content="default-src \'none\';');
    await expect(canvas.getByText(/^HTML, \d+ KB$/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'invoice-brightline.html');
    await expect(args.onReady).toHaveBeenCalledWith(expect.objectContaining({ format: 'html', status: 'succeeded' }));
  },
};

/** A report still in the queue: the viewer looks again until it has rendered, then shows it. */
export const QueuedThenDone: Story = {
  parameters: withReports({
    id: QUEUED_REPORT,
    template: LETTER_ID,
    format: 'pdf',
    statuses: ['queued', 'rendering', 'succeeded'],
  }),
  args: { reportId: QUEUED_REPORT, pollMs: 600 },
  play: async ({ canvas, canvasElement, args, loaded }) => {
    await expect(await canvas.findByText('Waiting to be rendered…')).toBeVisible();
    await expect(await canvas.findByText('Rendering…', {}, { timeout: 3000 })).toBeVisible();
    await expect(args.onReady).not.toHaveBeenCalled();
    await waitFor(() => expect(pageCanvases(canvasElement)).toHaveLength(1), READY);
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(args.onReady).toHaveBeenCalledTimes(1);
    // Three looks at the report, then its file.
    const { service } = loaded.quire as { service: { requests: { method: string; path: string }[] } };
    await expect(service.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/reports/${QUEUED_REPORT}`,
      `GET /v1/reports/${QUEUED_REPORT}`,
      `GET /v1/reports/${QUEUED_REPORT}`,
      `GET /v1/reports/${QUEUED_REPORT}/file`,
    ]);
  },
};

/** A report that failed to render: the service's reason. */
export const FailedReport: Story = {
  parameters: withReports({
    id: FAILED_REPORT,
    template: LETTER_ID,
    statuses: ['queued', 'failed'],
    error: { code: 'render_timeout', message: 'The report took longer to render than the time limit allows.' },
  }),
  args: { reportId: FAILED_REPORT, pollMs: 100 },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('alert', {}, READY)).toHaveTextContent(
      'The report could not be made: The report took longer to render than the time limit allows.',
    );
    await expect(canvas.queryByRole('link', { name: 'Download' })).toBeNull();
    await expect(args.onReady).not.toHaveBeenCalled();
  },
};

/** A report whose file was deleted when its retention period ended. */
export const Expired: Story = {
  parameters: withReports({
    id: EXPIRED_REPORT,
    template: INVOICE_ID,
    format: 'html',
    statuses: ['succeeded'],
    expired: true,
  }),
  args: { reportId: EXPIRED_REPORT },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The report’s file has expired and was deleted.');
    await expect(canvas.queryByRole('link', { name: 'Download' })).toBeNull();
  },
};

/** No such report: the API's error, shown and reported. */
export const NotFound: Story = {
  args: { reportId: 'rep_doesNotExist00' },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The report could not be made: No such report.');
    await expect(args.onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'report_not_found', action: 'load', status: 404 }),
    );
  },
};

/** A file already in hand (from `client.reports.createFile`): shown without asking the service. */
export const FileInHand: Story = {
  parameters: { quire: { provider: false } satisfies QuireParameters },
  args: {
    reportId: undefined,
    file: {
      bytes: new TextEncoder().encode('<!doctype html><html><head></head><body><h1>Receipt R-1042</h1></body></html>'),
      contentType: 'text/html; charset=utf-8',
      filename: 'receipt-r-1042.html',
    },
  },
  play: async ({ canvas }) => {
    const frame = await canvas.findByTitle('Report receipt-r-1042.html');
    await expect(frame.getAttribute('srcdoc')).toContain('<h1>Receipt R-1042</h1>');
    await expect(canvas.getByText('HTML, 1 KB')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(pageCanvases(canvasElement)).toHaveLength(1), READY);
    await expect(canvasElement.querySelector('[data-quire-theme]')).toHaveAttribute('data-quire-theme', 'dark');
  },
};
