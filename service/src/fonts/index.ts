import { createHash } from 'node:crypto';
import { type Permission, type Plan, type PlanFontLimitName, QuireError } from '@quire/core';
import { FontRegistry } from '@quire/render';
import { type RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import type { Audit } from '../audit/index';
import { newId } from '../crypto/ids';
import { teamOf } from '../http/caller';
import { ListQuery, mapPage, paginate } from '../http/pagination';
import { KeyedQueue } from '../store/keyed-queue';
import type { BlobStore, Store } from '../store/port';
import { createFontLibrary, type FontLibrary } from './library';
import {
  type FaceName,
  type FontFamily,
  familyKey,
  familyName,
  fontContentType,
  fontFamilyView,
  openFontFamilies,
  type StoredFace,
} from './model';
import { UploadFontBody } from './schemas';

export { FONT_OPERATIONS } from './operations';
export { UploadFontBody } from './schemas';

export interface FontsDeps {
  store: Store;
  blobs: BlobStore;
  logger: Logger;
  now: () => Date;
  planOf(teamId: string): Promise<Plan>;
  authenticate: RequestHandler;
  actingTeam: RequestHandler;
  requirePermission(permission: Permission): RequestHandler;
  audit: Audit;
  idempotency: RequestHandler;
}

export interface Fonts {
  /** Mount at /v1/fonts. */
  router: Router;
  /** The team's fonts for its renders (the render service passes them as RenderOptions.fonts). */
  library: FontLibrary;
}

/**
 * The JSON body limit /v1/fonts needs: the largest face any plan allows (20 MB), base64-encoded (4/3), and the
 * envelope. app.ts mounts a parser with it on this path; the plan's own face limit is checked after decoding.
 */
export const FONT_BODY_LIMIT = '28mb';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The limit error of the service (402 plan_limit_exceeded), for a font limit of the plan. */
function fontLimitError(plan: Plan, limit: PlanFontLimitName, used: number, message: string): QuireError {
  const name = limit.slice('font_'.length) as keyof Plan['fonts'];
  return new QuireError('plan_limit_exceeded', {
    message: `${message} Upgrade your plan to continue.`,
    details: { limit: plan.fonts[name], used, plan: plan.id, resource: limit },
  });
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Decodes the base64 body field strictly (whitespace allowed), or validation_failed naming `data`. */
function decode(data: string): Uint8Array {
  const compact = data.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
    throw new QuireError('validation_failed', { param: 'data', message: 'data: not valid base64' });
  }
  const buffer = Buffer.from(compact, 'base64');
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** Throws 422 invalid_font unless the bytes parse as a font (the renderer's own check, face by face). */
function assertFont(name: string, face: FaceName, bytes: Uint8Array): void {
  try {
    new FontRegistry().register(name, { normal: bytes });
  } catch (error) {
    const message = (error as Error).message.replace('(its normal face)', `(its ${face} face)`);
    throw new QuireError('invalid_font', { param: 'data', message });
  }
}

/** A team's uploaded font families: metadata in the store, bytes in the blob store, limits by plan. */
export async function createFonts(deps: FontsDeps): Promise<Fonts> {
  const { blobs, logger, now, audit } = deps;
  const families = await openFontFamilies(deps.store);
  const library = createFontLibrary({ families, blobs, logger });
  // A team's uploads and deletes one at a time in this process: the limits are checked against what is there.
  const perTeam = new KeyedQueue();

  const find = async (teamId: string, name: string): Promise<FontFamily> => {
    const family = await families.findOne({ teamKey: `${teamId}:${familyKey(name)}` });
    if (!family) throw new QuireError('font_not_found', { message: `No font family "${name}" in this team.` });
    return family;
  };
  const removeBlobs = async (keys: string[], context: Record<string, unknown>) => {
    for (const key of keys) {
      await blobs.delete(key).catch((error: unknown) => {
        logger.warn({ err: error, blob_key: key, ...context }, 'font blob left behind');
      });
    }
  };

  const router = Router();
  router.use(deps.authenticate, deps.actingTeam, deps.idempotency);
  // Fonts are part of how templates look: reading as templates are read, changing as templates are changed.
  const read = deps.requirePermission('templates:read');
  const write = deps.requirePermission('templates:write');

  router.post('/', write, async (req, res) => {
    const body = UploadFontBody.parse(req.body ?? {});
    const name = familyName(body.family);
    const team = teamOf(res);
    const bytes = decode(body.data);
    const plan = await deps.planOf(team.id);
    if (bytes.byteLength > plan.fonts.face_max_bytes) {
      throw fontLimitError(
        plan,
        'font_face_max_bytes',
        bytes.byteLength,
        `Your ${plan.name} plan allows font faces of ${mb(plan.fonts.face_max_bytes)}; this one is ${mb(bytes.byteLength)}.`,
      );
    }
    assertFont(name, body.face, bytes);

    const result = await perTeam.run(team.id, async () => {
      const key = familyKey(name);
      const existing = await families.findOne({ teamKey: `${team.id}:${key}` });
      if (!existing && body.face !== 'normal') {
        throw new QuireError('validation_failed', {
          param: 'face',
          message: `face: upload the normal face of "${name}" first; the other faces are added to it`,
        });
      }
      const all = await families.find({ teamId: team.id });
      if (!existing && all.length + 1 > plan.fonts.families) {
        throw fontLimitError(
          plan,
          'font_families',
          all.length,
          `Your ${plan.name} plan allows ${plan.fonts.families} font ${plan.fonts.families === 1 ? 'family' : 'families'}.`,
        );
      }
      const replaced = existing?.faces[body.face];
      const total = all.reduce((sum, family) => sum + family.totalBytes, 0);
      const after = total - (replaced?.bytes ?? 0) + bytes.byteLength;
      if (after > plan.fonts.total_max_bytes) {
        throw fontLimitError(
          plan,
          'font_total_max_bytes',
          total,
          `Your ${plan.name} plan allows ${mb(plan.fonts.total_max_bytes)} of fonts; the team has ${mb(total)} and this face is ${mb(bytes.byteLength)}.`,
        );
      }

      const at = now().toISOString();
      const id = existing?.id ?? newId('font');
      const contentType = fontContentType(bytes);
      const stored: StoredFace = {
        // A new key for every upload: a render reading the old face never meets half of the new one.
        blobKey: `fonts/${team.id}/${id}/${body.face}-${newId('blob')}`,
        bytes: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        contentType,
        uploadedAt: at,
      };
      await blobs.put(stored.blobKey, bytes, contentType);
      const faces = { ...(existing?.faces ?? {}), [body.face]: stored };
      const record: FontFamily = {
        id,
        teamId: team.id,
        name: existing?.name ?? name,
        key,
        teamKey: `${team.id}:${key}`,
        faces,
        totalBytes: Object.values(faces).reduce((sum, face) => sum + face.bytes, 0),
        createdBy: existing?.createdBy ?? audit.actorOf(res),
        createdAt: existing?.createdAt ?? at,
        updatedAt: at,
      };
      try {
        if (existing) {
          if (!(await families.replace(record))) throw new QuireError('font_not_found');
        } else {
          await families.insert(record);
        }
      } catch (error) {
        // Nothing half-written: the record was not, so neither is the blob.
        await removeBlobs([stored.blobKey], { team_id: team.id, font: name });
        throw error;
      }
      library.drop(team.id);
      if (replaced) await removeBlobs([replaced.blobKey], { team_id: team.id, font: record.name });
      return { record, created: !existing, replaced: Boolean(replaced) };
    });

    await audit.record({
      teamId: team.id,
      actor: audit.actorOf(res),
      action: 'font.uploaded',
      target: { type: 'font_family', id: result.record.id },
      details: { name: result.record.name, face: body.face, bytes: bytes.byteLength, replaced: result.replaced },
    });
    logger.info({ team_id: team.id, font: result.record.name, face: body.face }, 'font face uploaded');
    res.status(result.created ? 201 : 200).json(fontFamilyView(result.record));
  });

  router.get('/', read, async (req, res) => {
    const query = ListQuery.parse(req.query);
    res.json(mapPage(await paginate(families, { teamId: teamOf(res).id }, query), fontFamilyView));
  });

  router.get('/:family', read, async (req, res) => {
    res.json(fontFamilyView(await find(teamOf(res).id, req.params.family as string)));
  });

  router.delete('/:family', write, async (req, res) => {
    const team = teamOf(res);
    const family = await perTeam.run(team.id, async () => {
      const existing = await find(team.id, req.params.family as string);
      // The record first: once it is gone no render asks for the blobs, and a blob left behind is only space.
      await families.deleteOne(existing.id);
      library.drop(team.id);
      await removeBlobs(
        Object.values(existing.faces).map((face) => face.blobKey),
        { team_id: team.id, font: existing.name },
      );
      return existing;
    });
    await audit.record({
      teamId: team.id,
      actor: audit.actorOf(res),
      action: 'font.deleted',
      target: { type: 'font_family', id: family.id },
      details: { name: family.name, bytes: family.totalBytes },
    });
    res.json({ object: 'font_family' as const, id: family.id, name: family.name, deleted: true });
  });

  return { router, library };
}
