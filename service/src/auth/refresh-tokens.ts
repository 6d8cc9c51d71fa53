import { QuireError } from '@quire/core';
import { hashSecret, newId, newSecretToken } from '../crypto/ids';
import type { SecretBox } from '../crypto/secret-box';
import type { Filter, Store } from '../store/port';

/** A refresh token lives 30 days unless rotated sooner; each rotation starts a new 30 days. */
const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * For this long after a token was traded, presenting it again answers the token it was traded for, instead of
 * counting as reuse. Honest clients do present a token twice: two tabs of one browser refreshing at the same
 * moment with the one cookie they share, a page reloaded while its refresh was on the way (the answer, with its
 * new cookie, never arrived), a retry after a lost answer. Without the window each of these would look like theft
 * and end the session. Within it a thief gains nothing the owner does not also hold: both get the same successor,
 * one chain goes on, and the next trade by either makes the other's copy a reuse once the window has passed.
 */
export const REUSE_GRACE_MS = 10_000;

/** One issued refresh token. The id is the sha256 of the token: the token itself is never stored. */
interface RefreshTokenRecord {
  id: string;
  family_id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
  /**
   * The token this one was traded for, sealed (AES-GCM with a key of the server secret), so that a second
   * presentation within REUSE_GRACE_MS answers the same one. Older records have none.
   */
  successor?: string | null;
}

export interface RefreshTokens {
  /** Starts a new family (one login): returns the token and its family id. */
  issue(userId: string): Promise<{ token: string; familyId: string }>;
  /**
   * Trades a token for the next one of its family. A token already traded means it was copied: the whole family
   * is revoked (refresh_token_reused), so the thief's and the owner's newer tokens both stop working. Except within
   * REUSE_GRACE_MS of the trade, while its successor is unused: then the answer is that same successor.
   */
  rotate(token: string): Promise<{ token: string; familyId: string; userId: string }>;
  /**
   * The session of a token that could still be traded (unused, or within the grace window), else undefined. Signing
   * out with the cookie alone uses it: holding such a token is holding the session.
   */
  liveSession(token: string): Promise<{ familyId: string; userId: string } | undefined>;
  /** The family of a presented token, when it belongs to this user. */
  familyOf(token: string, userId: string): Promise<string | undefined>;
  isFamilyLive(familyId: string): Promise<boolean>;
  revokeFamily(familyId: string): Promise<void>;
  /** Revokes every family of the user, but the one kept (the session that asked, when it stays signed in). */
  revokeUser(userId: string, keepFamilyId?: string): Promise<void>;
}

/** `box` seals each token's successor for the grace window (see REUSE_GRACE_MS). */
export async function refreshTokens(store: Store, now: () => Date, box: SecretBox): Promise<RefreshTokens> {
  const tokens = await store.collection<RefreshTokenRecord>({
    name: 'refresh_tokens',
    indexes: ['family_id', 'user_id'],
  });

  async function insert(userId: string, familyId: string, token = newSecretToken()): Promise<string> {
    const at = now().getTime();
    await tokens.insert({
      id: hashSecret(token),
      family_id: familyId,
      user_id: userId,
      created_at: at,
      expires_at: at + REFRESH_TTL_MS,
      used_at: null,
      revoked_at: null,
      successor: null,
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

  /**
   * The successor of a token traded less than REUSE_GRACE_MS ago, while that successor is itself unused and its
   * family live; else undefined (and a second presentation is reuse).
   */
  async function graceSuccessor(id: string, at: number) {
    const record = await tokens.get(id);
    if (!record || record.used_at === null || record.revoked_at !== null || !record.successor) return undefined;
    if (at - record.used_at > REUSE_GRACE_MS) return undefined;
    let token: string;
    try {
      token = box.open(record.successor);
    } catch {
      // Sealed with another server secret: no grace, the usual reuse rule.
      return undefined;
    }
    const successor = await tokens.get(hashSecret(token));
    if (!successor || successor.used_at !== null || successor.revoked_at !== null || successor.expires_at <= at) {
      return undefined;
    }
    if (!(await isFamilyLive(record.family_id))) return undefined;
    return { token, familyId: record.family_id, userId: record.user_id };
  }

  return {
    async issue(userId) {
      const familyId = newId('ses');
      return { token: await insert(userId, familyId), familyId };
    },

    async rotate(token) {
      const id = hashSecret(token);
      const at = now().getTime();
      const record = await tokens.get(id);
      if (!record) throw new QuireError('invalid_refresh_token');
      let claimed: RefreshTokenRecord | undefined;
      const next = newSecretToken();
      if (record.used_at === null && record.revoked_at === null && record.expires_at > at) {
        // The successor exists before the claim names it: whoever reads the sealed successor of a claimed token
        // finds its record.
        await insert(record.user_id, record.family_id, next);
        // The claim is atomic: of two concurrent refreshes with one token, only one gets past this line.
        claimed = await tokens.updateOne(
          { id, used_at: null, revoked_at: null, expires_at: { $gt: at } },
          { set: { used_at: at, successor: box.seal(next) } },
        );
        if (!claimed) await tokens.deleteOne(hashSecret(next));
      }
      if (!claimed) {
        const again = await graceSuccessor(id, at);
        if (again) return again;
        const used = await tokens.get(id);
        if (used?.used_at != null) {
          await revokeWhere({ family_id: used.family_id });
          throw new QuireError('refresh_token_reused');
        }
        throw new QuireError('invalid_refresh_token');
      }
      if (!(await isFamilyLive(claimed.family_id))) throw new QuireError('invalid_refresh_token');
      return { token: next, familyId: claimed.family_id, userId: claimed.user_id };
    },

    async liveSession(token) {
      const id = hashSecret(token);
      const at = now().getTime();
      const record = await tokens.get(id);
      if (!record || record.revoked_at !== null || record.expires_at <= at) return undefined;
      if (record.used_at !== null && !(await graceSuccessor(id, at))) return undefined;
      if (!(await isFamilyLive(record.family_id))) return undefined;
      return { familyId: record.family_id, userId: record.user_id };
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
