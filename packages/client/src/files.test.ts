import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, type FakeServer, fakeServer } from './__fixtures__/fake-server';
import { Quire } from './client';
import { ConflictError } from './core/errors';
import { ReportFile } from './files';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A PDF-like file of 200 KB, so that it comes in many chunks. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200 * 1024, 'x'), Buffer.from('\n%%EOF\n')]);

function pdfServer(): Promise<FakeServer> {
  return fakeServer((req, res) => {
    if (req.url.startsWith('/v1/reports/rep_queued')) return apiError(res, 409, 'report_not_ready');
    res.writeHead(req.method === 'POST' ? 201 : 200, {
      'content-type': 'application/pdf',
      'content-length': String(PDF.length),
      'content-disposition': `attachment; filename="Rechnung_1042.pdf"; filename*=UTF-8''Rechnung%20%E2%84%961042.pdf`,
      'quire-report-id': 'rep_new',
      'x-request-id': 'req_file',
    });
    // In pieces, as a big file travels.
    for (let i = 0; i < PDF.length; i += 16 * 1024) res.write(PDF.subarray(i, i + 16 * 1024));
    res.end();
  });
}

describe('files', () => {
  it('downloads a report’s PDF as bytes, with its name, type, size and report id', async () => {
    server = await pdfServer();
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const file = await quire.reports.download('rep_1');
    expect(file).toBeInstanceOf(ReportFile);
    expect(file).toMatchObject({
      contentType: 'application/pdf',
      filename: 'Rechnung №1042.pdf',
      reportId: 'rep_new',
      size: PDF.length,
      requestId: 'req_file',
    });
    const bytes = await file.bytes();
    expect(Buffer.from(bytes).equals(PDF)).toBe(true);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/v1/reports/rep_1/file' });
    expect(server.requests[0]?.headers.accept).toBe('*/*');
  });

  it('downloads it as a stream, chunk by chunk', async () => {
    server = await pdfServer();
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const file = await quire.reports.download('rep_1');
    const chunks: Buffer[] = [];
    for await (const chunk of Readable.fromWeb(file.stream() as import('node:stream/web').ReadableStream)) {
      chunks.push(chunk as Buffer);
    }
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
    expect(() => file.stream()).toThrow(/no body left/);
  });

  it('renders straight to a file with createFile, asking for the format’s type', async () => {
    server = await pdfServer();
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const file = await quire.reports.createFile({ template_id: 'tpl_1', data: { n: 1 }, format: 'pdf' });
    expect((await file.text()).startsWith('%PDF-')).toBe(true);
    expect(file.reportId).toBe('rep_new');
    await quire.reports.createFile({ template_id: 'tpl_1', data_source: { id: 'ds_1', params: { id: 7 } } });
    await quire.templates.previewFile('tpl_1', { format: 'html' });
    expect(
      server.requests.map((r) => [r.method, r.url, r.headers.accept, Boolean(r.headers['idempotency-key'])]),
    ).toEqual([
      ['POST', '/v1/reports', 'application/pdf', true],
      ['POST', '/v1/reports', 'application/pdf, text/html', true],
      ['POST', '/v1/templates/tpl_1/preview', 'text/html', true],
    ]);
  });

  it('throws ConflictError report_not_ready for a report still rendering', async () => {
    server = await pdfServer();
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const error = await quire.reports.download('rep_queued').catch((e: unknown) => e);
    expect(ConflictError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'report_not_ready' });
  });
});
