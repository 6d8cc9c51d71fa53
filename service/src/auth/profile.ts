import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { parse } from '../http/validate';
import type { Store } from '../store/port';
import { authed } from './routes';
import type { Users } from './users';

export const MODES = ['easy', 'boss'] as const;

interface ProfileRecord {
  /** The user id: one profile per user. */
  id: string;
  mode_preference: (typeof MODES)[number];
  updated_at: string;
}

/** PATCH /v1/profile body. */
export const ProfilePatch = z
  .object({
    mode_preference: z.enum(MODES).optional(),
    full_name: z.string().trim().max(200).nullable().optional(),
  })
  .strict();

/** /v1/profile: the signed-in user's preferences. A profile is created on first write; until then it is the default. */
export async function profileRouter(
  store: Store,
  users: Users,
  requireUser: RequestHandler,
  now: () => Date,
): Promise<Router> {
  const profiles = await store.collection<ProfileRecord>({ name: 'profiles' });
  const router = Router();

  async function profileJson(userId: string) {
    const [profile, user] = await Promise.all([profiles.get(userId), users.byId(userId)]);
    return {
      id: userId,
      mode_preference: profile?.mode_preference ?? 'easy',
      full_name: user?.full_name ?? null,
    };
  }

  router.get('/', requireUser, async (_req, res) => {
    res.json(await profileJson(authed(res).user.id));
  });

  router.patch('/', requireUser, async (req, res) => {
    const body = parse(ProfilePatch, req.body ?? {});
    const userId = authed(res).user.id;
    const at = now().toISOString();
    if (body.mode_preference) {
      await profiles.upsert(
        { id: userId },
        { id: userId, mode_preference: body.mode_preference, updated_at: at },
        { set: { mode_preference: body.mode_preference, updated_at: at } },
      );
    }
    // The name lives on the user (user_metadata.full_name) so that the two views never disagree.
    if (body.full_name !== undefined) await users.update(userId, { full_name: body.full_name || null });
    res.json(await profileJson(userId));
  });

  return router;
}
