import { usageError } from './core/errors';

/** The file's name from a Content-Disposition header (`filename*` first, for names beyond ASCII). */
function filenameOf(disposition: string | null): string | undefined {
  const encoded = disposition && /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {}
  }
  return (disposition && /filename\s*=\s*"?([^";]*)"?/i.exec(disposition)?.[1]) || undefined;
}

/**
 * A downloaded file (a report's PDF or HTML): read it once, as bytes, as text or as a stream. It is not buffered:
 * `stream()` pipes it on as it arrives.
 */
export class ReportFile {
  /** `application/pdf`, `text/html; charset=utf-8`… */
  readonly contentType: string;
  /** The name the service gives it (`invoice-1042.pdf`). */
  readonly filename: string | undefined;
  /** The report's id (from `Quire-Report-Id`, or the report downloaded). */
  readonly reportId: string | undefined;
  /** Bytes, when the service said (`Content-Length`). */
  readonly size: number | undefined;
  readonly requestId: string | undefined;

  constructor(
    /** The answer itself, for anything else. */
    readonly response: Response,
    reportId?: string,
  ) {
    const { headers } = response;
    this.contentType = headers.get('content-type') ?? 'application/octet-stream';
    this.filename = filenameOf(headers.get('content-disposition'));
    this.reportId = headers.get('quire-report-id') ?? reportId;
    const length = headers.get('content-length');
    this.size = length ? Number(length) : undefined;
    this.requestId = headers.get('x-request-id') ?? undefined;
  }

  async bytes(): Promise<Uint8Array> {
    return new Uint8Array(await this.response.arrayBuffer());
  }

  text(): Promise<string> {
    return this.response.text();
  }

  /** The body as a web ReadableStream (in Node, `Readable.fromWeb(file.stream())` makes a Node stream of it). */
  stream(): ReadableStream<Uint8Array> {
    const { body } = this.response;
    if (!body || this.response.bodyUsed) throw usageError('The file has no body left to read.');
    return body;
  }
}
