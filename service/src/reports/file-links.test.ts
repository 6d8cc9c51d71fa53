import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_DATA, TEMPLATES } from './__fixtures__/fakes';
import { errorOf, newUser, type ReportsApp, startReportsApp, type TestUser } from './__fixtures__/reports-app';
import { FILE_LINK_TTL_SECONDS } from './file-links';
import type { ReportView } from './views';

let app: ReportsApp;
let owner: TestUser;
let teamId: string;
let report: ReportView;
let other: ReportView;

interface Link {
  object: string;
  report_id: string;
  url: string;
  expires_at: string;
}

const pdf = { template_id: TEMPLATES.invoice, data: INVOICE_DATA };

/** Opens a link as a person would: no key, no session; the public URL's path on this test's port. */
const open = (url: string) => {
  const link = new URL(url);
  return fetch(`${app.url}${link.pathname}${link.search}`);
};

async function linkFor(user: TestUser, id: string, team?: string): Promise<Link> {
  const response = await app.as(user, `/v1/reports/${id}/file-link`, { method: 'POST', ...(team ? { team } : {}) });
  expect(response.status).toBe(201);
  return (await response.json()) as Link;
}

beforeAll(async () => {
  app = await startReportsApp();
  owner = newUser('owner');
  teamId = await app.personalTeam(owner);
  report = (await (await app.as(owner, '/v1/reports', { method: 'POST', body: pdf })).json()) as ReportView;
  other = (await (await app.as(owner, '/v1/reports', { method: 'POST', body: pdf })).json()) as ReportView;
});
afterAll(async () => {
  await app.close();
});

describe('signed download links', () => {
  it('download the file without a key or session for 15 minutes', async () => {
    const before = Date.now();
    const link = await linkFor(owner, report.id);
    expect(link).toMatchObject({ object: 'report_file_link', report_id: report.id });
    expect(link.url).toMatch(
      new RegExp(`^https?://[^/]+/v1/reports/${report.id}/file\\?expires=\\d+&signature=[\\w-]{43}$`),
    );
    const expiresIn = Date.parse(link.expires_at) - before;
    expect(expiresIn).toBeGreaterThan((FILE_LINK_TTL_SECONDS - 5) * 1000);
    expect(expiresIn).toBeLessThanOrEqual(FILE_LINK_TTL_SECONDS * 1000);

    const opened = await open(link.url);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('application/pdf');
    expect(opened.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
    expect(opened.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await opened.arrayBuffer());
    const withKey = new Uint8Array(await (await app.as(owner, `/v1/reports/${report.id}/file`)).arrayBuffer());
    expect(Buffer.from(bytes).equals(Buffer.from(withKey))).toBe(true);
  });

  it('refuse a changed signature, a stretched expiry, another report and a link cut short, with 403', async () => {
    const link = new URL((await linkFor(owner, report.id)).url);
    const variants: [string, (url: URL) => void][] = [
      // The first character, whose six bits all count (the last one's low bits are padding: swapping it for `A`
      // left the signature as it was, or the same bytes, in some runs).
      ['signature', (u) => u.searchParams.set('signature', otherFirstCharacter(u.searchParams.get('signature') ?? ''))],
      ['expires', (u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600))],
      ['report', (u) => (u.pathname = `/v1/reports/${other.id}/file`)],
      ['no signature', (u) => u.searchParams.delete('signature')],
      ['no expiry', (u) => u.searchParams.delete('expires')],
    ];
    for (const [what, change] of variants) {
      const changed = new URL(link);
      change(changed);
      const refused = await open(changed.href);
      expect((await errorOf(refused, 403)).code, what).toBe('file_link_invalid');
    }
  });

  it('answer 403 file_link_expired once the 15 minutes are over', async () => {
    const link = await linkFor(owner, report.id);
    app.clock.offsetMs += (FILE_LINK_TTL_SECONDS + 1) * 1000;
    try {
      const refused = await open(link.url);
      const error = await errorOf(refused, 403);
      expect(error).toMatchObject({
        code: 'file_link_expired',
        message: 'This download link has expired. Ask for a new link.',
      });
    } finally {
      app.clock.offsetMs -= (FILE_LINK_TTL_SECONDS + 1) * 1000;
    }
  });

  it('are made by anyone who may read reports, only for their team’s reports', async () => {
    const viewer = newUser('viewer');
    await app.addMember(teamId, viewer, 'viewer');
    const link = await linkFor(viewer, report.id, teamId);
    expect((await open(link.url)).status).toBe(200);

    const stranger = newUser('stranger');
    const refused = await app.as(stranger, `/v1/reports/${report.id}/file-link`, { method: 'POST' });
    expect((await errorOf(refused, 404)).code).toBe('report_not_found');
    // Without a link, the file still needs a key or a session.
    expect((await fetch(`${app.url}/v1/reports/${report.id}/file`)).status).toBe(401);
  });
});

/** The text with its first character changed to another base64url character. */
function otherFirstCharacter(text: string): string {
  return `${text.startsWith('A') ? 'B' : 'A'}${text.slice(1)}`;
}
