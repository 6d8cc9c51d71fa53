import { QuireError } from '@quire/core';
import { hashSecret, newId, newSecretToken } from '../crypto/ids';
import type { Filter, Store } from '../store/port';

/** A refresh token lives 30 days unless rotated sooner; each rotation starts a new 30 days. */
const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** One issued refresh token. The id is the sha256 of the token: the token itself is never stored. */
interface RefreshTokenRecord {
  id: string;
  family_id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
}

export interface RefreshTokens {
  /** Starts a new family (one login): returns the token and its family id. */
  issue(userId: string): Promise<{ token: string; familyId: string }>;
  /**
   * Trades a token for the next one of its family. A token already traded means it was copied: the whole family
   * is revoked (refresh_token_reused), so the thief's and the owner's newer tokens both stop working.
   */
  rotate(token: string): Promise<{ token: string; familyId: string; userId: string }>;
  /** The family of a presented token, when it belongs to this user. */
  familyOf(token: string, userId: string): Promise<string | undefined>;
  isFamilyLive(familyId: string): Promise<boolean>;
  revokeFamily(familyId: string): Promise<void>;
  /** Revokes every family of the user, but the one kept (the session that asked, when it stays signed in). */
  revokeUser(userId: string, keepFamilyId?: string): Promise<void>;
}

export async function refreshTokens(store: Store, now: () => Date): Promise<RefreshTokens> {
  const tokens = await store.collection<RefreshTokenRecord>({
    name: 'refresh_tokens',
    indexes: ['family_id', 'user_id'],
  });

  async function insert(userId: string, familyId: string): Promise<string> {
    const token = newSecretToken();
    const at = now().getTime();
    await tokens.insert({
      id: hashSecret(token),
      family_id: familyId,
      user_id: userId,
      created_at: at,
      expires_at: at + REFRESH_TTL_MS,
      used_at: null,
      revoked_at: null,
    });
    return token;
  }

  // The port has no update-many: each call marks one record, until none is left unmarked.
  async function revokeWhere(filter: Record<string, string>, keepFamilyId?: string): Promise<void> {
    const at = now().getTime();
    const where: Filter = { ...filter, revoked_at: null };
    if (keepFamilyId) where.family_id = { $ne: keepFamilyId };
    while (await tokens.updateOne(where, { set: { revoked_at: at } })) {
      // keep going
    }
  }

  // Revocation marks every record of the family, so a family is dead as soon as one of its records is revoked;
  // this also catches a token minted by a rotation that raced with the revocation.
  async function isFamilyLive(familyId: string): Promise<boolean> {
    return (await tokens.count({ family_id: familyId, revoked_at: { $ne: null } })) === 0;
  }

  return {
    async issue(userId) {
      const familyId = newId('ses');
      return { token: await insert(userId, familyId), familyId };
    },

    async rotate(token) {
      const id = hashSecret(token);
      const at = now().getTime();
      // The claim is atomic: of two concurrent refreshes with one token, only one gets past this line.
      const claimed = await tokens.updateOne(
        { id, used_at: null, revoked_at: null, expires_at: { $gt: at } },
        { set: { used_at: at } },
      );
      if (!claimed) {
        const record = await tokens.get(id);
        if (record?.used_at != null) {
          await revokeWhere({ family_id: record.family_id });
          throw new QuireError('refresh_token_reused');
        }
        throw new QuireError('invalid_refresh_token');
      }
      if (!(await isFamilyLive(claimed.family_id))) throw new QuireError('invalid_refresh_token');
      const next = await insert(claimed.user_id, claimed.family_id);
      return { token: next, familyId: claimed.family_id, userId: claimed.user_id };
    },

    async familyOf(token, userId) {
      const record = await tokens.get(hashSecret(token));
      return record && record.user_id === userId ? record.family_id : undefined;
    },

    isFamilyLive,

    revokeFamily: (familyId) => revokeWhere({ family_id: familyId }),

    revokeUser: (userId, keepFamilyId) => revokeWhere({ user_id: userId }, keepFamilyId),
  };
}
