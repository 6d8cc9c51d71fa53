import { Quire, type Report } from '@quire/client';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { QuirePropsError } from '../props/validate';
import { QuireProvider } from '../provider/QuireProvider';
import { ReportViewer } from './ReportViewer';

// The run's one real service (service.global.ts), its offline AI, as an admin API key of an enterprise team.
const quire = new Quire({
  baseUrl: inject('quireUrl'),
  apiKey: inject('quireApiKey'),
  maxRetries: 0,
  timeout: 120_000,
});
let templateId: string;

beforeAll(async () => {
  templateId = (await quire.templates.create({ starter_id: 'invoice' })).id;
});

const sample = async () => (await quire.templates.get(templateId)).sample_data;

describe('<ReportViewer>', () => {
  it('shows an HTML report in a sandboxed frame that runs and loads nothing, with its download', async () => {
    const report = await quire.reports.create({ template_id: templateId, data: await sample(), format: 'html' });
    const onReady = vi.fn();
    render(
      <QuireProvider client={quire}>
        <ReportViewer reportId={report.id} onReady={onReady} />
      </QuireProvider>,
    );
    const frame = (await screen.findByTitle(`Report ${report.filename}`, {}, { timeout: 20_000 })) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    const html = frame.getAttribute('srcdoc') ?? '';
    expect(html).toContain('Content-Security-Policy');
    expect(html).toContain(String(((await sample()) as { invoice: { number: string } }).invoice.number));
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('download', report.filename);
    expect(download.getAttribute('href')).toMatch(/^blob:/);
    expect(onReady).toHaveBeenCalledWith(expect.objectContaining({ id: report.id, status: 'succeeded' }));
  });

  it('waits while a queued report renders, then shows it', async () => {
    const job = await quire.reports.create({
      template_id: templateId,
      data: await sample(),
      format: 'html',
      async: true,
    });
    const ready: Report[] = [];
    render(
      <QuireProvider client={quire}>
        <ReportViewer reportId={job.report_id} pollMs={200} onReady={(report) => ready.push(report)} />
      </QuireProvider>,
    );
    await waitFor(() => expect(ready).toHaveLength(1), { timeout: 30_000 });
    expect(ready[0]).toMatchObject({ id: job.report_id, status: 'succeeded', format: 'html' });
    expect(screen.getByRole('region', { name: /^Report: / })).toBeInTheDocument();
  }, 40_000);

  it('says why when the report does not exist, and reports the error', async () => {
    const onError = vi.fn();
    render(
      <QuireProvider client={quire}>
        <ReportViewer reportId="rep_missing" onError={onError} />
      </QuireProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/The report could not be made/);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'report_not_found', status: 404 }));
  });

  it('takes a file in hand instead of a report id, but not both', () => {
    const bytes = new TextEncoder().encode('<!doctype html><html><head></head><body><p>Hello</p></body></html>');
    render(<ReportViewer file={{ bytes, contentType: 'text/html; charset=utf-8', filename: 'hello.html' }} />);
    expect(screen.getByTitle('Report hello.html').getAttribute('srcdoc')).toContain('<p>Hello</p>');
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<ReportViewer reportId="rep_1" file={{ bytes, contentType: 'text/html' }} />)).toThrow(
      QuirePropsError,
    );
    spy.mockRestore();
  });
});
