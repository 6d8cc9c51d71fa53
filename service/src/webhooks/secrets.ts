import { randomBytes } from 'node:crypto';
import { newId } from '../crypto/ids';
import type { SecretBox } from '../crypto/secret-box';
import { DuplicateKeyError } from '../store/port';
import type { Keyring, TeamSigningSecret, WebhookCollections } from './model';

export const SECRET_PREFIX = 'whsec_';
/** How long a replaced secret keeps signing by default: a day to deploy the new one to the receivers. */
export const DEFAULT_OVERLAP_SECONDS = 24 * 60 * 60;
/** More rotations than this within the overlap drop the oldest secret early: a header stays a sensible size. */
const MAX_PREVIOUS = 4;

/** 256 random bits: `whsec_` and 43 base64url characters. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url');
}

/** A fresh keyring: the new secret in clear (to show once) and sealed (to store). */
export function freshKeyring(box: SecretBox): { secret: string; keyring: Keyring } {
  const secret = newWebhookSecret();
  return { secret, keyring: { secret: box.seal(secret), previousSecrets: [] } };
}

/**
 * The keyring after a rotation: a new current secret, and the old one signing along until `overlapSeconds` from
 * now (0 drops it at once, for a secret that leaked). Expired previous secrets are dropped on the way.
 */
export function rotatedKeyring(
  current: Keyring,
  box: SecretBox,
  at: Date,
  overlapSeconds: number,
): { secret: string; keyring: Keyring; previousExpiresAt: string | null } {
  const secret = newWebhookSecret();
  const live = current.previousSecrets.filter((p) => p.expiresAt > at.toISOString());
  const expiresAt = new Date(at.getTime() + overlapSeconds * 1000).toISOString();
  const previousSecrets = overlapSeconds > 0 ? [{ secret: current.secret, expiresAt }, ...live] : live;
  return {
    secret,
    keyring: { secret: box.seal(secret), previousSecrets: previousSecrets.slice(0, MAX_PREVIOUS) },
    previousExpiresAt: previousExpiry({ secret: '', previousSecrets }, at),
  };
}

/** The secrets a delivery is signed with now, current first: one `v1=` value each. */
export function signingSecrets(keyring: Keyring, box: SecretBox, at: Date): string[] {
  const live = keyring.previousSecrets.filter((p) => p.expiresAt > at.toISOString());
  return [keyring.secret, ...live.map((p) => p.secret)].map((sealed) => box.open(sealed));
}

/** When the last replaced secret stops signing, or null when none signs any more. */
export function previousExpiry(keyring: Keyring, at: Date): string | null {
  const live = keyring.previousSecrets.map((p) => p.expiresAt).filter((e) => e > at.toISOString());
  return live.length > 0 ? (live.sort().at(-1) as string) : null;
}

/**
 * The team's signing secret, made on first use (the first GET, or the first webhook_url delivery, whichever comes
 * first). Two first uses at once end with one secret: the second insert meets the unique teamId and reads it.
 */
export async function ensureTeamSecret(
  { teamSecrets }: Pick<WebhookCollections, 'teamSecrets'>,
  box: SecretBox,
  teamId: string,
  at: Date,
): Promise<{ record: TeamSigningSecret; created: boolean }> {
  const existing = await teamSecrets.findOne({ teamId });
  if (existing) return { record: existing, created: false };
  const { keyring } = freshKeyring(box);
  try {
    const record = await teamSecrets.insert({
      id: newId('wss'),
      teamId,
      ...keyring,
      createdAt: at.toISOString(),
      rotatedAt: null,
    });
    return { record, created: true };
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    const winner = await teamSecrets.findOne({ teamId });
    if (!winner) throw error;
    return { record: winner, created: false };
  }
}
