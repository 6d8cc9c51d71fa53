import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Role } from '@quire/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../__fixtures__/actors';
import { type RunningApp, startApp } from '../__fixtures__/harness';
import { openFontFamilies } from './model';

/*
 * A team's fonts through the real app on the real embedded store and blob directory: uploaded, listed, used by
 * name in the PDFs of reports and previews (checked with pdffonts), deleted, within the plan, and only by whom the
 * roles allow.
 */

const run = promisify(execFile);
const NOTO_MONO = new URL(
  '../../../packages/render/node_modules/@expo-google-fonts/noto-sans-mono/400Regular/NotoSansMono_400Regular.ttf',
  import.meta.url,
);
const NOTO_MONO_BOLD = new URL(
  '../../../packages/render/node_modules/@expo-google-fonts/noto-sans-mono/700Bold/NotoSansMono_700Bold.ttf',
  import.meta.url,
);
const BRAND_HTML = `<p style="font-family: 'Brand Mono', sans-serif">Quarterly figures</p><p><b style="font-family: 'Brand Mono'">Bold</b></p>`;

let app: RunningApp;
let owner: Person;
let mono: Buffer;
let monoBold: Buffer;

beforeAll(async () => {
  app = await startApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await app.actors.signUp('fontowner');
  mono = await readFile(NOTO_MONO);
  monoBold = await readFile(NOTO_MONO_BOLD);
});
afterAll(async () => {
  await app?.close({ removeData: true });
});

const upload = (caller: string | Person, family: string, bytes: Buffer, face?: string, team?: string) =>
  app.actors.call(caller, '/v1/fonts', {
    method: 'POST',
    body: { family, data: bytes.toString('base64'), ...(face ? { face } : {}) },
    ...(team ? { team } : {}),
  });

/** The base names of the fonts a PDF embeds, subset prefixes dropped. */
async function embeddedFonts(bytes: Uint8Array): Promise<string[]> {
  const file = join(app.dataDir, `fonts-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, bytes);
  const { stdout } = await run('pdffonts', [file]);
  return stdout
    .split('\n')
    .slice(2)
    .map((line) => line.split(/\s+/)[0]?.replace(/^[A-Z]{6}\+/, '') ?? '')
    .filter(Boolean);
}

async function newTemplate(caller: Person, html = BRAND_HTML): Promise<string> {
  const created = await app.actors.call(caller, '/v1/templates', { method: 'POST', body: { name: 'Branded', html } });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** A report's PDF, rendered synchronously (POST /v1/reports with Accept: application/pdf). */
async function reportPdf(caller: Person | string, templateId: string): Promise<Buffer> {
  const answer = await app.actors.call(caller, '/v1/reports', {
    method: 'POST',
    body: { template_id: templateId, data: {} },
    headers: { Accept: 'application/pdf' },
  });
  expect(answer.status, String(answer.body)).toBe(201);
  expect(answer.headers.get('content-type')).toBe('application/pdf');
  return answer.bytes;
}

async function blobFiles(teamId: string): Promise<string[]> {
  const dir = join(app.dataDir, 'blobs', 'fonts', teamId);
  const found: string[] = [];
  const walk = async (path: string): Promise<void> => {
    const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isDirectory()) await walk(join(path, entry.name));
      else if (!entry.name.includes('~')) found.push(entry.name);
    }
  };
  await walk(dir);
  return found;
}

describe('a team font, end to end', () => {
  it('is uploaded, embedded in the team’s reports and previews by the name CSS uses, and gone once deleted', async () => {
    const templateId = await newTemplate(owner);
    const before = await embeddedFonts(await reportPdf(owner, templateId));
    expect(before.some((name) => name.includes('NotoSansMono'))).toBe(false);

    const created = await upload(owner, 'Brand Mono', mono);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: 'font_family',
      name: 'Brand Mono',
      total_bytes: mono.length,
      faces: { normal: { bytes: mono.length, content_type: 'font/ttf' }, bold: null, italics: null, bolditalics: null },
    });
    expect(created.body.faces.normal.sha256).toMatch(/^[0-9a-f]{64}$/);
    const bold = await upload(owner, 'brand mono', monoBold, 'bold');
    expect(bold.status).toBe(200);
    expect(bold.body).toMatchObject({ name: 'Brand Mono', total_bytes: mono.length + monoBold.length });

    const report = await embeddedFonts(await reportPdf(owner, templateId));
    expect(report).toEqual(expect.arrayContaining(['NotoSansMono-Regular', 'NotoSansMono-Bold']));
    const preview = await app.actors.call(owner, `/v1/templates/${templateId}/preview`, {
      method: 'POST',
      body: {},
      headers: { Accept: 'application/pdf' },
    });
    expect(preview.status).toBe(200);
    expect(await embeddedFonts(preview.bytes)).toContain('NotoSansMono-Regular');

    const list = await app.actors.call(owner, '/v1/fonts');
    expect(list.body).toMatchObject({ object: 'list', has_more: false, data: [{ name: 'Brand Mono' }] });
    const one = await app.actors.call(owner, '/v1/fonts/BRAND%20MONO');
    expect(one.status).toBe(200);
    expect(one.body.faces.bold).toMatchObject({ bytes: monoBold.length });
    expect(await blobFiles(owner.teamId)).toHaveLength(2);

    const deleted = await app.actors.call(owner, '/v1/fonts/Brand%20Mono', { method: 'DELETE' });
    expect(deleted.body).toEqual({ object: 'font_family', id: created.body.id, name: 'Brand Mono', deleted: true });
    const after = await embeddedFonts(await reportPdf(owner, templateId));
    expect(after.some((name) => name.includes('NotoSansMono'))).toBe(false);
    expect(await blobFiles(owner.teamId)).toEqual([]);
    expect((await app.actors.call(owner, '/v1/fonts/Brand%20Mono')).body.error.code).toBe('font_not_found');
    expect((await app.actors.call(owner, '/v1/fonts')).body.data).toEqual([]);

    const audit = await app.actors.call(owner, '/v1/audit-log');
    const actions = (audit.body.data as { action: string }[]).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['font.uploaded', 'font.deleted']));
  });

  it('replacing a face removes the old file, and another team neither sees nor draws with it', async () => {
    const person = await app.actors.signUp('fontreplace');
    const other = await app.actors.signUp('fontother');
    await upload(person, 'Brand Mono', mono);
    const first = await blobFiles(person.teamId);
    const replaced = await upload(person, 'Brand Mono', monoBold);
    expect(replaced.status).toBe(200);
    expect(replaced.body.faces.normal.bytes).toBe(monoBold.length);
    const second = await blobFiles(person.teamId);
    expect(second).toHaveLength(1);
    expect(second).not.toEqual(first);

    expect((await app.actors.call(other, '/v1/fonts')).body.data).toEqual([]);
    expect((await app.actors.call(other, '/v1/fonts/Brand%20Mono')).status).toBe(404);
    const deleteOther = await app.actors.call(other, '/v1/fonts/Brand%20Mono', { method: 'DELETE' });
    expect(deleteOther.body.error.code).toBe('font_not_found');
    // Naming someone else's team answers as the service does for any team one is not in.
    const foreign = await app.actors.call(other, '/v1/fonts', { team: person.teamId });
    expect(foreign.status).toBe(404);
    const theirs = await newTemplate(other);
    const fonts = await embeddedFonts(await reportPdf(other, theirs));
    expect(fonts.some((name) => name.includes('NotoSansMono'))).toBe(false);
  });
});

describe('what an upload must be', () => {
  it('answers 422 invalid_font for bytes that are not a font, and stores nothing', async () => {
    const person = await app.actors.signUp('fontbad');
    const answer = await upload(person, 'Broken Sans', Buffer.from('this is plain text, not a font file at all'));
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({ code: 'invalid_font', param: 'data' });
    expect(answer.body.error.message).toContain('Broken Sans');
    expect((await app.actors.call(person, '/v1/fonts')).body.data).toEqual([]);
    expect(await blobFiles(person.teamId)).toEqual([]);
  });

  it.each([
    ['   ', 'needs a name'],
    ['x'.repeat(65), 'at most 64'],
    ['Brand<Sans>', 'letters, digits'],
    ['-leading', 'letters, digits'],
    ['sans-serif', 'CSS keyword'],
    ['Monospace', 'CSS keyword'],
    ['Noto Sans', 'Quire ships'],
    ['inherit', 'CSS keyword'],
  ])('refuses the family name %j (400 validation_failed)', async (family, message) => {
    const answer = await upload(owner, family, mono);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'validation_failed', param: 'family' });
    expect(answer.body.error.message).toContain(message);
  });

  it('refuses data that is not base64, and a bold face before the normal one', async () => {
    const bad = await app.actors.call(owner, '/v1/fonts', {
      method: 'POST',
      body: { family: 'Brand Sans', data: 'not base64!' },
    });
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', param: 'data' });
    const boldFirst = await upload(owner, 'Bold First', monoBold, 'bold');
    expect(boldFirst.body.error).toMatchObject({ code: 'validation_failed', param: 'face' });
  });
});

describe('the plan’s font limits', () => {
  it('answers 402 plan_limit_exceeded past the families, the size of a face and the total', async () => {
    const person = await app.actors.signUp('fontlimits');
    expect((await upload(person, 'One', mono)).status).toBe(201);
    expect((await upload(person, 'Two', mono)).status).toBe(201);
    const third = await upload(person, 'Three', mono);
    expect(third.status).toBe(402);
    expect(third.body.error).toMatchObject({
      code: 'plan_limit_exceeded',
      limit: 2,
      used: 2,
      plan: 'free',
      resource: 'font_families',
    });
    // A new face of a family the team has is not a new family.
    expect((await upload(person, 'One', monoBold, 'bold')).status).toBe(200);

    const big = Buffer.concat([mono, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(person, 'One', big, 'italics');
    expect(tooBig.status).toBe(402);
    expect(tooBig.body.error).toMatchObject({
      resource: 'font_face_max_bytes',
      limit: 2 * 1024 * 1024,
      used: big.length,
      plan: 'free',
    });

    // The total: as if the team's faces took almost all of Free's 8 MB already.
    const families = await openFontFamilies(app.store);
    const two = await families.findOne({ teamId: person.teamId, key: 'two' });
    await families.updateOne({ id: two?.id as string }, { set: { totalBytes: 8 * 1024 * 1024 - mono.length } });
    const total = await upload(person, 'Two', monoBold, 'bold');
    expect(total.status).toBe(402);
    expect(total.body.error).toMatchObject({ resource: 'font_total_max_bytes', limit: 8 * 1024 * 1024 });

    await app.actors.setPlan(person.teamId, 'starter');
    expect((await upload(person, 'Three', mono)).status).toBe(201);
    expect((await app.actors.call(person, '/v1/fonts')).body.data.map((f: { name: string }) => f.name)).toEqual([
      'Three',
      'Two',
      'One',
    ]);
  });
});

describe('uploads at once', () => {
  it('never let a team past its families: of three new families sent together on Free, two are made', async () => {
    const person = await app.actors.signUp('fontrace');
    const answers = await Promise.all(['Alpha', 'Beta', 'Gamma'].map((family) => upload(person, family, mono)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 402]);
    expect((await app.actors.call(person, '/v1/fonts')).body.data).toHaveLength(2);
    expect(await blobFiles(person.teamId)).toHaveLength(2);
  });
});

describe('who may read and change a team’s fonts', () => {
  // Written out rather than derived from core's role table: reading as templates:read, changing as templates:write.
  const MAY_READ: Record<Role, boolean> = { owner: true, admin: true, editor: true, member: true, viewer: false };
  const MAY_WRITE: Record<Role, boolean> = { owner: true, admin: true, editor: true, member: false, viewer: false };
  const ROLES = ['admin', 'editor', 'member', 'viewer'] as const;
  let team: Person;

  beforeAll(async () => {
    team = await app.actors.signUp('fontroles');
    await app.actors.setPlan(team.teamId, 'enterprise');
    expect((await upload(team, 'Team Mono', mono)).status).toBe(201);
  });

  it.each(ROLES)('a person who is %s', async (role) => {
    const person = await app.actors.signUp(`fontrole${role}`);
    await app.actors.addMember(team.teamId, person, role);
    const list = await app.actors.call(person, '/v1/fonts', { team: team.teamId });
    expect(list.status).toBe(MAY_READ[role] ? 200 : 403);
    const get = await app.actors.call(person, '/v1/fonts/Team%20Mono', { team: team.teamId });
    expect(get.status).toBe(MAY_READ[role] ? 200 : 403);
    const family = `By ${role}`;
    const created = await upload(person, family, mono, undefined, team.teamId);
    expect(created.status).toBe(MAY_WRITE[role] ? 201 : 403);
    if (!MAY_WRITE[role]) expect(created.body.error).toMatchObject({ code: 'forbidden', role });
    const deleted = await app.actors.call(
      person,
      `/v1/fonts/${encodeURIComponent(MAY_WRITE[role] ? family : 'Team Mono')}`,
      {
        method: 'DELETE',
        team: team.teamId,
      },
    );
    expect(deleted.status).toBe(MAY_WRITE[role] ? 200 : 403);
  });

  it.each(ROLES)('an API key with the role %s', async (role) => {
    const key = await app.actors.apiKey(team, role, { team: team.teamId });
    expect((await app.actors.call(key, '/v1/fonts')).status).toBe(MAY_READ[role] ? 200 : 403);
    const family = `Key ${role}`;
    expect((await upload(key, family, mono)).status).toBe(MAY_WRITE[role] ? 201 : 403);
    if (MAY_WRITE[role]) {
      expect((await app.actors.call(key, `/v1/fonts/${encodeURIComponent(family)}`, { method: 'DELETE' })).status).toBe(
        200,
      );
    }
  });

  it('an embed token, even one that may edit, can neither list nor upload fonts', async () => {
    const key = await app.actors.apiKey(team, 'admin', { team: team.teamId });
    const minted = await app.actors.call(key, '/v1/embed-tokens', {
      method: 'POST',
      body: { new_templates: true, permissions: ['edit', 'publish', 'preview'] },
    });
    expect(minted.status).toBe(201);
    const token = minted.body.token as string;
    for (const [path, init] of [
      ['/v1/fonts', {}],
      ['/v1/fonts/Team%20Mono', {}],
      ['/v1/fonts', { method: 'POST', body: { family: 'Embedded', data: mono.toString('base64') } }],
      ['/v1/fonts/Team%20Mono', { method: 'DELETE' }],
    ] as const) {
      const answer = await app.actors.call(token, path, init);
      expect(answer.status, path).toBe(403);
      expect(answer.body.error.code).toBe('embed_scope');
    }
    expect((await app.actors.call(team, '/v1/fonts/Team%20Mono')).status).toBe(200);
  });
});
